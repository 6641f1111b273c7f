import Link from "next/link";
import { rankChange } from "@/lib/leaderboard/analysis";
import { PROVISIONAL_VOTES, type SnapshotModel } from "@/lib/leaderboard/serve";
import { RankDelta } from "./rank-delta";

/**
 * Rank (UB), model, Arena Score, 95% CI, votes, organisation, licence; with the rank change against the overall
 * board (on a category) and against the board without style control (with style control on).
 */
export function LeaderboardTable({
  models,
  overallRanks,
  plainRanks,
}: {
  models: SnapshotModel[];
  /** ranks on the overall board of the same style setting; given on category boards */
  overallRanks?: Record<string, number>;
  /** ranks on the same category without style control; given when style control is on */
  plainRanks?: Record<string, number>;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full text-sm">
        <thead className="border-b border-zinc-200 text-left text-xs uppercase text-zinc-500 dark:border-zinc-800">
          <tr>
            <th className="px-3 py-2 text-right">Rank (UB)</th>
            {overallRanks && <th className="px-3 py-2 text-right">Δ vs overall</th>}
            {plainRanks && <th className="px-3 py-2 text-right">Δ vs no style control</th>}
            <th className="px-3 py-2">Model</th>
            <th className="px-3 py-2 text-right">Arena Score</th>
            <th className="px-3 py-2 text-right">95% CI</th>
            <th className="px-3 py-2 text-right">Votes</th>
            <th className="px-3 py-2">Organization</th>
            <th className="px-3 py-2">License</th>
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.model} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
              <td className="px-3 py-2 text-right tabular-nums">{m.rank}</td>
              {overallRanks && (
                <td className="px-3 py-2 text-right tabular-nums">
                  <RankDelta value={rankChange(m.rank, m.model, overallRanks)} label="against overall" />
                </td>
              )}
              {plainRanks && (
                <td className="px-3 py-2 text-right tabular-nums">
                  <RankDelta value={rankChange(m.rank, m.model, plainRanks)} label="under style control" />
                </td>
              )}
              <td className="px-3 py-2 font-medium">
                <Link href={`/models/${encodeURIComponent(m.model)}`} className="hover:underline">
                  {m.displayName}
                </Link>
                {m.isDemo && (
                  <span className="ml-2 rounded bg-zinc-100 px-1 text-xs text-zinc-600 dark:bg-zinc-800">demo</span>
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
  );
}
