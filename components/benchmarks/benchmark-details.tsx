// The rest of a benchmark's section on /benchmarks: accuracy with intervals as a figure, IsoBench's modality gap,
// paired differences between models, accuracy by metadata key, and the correlation with the arena.
import { RatingIntervalsFigure } from "@/components/charts/rating-intervals";
import { Scatter } from "@/components/charts/scatter";
import { MatrixTable } from "@/components/data-table";
import { ScrollBox } from "@/components/scroll-box";
import type { BenchmarkBoard } from "@/lib/benchmarks";
import { benchmarkTitle } from "@/lib/benchmarks";
import type { Translate } from "@/lib/i18n/client";
import { pct, SOURCES } from "./names";

type Props = BenchmarkBoard & { t: Translate };

const points = (v: number) => (v * 100).toFixed(1);

export function AccuracyFigure({ benchmark, report, t }: Props) {
  return (
    <RatingIntervalsFigure
      title={t("benchmarks.figure", { benchmark: benchmarkTitle(benchmark) })}
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

export function ModalityGaps({ gaps, t }: Props) {
  if (gaps.length === 0) return null;
  return (
    <div className="space-y-1" data-testid="modality-gap">
      <h3 className="font-semibold">{t("benchmarks.gapTitle")}</h3>
      <RatingIntervalsFigure
        title={t("benchmarks.gapFigure")}
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
            {t("benchmarks.gapLine", {
              model,
              gap: `${gap.gap >= 0 ? "+" : ""}${points(gap.gap)}`,
              low: points(gap.ci[0]),
              high: points(gap.ci[1]),
              items: gap.pairs,
              image: pct(gap.image),
              text: pct(gap.text),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PairedDifferences({ report, t }: Props) {
  if (report.differences.length === 0) return null;
  return (
    <details className="text-sm">
      <summary>{t("benchmarks.differences")}</summary>
      <ul className="mt-1 list-disc pl-5">
        {report.differences.map((d) => (
          <li key={`${d.a}-${d.b}`}>
            {t("benchmarks.differenceLine", {
              a: d.a,
              b: d.b,
              difference: points(d.difference),
              low: points(d.ci[0]),
              high: points(d.ci[1]),
              items: d.items,
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function AccuracyByKey({ report, t }: Props) {
  const first = report.models[0];
  if (!first || Object.keys(first.byKey).length === 0) return null;
  return (
    <details className="text-sm">
      <summary>{t("benchmarks.byKey")}</summary>
      {Object.keys(first.byKey).map((key) => (
        <ScrollBox key={key} label={t("benchmarks.byKeyLabel", { key: key.replace("_", " ") })} className="mt-2">
          <h4 className="font-medium">{key.replace("_", " ")}</h4>
          <MatrixTable
            className="min-w-[420px] text-xs"
            headClassName="muted"
            corner={t("benchmarks.value")}
            rows={Object.keys(first.byKey[key] ?? {})}
            rowKey={(value) => value}
            rowHead={(value) => value}
            columns={report.models}
            columnKey={(m) => m.runId}
            columnHead={(m) => m.model}
            cell={(value, m) => {
              const tally = m.byKey[key]?.[value];
              return tally ? `${pct(tally.accuracy)} (${tally.correct}/${tally.total})` : "—";
            }}
          />
        </ScrollBox>
      ))}
    </details>
  );
}

export function ArenaCorrelation({ benchmark, report, t }: Props) {
  return report.arena.length > 0 ? (
    <>
      <ul className="text-sm" data-testid="arena-correlation">
        {report.arena.map((a) => (
          <li key={a.category}>
            {t("benchmarks.correlation", {
              category: a.category,
              rho: a.spearman.toFixed(2),
              low: a.ci[0].toFixed(2),
              high: a.ci[1].toFixed(2),
              models: a.models,
            })}
          </li>
        ))}
      </ul>
      <Scatter
        title={t("benchmarks.scatter", { benchmark: benchmarkTitle(benchmark) })}
        xLabel={t("benchmarks.arenaAxis")}
        yLabel={t("benchmarks.accuracyAxis")}
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
    <p className="text-xs muted">{t("benchmarks.correlationNeeds")}</p>
  );
}
