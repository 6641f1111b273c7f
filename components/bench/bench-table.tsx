// The bench leaderboard as arena-hard-auto prints it — score (win rate against the anchor, %), its 95% interval,
// average answer tokens — plus the style-controlled score and the verdict counts from the candidate's side.

import { ColumnHeads } from "@/components/column-heads";
import { ScrollBox } from "@/components/scroll-box";
import type { BenchScore, StyleScoreResult } from "@/lib/bench";
import type { Translate } from "@/lib/i18n/client";

const signed = (v: number) => `${v >= 0 ? "+" : "−"}${Math.abs(v).toFixed(1)}`;

export function BenchTable({
  score,
  styled,
  names,
  t,
}: {
  score: BenchScore;
  styled: StyleScoreResult | null;
  names: Record<string, string>;
  t: Translate;
}) {
  const styleBy = new Map(styled?.models.map((m) => [m.model, m]) ?? []);
  return (
    <ScrollBox
      label={t("bench.tableLabel")}
      className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <table className="w-full min-w-[640px] text-sm" data-testid="bench-table">
        <caption className="sr-only">{t("bench.tableCaption")}</caption>
        <ColumnHeads
          columns={[
            { label: t("bench.rank") },
            { label: t("bench.model") },
            { label: t("bench.score"), right: true },
            { label: t("bench.ci"), right: true },
            ...(styled ? [{ label: t("bench.styled"), right: true }] : []),
            { label: t("bench.avgTokens"), right: true },
            { label: <span title={t("bench.verdictsHint")}>{t("bench.verdicts")}</span>, right: true },
            { label: t("bench.invalid"), right: true },
          ]}
        />
        <tbody>
          {score.models.map((m, i) => {
            const s = styleBy.get(m.model);
            const anchor = m.model === score.baseline;
            const c = m.counts;
            return (
              <tr key={m.model} data-model={m.model} className="border-t border-zinc-200 dark:border-zinc-800">
                <td className="px-3 py-1.5 tabular-nums">{i + 1}</td>
                <td className="px-3 py-1.5 font-medium">
                  {names[m.model] ?? m.model}
                  {anchor && <span className="ml-2 text-xs font-normal muted">{t("bench.anchorTag")}</span>}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{m.score.toFixed(1)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums muted">
                  {anchor ? "—" : `${signed(m.ci[0] - m.score)} / ${signed(m.ci[1] - m.score)}`}
                </td>
                {styled && (
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {s ? `${s.score.toFixed(1)} (${s.ci[0].toFixed(1)}–${s.ci[1].toFixed(1)})` : "—"}
                  </td>
                )}
                <td className="px-3 py-1.5 text-right tabular-nums">{m.avg_tokens ?? "—"}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">
                  {anchor ? "—" : `${c.much_better} / ${c.better} / ${c.tie} / ${c.worse} / ${c.much_worse}`}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{anchor ? "—" : c.invalid}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
