// The model page's reactions: what visitors said went wrong in its answers after they voted (lib/arena/reactions.ts),
// overall and per category, and beside them its worst categories on the ground-truth benchmarks where it has any.
import { localCategoryLabel } from "@/lib/categories";
import type { Translate } from "@/lib/i18n/client";
import { Table } from "../table";

type Counts = Partial<Record<string, number>>;

export interface ReactionsPanelProps {
  reactions: { total: Counts; byCategory: Record<string, Counts>; votedAnswers: number };
  errors: {
    benchmark: string;
    key: string;
    value: string;
    errors: { correct: number; total: number; accuracy: number; ci: [number, number] };
  }[];
  reasons: readonly string[];
  t: Translate;
}

const percent = (v: number) => `${(100 * v).toFixed(0)}%`;
const card = "min-w-0 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900";

export function ReactionsPanel({ reactions, errors, reasons, t }: ReactionsPanelProps) {
  const given = reasons.filter((r) => (reactions.total[r] ?? 0) > 0);
  if (given.length === 0 && errors.length === 0) return null;
  const categories = Object.entries(reactions.byCategory).sort(
    ([, x], [, y]) =>
      Object.values(y).reduce<number>((a, b) => a + (b ?? 0), 0) -
      Object.values(x).reduce<number>((a, b) => a + (b ?? 0), 0),
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="model-reactions">
      {given.length > 0 && (
        <section className={card}>
          <h2 className="mb-1 text-sm font-medium">{t("modelPage.reactions")}</h2>
          <p className="mb-2 text-xs muted">{t("modelPage.reactionsNote", { count: reactions.votedAnswers })}</p>
          <Table aria-label={t("modelPage.reactions")}>
            <thead className="text-left text-xs uppercase muted">
              <tr>
                <th className="py-1">{t("modelPage.reason")}</th>
                <th className="py-1 text-right">{t("modelPage.times")}</th>
                {categories.slice(0, 3).map(([category]) => (
                  <th key={category} className="py-1 text-right">
                    {localCategoryLabel(category, t)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {given.map((reason) => (
                <tr key={reason} className="border-t border-zinc-100 dark:border-zinc-800">
                  <td className="py-1">{t(`reactions.${reason}`)}</td>
                  <td className="py-1 text-right tabular-nums">{reactions.total[reason]}</td>
                  {categories.slice(0, 3).map(([category, counts]) => (
                    <td key={category} className="py-1 text-right tabular-nums">
                      {counts[reason] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
      {errors.length > 0 && (
        <section className={card}>
          <h2 className="mb-1 text-sm font-medium">{t("modelPage.benchmarkErrors")}</h2>
          <p className="mb-2 text-xs muted">{t("modelPage.benchmarkErrorsNote")}</p>
          <Table aria-label={t("modelPage.benchmarkErrors")}>
            <thead className="text-left text-xs uppercase muted">
              <tr>
                <th className="py-1">{t("modelPage.benchmark")}</th>
                <th className="py-1">{t("modelPage.errorCategory")}</th>
                <th className="py-1 text-right">{t("modelPage.errorRate")}</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e) => (
                <tr
                  key={`${e.benchmark}/${e.key}/${e.value}`}
                  className="border-t border-zinc-100 dark:border-zinc-800"
                >
                  <td className="py-1">{e.benchmark}</td>
                  <td className="py-1">{e.value}</td>
                  <td className="py-1 text-right tabular-nums">
                    {percent(e.errors.accuracy)}{" "}
                    <span className="text-xs muted">
                      [{percent(e.errors.ci[0])}, {percent(e.errors.ci[1])}] · {e.errors.correct}/{e.errors.total}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </div>
  );
}
