// The rest of a benchmark's section on /benchmarks: accuracy with intervals as a figure, IsoBench's modality gap,
// paired differences between models, accuracy by metadata key, and the correlation with the arena.
import { RatingIntervalsFigure } from "@/components/charts/rating-intervals";
import { Scatter } from "@/components/charts/scatter";
import { ScrollBox } from "@/components/scroll-box";
import type { BenchmarkBoard } from "@/lib/benchmarks";
import { NAMES, pct, SOURCES } from "./names";

type Props = BenchmarkBoard;

export function AccuracyFigure({ benchmark, report }: Props) {
  return (
    <RatingIntervalsFigure
      title={`${NAMES[benchmark] ?? benchmark}: accuracy (%) with 95% Wilson intervals`}
      digits={1}
      rows={report.models.map((m) => ({
        label: `${m.source === "native" ? m.model : `${m.model} (${SOURCES[m.source] ?? m.source})`} · ${m.set}`,
        rating: m.overall.accuracy * 100,
        lower: m.overall.ci[0] * 100,
        upper: m.overall.ci[1] * 100,
      }))}
    />
  );
}

export function ModalityGaps({ gaps }: Props) {
  if (gaps.length === 0) return null;
  return (
    <div className="space-y-1" data-testid="modality-gap">
      <h3 className="font-semibold">Modality gap (best text representation − image)</h3>
      <RatingIntervalsFigure
        title="Modality gap in accuracy points, with 95% paired bootstrap intervals"
        digits={1}
        rows={gaps.map(({ model, gap }) => ({
          label: model,
          rating: gap.gap * 100,
          lower: gap.ci[0] * 100,
          upper: gap.ci[1] * 100,
        }))}
      />
      <ul className="text-sm">
        {gaps.map(({ model, gap }) => (
          <li key={model}>
            {model}: {gap.gap >= 0 ? "+" : ""}
            {(gap.gap * 100).toFixed(1)} points (95% CI {(gap.ci[0] * 100).toFixed(1)} to {(gap.ci[1] * 100).toFixed(1)}
            ) over {gap.pairs} items — image {pct(gap.image)}, text {pct(gap.text)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PairedDifferences({ report }: Props) {
  if (report.differences.length === 0) return null;
  return (
    <details className="text-sm">
      <summary>Differences between models on the same items (paired bootstrap, 95%)</summary>
      <ul className="mt-1 list-disc pl-5">
        {report.differences.map((d) => (
          <li key={`${d.a}-${d.b}`}>
            {d.a} − {d.b}: {(d.difference * 100).toFixed(1)} points ({(d.ci[0] * 100).toFixed(1)} to{" "}
            {(d.ci[1] * 100).toFixed(1)}) over {d.items} items
          </li>
        ))}
      </ul>
    </details>
  );
}

export function AccuracyByKey({ report }: Props) {
  const first = report.models[0];
  if (!first || Object.keys(first.byKey).length === 0) return null;
  return (
    <details className="text-sm">
      <summary>Accuracy by metadata key</summary>
      {Object.keys(first.byKey).map((key) => (
        <ScrollBox key={key} label={`Accuracy by ${key.replace("_", " ")}`} className="mt-2">
          <h4 className="font-medium">{key.replace("_", " ")}</h4>
          <table className="min-w-[420px] text-xs">
            <thead className="text-left text-zinc-600 dark:text-zinc-400">
              <tr>
                <th scope="col" className="pr-3">
                  Value
                </th>
                {report.models.map((m) => (
                  <th key={m.runId} scope="col" className="pr-3 text-right">
                    {m.model}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Object.keys(first.byKey[key] ?? {}).map((value) => (
                <tr key={value}>
                  <td className="pr-3">{value}</td>
                  {report.models.map((m) => {
                    const t = m.byKey[key]?.[value];
                    return (
                      <td key={m.runId} className="pr-3 text-right tabular-nums">
                        {t ? `${pct(t.accuracy)} (${t.correct}/${t.total})` : "—"}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ))}
    </details>
  );
}

export function ArenaCorrelation({ benchmark, report }: Props) {
  return report.arena.length > 0 ? (
    <>
      <ul className="text-sm" data-testid="arena-correlation">
        {report.arena.map((a) => (
          <li key={a.category}>
            Beside the arena ({a.category}): Spearman {a.spearman.toFixed(2)} (95% CI {a.ci[0].toFixed(2)} to{" "}
            {a.ci[1].toFixed(2)}) over {a.models} models.
          </li>
        ))}
      </ul>
      <Scatter
        title={`${NAMES[benchmark] ?? benchmark} accuracy against arena rating`}
        xLabel="Arena rating (overall)"
        yLabel="Accuracy (%)"
        points={report.models
          .filter((m) => m.arenaRating !== undefined)
          .map((m) => ({
            label: m.model,
            x: Math.round(m.arenaRating as number),
            y: m.overall.accuracy * 100,
          }))}
      />
    </>
  ) : (
    <p className="text-xs text-zinc-600 dark:text-zinc-400">
      The correlation with the arena needs at least three models that are on both the leaderboard and this benchmark.
    </p>
  );
}
