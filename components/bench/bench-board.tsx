// /bench's board: the info and method lines, the table and its figure, the agreement with the arena, the topics the
// prompts were drawn from, and (staff only) the prompts themselves. The page reads the data and hands it here.
import Link from "next/link";
import { BenchTable } from "@/components/bench/bench-table";
import { RatingIntervalsFigure } from "@/components/charts/rating-intervals";
import { Scatter } from "@/components/charts/scatter";
import { LocalTime } from "@/components/local-time";
import { EmptyPanel } from "@/components/page-heading";
import type { benchBoard, benchItemList } from "@/lib/bench";
import type { Translate } from "@/lib/i18n/client";

const pct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : "—");

/** How the board's scores were computed, in the reader's words (lib/bench's benchMethodLabel is the CLI's). */
const methodText = (method: string, t: Translate) =>
  method === "arena-hard-v2" ? t("bench.methodV2") : t("bench.methodV01");

export function BenchBoardView({
  shown,
  staff,
  items,
  t,
}: {
  shown: Awaited<ReturnType<typeof benchBoard>>;
  staff: boolean;
  items: Awaited<ReturnType<typeof benchItemList>>;
  t: Translate;
}) {
  const board = shown?.board ?? null;
  return (
    <>
      {!board ? (
        <EmptyPanel>
          {shown ? t("bench.computing", { set: shown.selection.set, anchor: shown.selection.anchor }) : t("bench.none")}
        </EmptyPanel>
      ) : (
        <>
          <p className="text-xs muted" data-testid="bench-info">
            {board.selection.set} · {t("bench.prompts", { count: board.items })} ·{" "}
            {t("bench.anchor", { name: board.displayNames[board.selection.anchor] ?? board.selection.anchor })} ·{" "}
            {t("bench.judge", { name: board.selection.judge })} · {t("bench.judgments", { count: board.judgedGames })}
            {board.costUsd !== null ? ` · ${t("bench.cost", { cost: board.costUsd.toFixed(2) })}` : ""}
            {board.pending ? ` · ${t("bench.pending", { count: board.pending })}` : ""}
            {board.published ? ` · ${t("bench.published")}` : ""} · {t("bench.scored")}{" "}
            <LocalTime iso={new Date(board.computedAt).toISOString()} />
          </p>
          <p className="text-xs muted" data-testid="bench-method">
            {t("bench.method", {
              method: methodText(board.score.method ?? "arena-hard-v0.1", t),
            })}
          </p>
          <BenchTable score={board.score} styled={board.styled} names={board.displayNames} t={t} />
          <RatingIntervalsFigure
            title={t("bench.figure")}
            digits={1}
            rows={board.score.models.map((m) => ({
              label: board.displayNames[m.model] ?? m.model,
              rating: m.score,
              lower: m.ci[0],
              upper: m.ci[1],
            }))}
          />
          {board.styled && (
            <p className="text-xs muted">
              {t("bench.style", {
                coefficients: Object.entries(board.styled.coefficients)
                  .map(([k, v]) => `${k.replace("_", " ")} ${Number(v).toFixed(3)}`)
                  .join(", "),
              })}
            </p>
          )}
          <section className="space-y-3" aria-labelledby="agreement">
            <h2 id="agreement" className="text-lg font-semibold">
              {t("bench.agreementTitle")}
            </h2>
            {!board.agreement ? (
              <p className="text-sm muted">{t("bench.agreementNeeds")}</p>
            ) : (
              <>
                <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="agreement">
                  {[
                    [t("bench.spearman"), pct(board.agreement.spearman)],
                    [t("bench.kendall"), pct(board.agreement.kendallTau)],
                    [
                      t("bench.confident"),
                      t("bench.ofPairs", {
                        value: pct(board.agreement.agreementWithConfidence),
                        count: board.agreement.confidentPairs,
                      }),
                    ],
                    [t("bench.separability"), pct(board.agreement.separability.second)],
                    [t("bench.brier"), Number.isFinite(board.agreement.brier) ? board.agreement.brier.toFixed(3) : "—"],
                    [t("bench.shared"), String(board.agreement.models.length)],
                  ].map(([label, value]) => (
                    <div
                      key={label}
                      className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
                    >
                      <dt className="text-xs muted">{label}</dt>
                      <dd className="font-semibold tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
                <Scatter
                  title={t("bench.scatter")}
                  xLabel={t("bench.arenaAxis")}
                  yLabel={t("bench.benchAxis")}
                  points={board.agreement.points.map((p) => ({
                    label: board.displayNames[p.model] ?? p.model,
                    x: Math.round(p.arena),
                    y: p.bench,
                  }))}
                />
              </>
            )}
          </section>
          {board.topics.length > 0 && (
            <section className="space-y-2" aria-labelledby="topics">
              <h2 id="topics" className="text-lg font-semibold">
                {t("bench.topicsTitle")}
              </h2>
              <ul className="grid gap-2 sm:grid-cols-2" data-testid="topics">
                {board.topics.map((topic) => (
                  <li
                    key={topic.id}
                    className="rounded-lg border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
                  >
                    <p className="font-medium">{topic.label}</p>
                    <p className="text-xs muted">
                      {t("bench.topicPrompts", { selected: topic.selected, size: topic.size })}
                    </p>
                    <ul className="mt-1 list-disc pl-4 text-xs muted">
                      {topic.examples.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {staff && (
            <section className="space-y-2" aria-labelledby="items">
              <h2 id="items" className="text-lg font-semibold">
                {t("bench.staffPrompts")} <span className="text-xs font-normal muted">{t("bench.staffOnly")}</span>
              </h2>
              <ol className="max-h-96 list-decimal space-y-1 overflow-y-auto pl-6 text-sm">
                {items.map((item) => (
                  <li key={item.questionId}>
                    <Link href={`/bench/items/${encodeURIComponent(item.questionId)}`} className="underline">
                      {((item.turns as { content: string }[])[0]?.content ?? "").slice(0, 120)}
                    </Link>
                    {item.category ? <span className="ml-2 text-xs muted">{item.category}</span> : null}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {board.score.warnings.length > 0 && (
            <ul className="list-disc pl-5 text-xs muted">
              {board.score.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
