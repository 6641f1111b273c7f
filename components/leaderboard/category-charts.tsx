// The paper's cross-category figures from one run's summary: ranks per category (Fig. 7), rank change under style
// control (Fig. 8), style coefficients per category (Fig. 6), category distribution (Fig. 5) and the share of
// "both are bad" votes (Table 2).
import { BarChart } from "@/components/charts/bar-chart";
import { Heatmap } from "@/components/charts/heatmap";
import { categoryLabel } from "@/lib/categories/names";
import {
  CHART_MODELS,
  categoryRanks,
  categoryStats,
  FEW_VOTES,
  styleCoefficientsByCategory,
  styleRankChanges,
} from "@/lib/leaderboard/analysis";
import type { CategorySummary, SnapshotModel } from "@/lib/leaderboard/serve";

const FEATURE_LABELS: Record<string, string> = { tokens: "length", headers: "headers", lists: "lists", bold: "bold" };

export function CategoryCharts({ summary, models }: { summary: CategorySummary[]; models: SnapshotModel[] }) {
  const shown = models.slice(0, CHART_MODELS);
  const ids = shown.map((m) => m.model);
  const names = shown.map((m) => m.displayName);
  const top = models.length > shown.length ? ` The top ${shown.length} of ${models.length} models.` : "";
  const ranks = categoryRanks(summary, ids);
  const changes = styleRankChanges(summary, ids);
  const coefficients = styleCoefficientsByCategory(summary);
  const stats = categoryStats(summary);
  const maxRank = Math.max(1, ...ranks.values.flat().filter((v): v is number => v !== null));
  const maxChange = Math.max(1, ...changes.values.flat().map((v) => Math.abs(v ?? 0)));
  const maxCoefficient = Math.max(1e-9, ...coefficients.values.flat().map((v) => Math.abs(v ?? 0)));
  const few = `* fewer than ${FEW_VOTES} votes in the category.${top}`;
  return (
    <section className="space-y-4" aria-label="Categories">
      <h2 className="text-lg font-semibold">Across categories</h2>
      {ranks.columns.length > 1 && (
        <Heatmap
          title="Rank (UB) of every model in every category"
          labels={names}
          columns={ranks.columns.map(categoryLabel)}
          values={ranks.values}
          marks={ranks.few}
          format={(v) => String(v)}
          scale={(v) => 1 - (v - 1) / Math.max(1, maxRank - 1)}
          palette="sequential"
          note={few}
        />
      )}
      {changes.columns.length > 0 && (
        <Heatmap
          title="Places gained (+) or lost (−) under style control"
          labels={names}
          columns={changes.columns.map(categoryLabel)}
          values={changes.values}
          marks={changes.few}
          format={(v) => (v > 0 ? `+${v}` : String(v))}
          scale={(v) => 0.5 + v / (2 * maxChange)}
          note={few}
        />
      )}
      {coefficients.categories.length > 0 && (
        <Heatmap
          title="Style coefficients per category (effect on preference; positive: users prefer more)"
          labels={coefficients.categories.map(categoryLabel)}
          columns={coefficients.features.map((f) => FEATURE_LABELS[f] ?? f)}
          values={coefficients.values}
          format={(v) => v.toFixed(3)}
          scale={(v) => 0.5 + v / (2 * maxCoefficient)}
        />
      )}
      {stats.length > 0 && (
        <div className="grid gap-4 lg:grid-cols-2">
          <BarChart
            title="Battles per category"
            rows={stats.map((s) => ({ label: categoryLabel(s.category), value: s.battles }))}
            format={(v) =>
              `${v} (${((100 * v) / Math.max(1, summary.find((c) => c.category === "overall")?.battles ?? 1)).toFixed(1)}%)`
            }
            note="Categories overlap: a battle can be in several."
          />
          <BarChart
            title="Share of “both are bad” votes per category"
            rows={stats.map((s) => ({ label: categoryLabel(s.category), value: s.bothBadShare }))}
            format={(v) => `${(100 * v).toFixed(1)}%`}
          />
        </div>
      )}
    </section>
  );
}
