import type { Metadata } from "next";
import Link from "next/link";
import { BenchTable } from "@/components/bench/bench-table";
import { RatingIntervalsFigure } from "@/components/charts/rating-intervals";
import { Scatter } from "@/components/charts/scatter";
import { LocalTime } from "@/components/local-time";
import { signedInUser } from "@/lib/auth/session";
import { benchBoard, benchItemList, benchMethodLabel } from "@/lib/bench";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "VisionArena-Bench" };

const pct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : "—");

export default async function BenchPage() {
  const db = getDb();
  const [shown, user] = await Promise.all([benchBoard(db), signedInUser()]);
  const board = shown?.board ?? null;
  const staff = user?.role === "admin" || user?.role === "researcher";
  const items = staff && board ? await benchItemList(db) : [];
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">VisionArena-Bench</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          An offline benchmark that predicts the arena: real prompts from our battles, each candidate&apos;s answer
          judged against a fixed anchor&apos;s by a judge model, twice with the positions swapped. Score is the
          predicted win rate against the anchor (%), with a 95% bootstrap interval.
        </p>
      </div>
      {!board ? (
        <p className="rounded-lg border border-zinc-200 bg-white p-6 text-sm text-zinc-600 dark:text-zinc-400 dark:border-zinc-800 dark:bg-zinc-900">
          {shown
            ? `The scores of ${shown.selection.set} against ${shown.selection.anchor} are being computed; they appear here in a moment.`
            : "No benchmark has been judged yet. Staff curate prompts, run models and judge them from the console."}
        </p>
      ) : (
        <>
          <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="bench-info">
            {board.selection.set} · {board.items} prompts · anchor{" "}
            {board.displayNames[board.selection.anchor] ?? board.selection.anchor} · judge {board.selection.judge} ·{" "}
            {board.judgedGames} judgments
            {board.costUsd !== null ? ` · judging cost $${board.costUsd.toFixed(2)}` : ""}
            {board.pending ? ` · ${board.pending} prompts still being judged` : ""}
            {board.published ? " · published" : ""} · scored{" "}
            <LocalTime iso={new Date(board.computedAt).toISOString()} />
          </p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="bench-method">
            Method: {benchMethodLabel({ method: board.score.method ?? "arena-hard-v0.1" })}
          </p>
          <BenchTable score={board.score} styled={board.styled} names={board.displayNames} />
          <RatingIntervalsFigure
            title="Score (win rate against the anchor, %) with 95% intervals"
            digits={1}
            rows={board.score.models.map((m) => ({
              label: board.displayNames[m.model] ?? m.model,
              rating: m.score,
              lower: m.ci[0],
              upper: m.ci[1],
            }))}
          />
          {board.styled && (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              Style control (arena-hard-auto v2: length and markdown density against the anchor) — coefficients:{" "}
              {Object.entries(board.styled.coefficients)
                .map(([k, v]) => `${k.replace("_", " ")} ${Number(v).toFixed(3)}`)
                .join(", ")}
              .
            </p>
          )}
          <section className="space-y-3" aria-labelledby="agreement">
            <h2 id="agreement" className="text-lg font-semibold">
              Agreement with the arena
            </h2>
            {!board.agreement ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                Agreement needs a live leaderboard with at least two of the bench&apos;s models.
              </p>
            ) : (
              <>
                <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="agreement">
                  {[
                    ["Spearman", pct(board.agreement.spearman)],
                    ["Kendall τ-b", pct(board.agreement.kendallTau)],
                    [
                      "Agreement with confidence",
                      `${pct(board.agreement.agreementWithConfidence)} of ${board.agreement.confidentPairs} pairs`,
                    ],
                    ["Separability (bench)", pct(board.agreement.separability.second)],
                    [
                      "Pair-rank Brier",
                      Number.isFinite(board.agreement.brier) ? board.agreement.brier.toFixed(3) : "—",
                    ],
                    ["Shared models", String(board.agreement.models.length)],
                  ].map(([label, value]) => (
                    <div
                      key={label}
                      className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
                    >
                      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
                      <dd className="font-semibold tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
                <Scatter
                  title="Bench score against arena rating"
                  xLabel="Arena rating (overall)"
                  yLabel="Bench score (%)"
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
                Topics
              </h2>
              <ul className="grid gap-2 sm:grid-cols-2" data-testid="topics">
                {board.topics.map((t) => (
                  <li
                    key={t.id}
                    className="rounded-lg border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
                  >
                    <p className="font-medium">{t.label}</p>
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">
                      {t.selected} prompts of {t.size} in the pool
                    </p>
                    <ul className="mt-1 list-disc pl-4 text-xs text-zinc-600 dark:text-zinc-400">
                      {t.examples.map((e) => (
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
                Prompts <span className="text-xs font-normal text-zinc-600 dark:text-zinc-400">(staff only)</span>
              </h2>
              <ol className="max-h-96 list-decimal space-y-1 overflow-y-auto pl-6 text-sm">
                {items.map((item) => (
                  <li key={item.questionId}>
                    <Link href={`/bench/items/${encodeURIComponent(item.questionId)}`} className="underline">
                      {((item.turns as { content: string }[])[0]?.content ?? "").slice(0, 120)}
                    </Link>
                    {item.category ? (
                      <span className="ml-2 text-xs text-zinc-600 dark:text-zinc-400">{item.category}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {board.score.warnings.length > 0 && (
            <ul className="list-disc pl-5 text-xs text-zinc-600 dark:text-zinc-400">
              {board.score.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
