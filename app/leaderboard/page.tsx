import type { Metadata } from "next";
import Link from "next/link";
import { Heatmap } from "@/components/charts/heatmap";
import { RatingIntervals } from "@/components/charts/rating-intervals";
import { getDb } from "@/lib/db";
import { currentSnapshot, PROVISIONAL_VOTES, snapshotCategories } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Leaderboard" };

const label = (category: string) =>
  category === "overall"
    ? "Overall"
    : category
        .replace(/^language:/, "")
        .replaceAll("_", " ")
        .replace(/^./, (c) => c.toUpperCase());

export default async function LeaderboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const params = await searchParams;
  const category = params.category ?? "overall";
  const style = params.style === "1";
  const db = getDb();
  const [snapshot, categories] = await Promise.all([currentSnapshot(db, category, style), snapshotCategories(db)]);
  const href = (next: { category?: string; style?: boolean }) =>
    `/leaderboard?category=${encodeURIComponent(next.category ?? category)}&style=${(next.style ?? style) ? 1 : 0}`;

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Leaderboard</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Bradley–Terry ratings from anonymous votes, with 95% bootstrap intervals. Rank (UB) counts the models that are
          better beyond doubt.
        </p>
      </div>
      <nav className="flex flex-wrap items-center gap-2 text-sm" aria-label="Leaderboard options">
        <div className="flex items-center gap-2">
          <span className="text-zinc-500">Category</span>
          <span className="flex flex-wrap gap-1">
            {(categories.length ? categories : [{ category: "overall", votes: 0 }]).map((c) => (
              <Link
                key={c.category}
                href={href({ category: c.category })}
                aria-current={c.category === category ? "page" : undefined}
                className={`rounded-md border px-2 py-0.5 ${c.category === category ? "border-brand-600 bg-brand-600 text-white" : "border-zinc-300 dark:border-zinc-700"}`}
              >
                {label(c.category)}
              </Link>
            ))}
          </span>
        </div>
        <Link
          href={href({ style: !style })}
          className="ml-auto rounded-md border border-zinc-300 px-2 py-0.5 dark:border-zinc-700"
          aria-pressed={style}
        >
          Style control: {style ? "on" : "off"}
        </Link>
      </nav>
      {!snapshot ? (
        <p className="rounded-lg border border-zinc-200 bg-white p-6 text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900">
          No leaderboard for this category yet. Snapshots are computed from votes with <code>npx arena snapshot</code>.
        </p>
      ) : (
        <>
          <p className="text-xs text-zinc-500" data-testid="snapshot-info">
            {snapshot.voteCount} votes · computed {snapshot.createdAt.toUTCString()}
            {snapshot.published ? " · published" : ""}
          </p>
          <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <table className="w-full text-sm">
              <thead className="border-b border-zinc-200 text-left text-xs uppercase text-zinc-500 dark:border-zinc-800">
                <tr>
                  <th className="px-3 py-2 text-right">Rank (UB)</th>
                  <th className="px-3 py-2">Model</th>
                  <th className="px-3 py-2 text-right">Arena Score</th>
                  <th className="px-3 py-2 text-right">95% CI</th>
                  <th className="px-3 py-2 text-right">Votes</th>
                  <th className="px-3 py-2">Organization</th>
                  <th className="px-3 py-2">License</th>
                </tr>
              </thead>
              <tbody>
                {snapshot.payload.models.map((m) => (
                  <tr key={m.model} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                    <td className="px-3 py-2 text-right tabular-nums">{m.rank}</td>
                    <td className="px-3 py-2 font-medium">
                      {m.displayName}
                      {m.isDemo && (
                        <span className="ml-2 rounded bg-zinc-100 px-1 text-xs text-zinc-600 dark:bg-zinc-800">
                          demo
                        </span>
                      )}
                      {m.provisional && (
                        <span className="ml-2 text-xs text-amber-700" title={`fewer than ${PROVISIONAL_VOTES} votes`}>
                          provisional
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{Math.round(m.rating)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      +{Math.round(m.ciUpper - m.rating)}/-{Math.round(m.rating - m.ciLower)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{m.votes}</td>
                    <td className="px-3 py-2">{m.organization ?? ""}</td>
                    <td className="px-3 py-2">{m.license ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <RatingIntervals
            title="Arena Score with 95% confidence intervals"
            rows={snapshot.payload.models.map((m) => ({
              label: m.displayName,
              rating: m.rating,
              lower: m.ciLower,
              upper: m.ciUpper,
            }))}
          />
          {snapshot.payload.matrices && (
            <div className="grid gap-4 lg:grid-cols-2">
              <Heatmap
                title="Win fraction of the row model against the column model (decisive battles)"
                labels={snapshot.payload.models.map((m) => m.displayName)}
                values={snapshot.payload.matrices.winFraction}
                format={(v) => v.toFixed(2)}
                scale={(v) => v}
              />
              <Heatmap
                title="Battles per pair of models"
                labels={snapshot.payload.models.map((m) => m.displayName)}
                values={snapshot.payload.matrices.battles}
                format={(v) => String(v)}
                scale={(v) => Math.min(1, v / Math.max(1, ...snapshot.payload.matrices!.battles.flat()))}
                palette="sequential"
              />
            </div>
          )}
          {snapshot.payload.warnings.length > 0 && (
            <ul className="list-disc pl-5 text-xs text-zinc-500">
              {snapshot.payload.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
