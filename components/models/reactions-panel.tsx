// The model page's reactions: what visitors said went wrong in its answers after they voted (lib/arena/reactions.ts),
// overall and per category, and beside them its worst categories on the ground-truth benchmarks where it has any.
import { localCategoryLabel } from "@/lib/categories";
import type { Translate } from "@/lib/i18n/client";
import { Card, DataTable } from "../data-table";

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

export function ReactionsPanel({ reactions, errors, reasons, t }: ReactionsPanelProps) {
  const given = reasons.filter((r) => (reactions.total[r] ?? 0) > 0);
  if (given.length === 0 && errors.length === 0) return null;
  const categories = Object.entries(reactions.byCategory).sort(
    ([, x], [, y]) =>
      Object.values(y).reduce<number>((a, b) => a + (b ?? 0), 0) -
      Object.values(x).reduce<number>((a, b) => a + (b ?? 0), 0),
  );
  const busiest = categories.slice(0, 3);
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="model-reactions">
      {given.length > 0 && (
        <Card title={t("modelPage.reactions")} note={t("modelPage.reactionsNote", { count: reactions.votedAnswers })}>
          <DataTable
            label={t("modelPage.reactions")}
            rows={given}
            rowKey={(reason) => reason}
            compact
            columns={[
              { header: t("modelPage.reason"), cell: (reason) => t(`reactions.${reason}`) },
              { header: t("modelPage.times"), numeric: true, cell: (reason) => reactions.total[reason] },
              ...busiest.map(([category, counts]) => ({
                header: localCategoryLabel(category, t),
                numeric: true,
                cell: (reason: string) => counts[reason] ?? 0,
              })),
            ]}
          />
        </Card>
      )}
      {errors.length > 0 && (
        <Card title={t("modelPage.benchmarkErrors")} note={t("modelPage.benchmarkErrorsNote")}>
          <DataTable
            label={t("modelPage.benchmarkErrors")}
            rows={errors}
            rowKey={(e) => `${e.benchmark}/${e.key}/${e.value}`}
            compact
            columns={[
              { header: t("modelPage.benchmark"), cell: (e) => e.benchmark },
              { header: t("modelPage.errorCategory"), cell: (e) => e.value },
              {
                header: t("modelPage.errorRate"),
                numeric: true,
                cell: (e) => (
                  <>
                    {percent(e.errors.accuracy)}{" "}
                    <span className="text-xs muted">
                      [{percent(e.errors.ci[0])}, {percent(e.errors.ci[1])}] · {e.errors.correct}/{e.errors.total}
                    </span>
                  </>
                ),
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
