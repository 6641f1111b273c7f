// A benchmark's accuracy per model on /benchmarks: each model's newest native run and its newest run from each
// toolkit's predictions, with Wilson intervals, the toolkit's own figure and the arena rating.
import Link from "next/link";
import { ColumnHeads } from "@/components/column-heads";
import { ScrollBox } from "@/components/scroll-box";
import type { BenchmarkBoard } from "@/lib/benchmarks";
import { benchmarkTitle } from "@/lib/benchmarks";
import type { Translate } from "@/lib/i18n/client";
import { pct, SOURCES } from "./names";

export function AccuracyTable({
  benchmark,
  report,
  staff,
  t,
}: {
  benchmark: string;
  report: BenchmarkBoard["report"];
  staff: boolean;
  t: Translate;
}) {
  const name = benchmarkTitle(benchmark);
  return (
    <ScrollBox
      label={t("benchmarks.accuracyLabel", { benchmark: name })}
      className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <table className="w-full min-w-[520px] text-sm" data-testid={`benchmark-${benchmark}`}>
        <caption className="sr-only">{t("benchmarks.accuracyCaption", { benchmark: name })}</caption>
        <ColumnHeads
          columns={[
            { label: t("benchmarks.model") },
            { label: t("benchmarks.set") },
            { label: t("benchmarks.accuracy"), right: true },
            { label: t("benchmarks.ci"), right: true },
            { label: t("benchmarks.items"), right: true },
            { label: t("benchmarks.toolkit"), right: true },
            { label: t("benchmarks.arena"), right: true },
            ...(staff ? [{ label: "" }] : []),
          ]}
        />
        <tbody>
          {report.models.map((m) => (
            <tr key={m.runId} data-model={m.model} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="px-3 py-1.5 font-medium">
                {m.model}
                {m.source !== "native" && (
                  <span className="ml-2 text-xs font-normal muted">
                    {t("benchmarks.predictions", { source: SOURCES[m.source] ?? m.source })}
                  </span>
                )}
              </td>
              <td className="px-3 py-1.5 text-xs muted">{m.set}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{pct(m.overall.accuracy)}</td>
              <td className="px-3 py-1.5 text-right tabular-nums muted">
                {pct(m.overall.ci[0])}–{pct(m.overall.ci[1])}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{m.overall.total}</td>
              <td className="px-3 py-1.5 text-right tabular-nums muted">
                {m.reported ? pct(m.reported.accuracy) : "—"}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">
                {m.arenaRating !== undefined ? Math.round(m.arenaRating) : "—"}
              </td>
              {staff && (
                <td className="px-3 py-1.5 text-right">
                  <Link href={`/benchmarks/runs/${m.runId}`} className="underline">
                    {t("benchmarks.items")}
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
