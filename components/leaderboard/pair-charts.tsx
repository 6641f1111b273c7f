// Model × model charts of one board: observed win fractions, battle counts, predicted win rates. Only the top
// models are drawn (as LMArena does): a 60 × 60 grid is unreadable and makes the page several megabytes.
import { Heatmap } from "@/components/charts/heatmap";
import { CHART_MODELS, predictedWinRates } from "@/lib/leaderboard/analysis";
import type { SnapshotPayload } from "@/lib/leaderboard/serve";

export function PairCharts({ payload }: { payload: SnapshotPayload }) {
  const shown = payload.models.slice(0, CHART_MODELS);
  const labels = shown.map((m) => m.displayName);
  const crop = <T,>(matrix: T[][]) => matrix.slice(0, shown.length).map((row) => row.slice(0, shown.length));
  const note =
    payload.models.length > shown.length ? `The top ${shown.length} of ${payload.models.length} models.` : undefined;
  const battles = payload.matrices ? crop(payload.matrices.battles) : [];
  const mostBattles = Math.max(1, ...battles.flat());
  return (
    <>
      {payload.matrices && (
        <div className="grid gap-4 lg:grid-cols-2">
          <Heatmap
            title="Win fraction of the row model against the column model (decisive battles)"
            labels={labels}
            values={crop(payload.matrices.winFraction)}
            format={(v) => v.toFixed(2)}
            scale={(v) => v}
            note={note}
          />
          <Heatmap
            title="Battles per pair of models"
            labels={labels}
            values={battles}
            format={(v) => String(v)}
            scale={(v) => Math.min(1, v / mostBattles)}
            palette="sequential"
            note={note}
          />
        </div>
      )}
      <Heatmap
        title="Predicted win rate of the row model against the column model (from the Arena Scores)"
        labels={labels}
        values={predictedWinRates(shown)}
        format={(v) => v.toFixed(2)}
        scale={(v) => v}
        note={note}
      />
    </>
  );
}
