"use client";
// One model's row of the leaderboard table: rank (with the ranks its interval allows), tier, the deltas against the
// reference boards, its name with badges and what a visitor can do with it, score, interval, votes, maker, licence.
import Link from "next/link";
import { useT } from "@/components/i18n";
import type { SnapshotModel } from "@/lib/leaderboard";
import { ModelLink } from "../models/model-link";
import { type References, rankDelta, scoreDelta } from "./board-order";
import { IntervalText, ListingBadges } from "./listing-badges";
import { RankDelta, ScoreDelta } from "./rank-delta";

export const td = "px-2 py-2 sm:px-3";

export function LeaderboardRow({
  m,
  minVotes,
  references: { overallRanks, plainRatings },
}: {
  m: SnapshotModel;
  minVotes: number;
  references: References;
}) {
  const t = useT();
  return (
    <tr key={m.model} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
      <td className={`${td} whitespace-nowrap text-right tabular-nums`} data-testid="rank-cell">
        {m.rank ?? <span className="text-zinc-500">—</span>}
        {m.rankSpread && m.rankSpread[1] > m.rankSpread[0] && (
          <span className="ml-1 text-xs muted" title="ranks the intervals allow">
            ({m.rankSpread[0]}–{m.rankSpread[1]})
          </span>
        )}
      </td>
      <td className={`${td} text-right tabular-nums`} data-testid="tier-cell">
        {m.tier === null ? (
          <span className="text-zinc-500">—</span>
        ) : (
          <span title={t("board.tierTitle", { tier: m.tier })}>{m.tier}</span>
        )}
      </td>
      {overallRanks && (
        <td className={`${td} text-right tabular-nums`}>
          <RankDelta value={rankDelta(m.rank, m.model, overallRanks)} label={t("board.againstOverall")} />
        </td>
      )}
      {plainRatings && (
        <td className={`${td} text-right tabular-nums`} data-testid="plain-delta">
          <ScoreDelta value={scoreDelta(m, plainRatings)} />
        </td>
      )}
      <td className={`${td} min-w-36 font-medium`}>
        <ModelLink model={m.model}>{m.displayName}</ModelLink>
        {m.isDemo && (
          <span className="ml-2 rounded bg-zinc-100 px-1 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {t("board.demo")}
          </span>
        )}
        <ListingBadges model={m} minVotes={minVotes} />
        {!m.retired && (
          <span className="block text-xs font-normal muted">
            <Link
              href={`/?with=${encodeURIComponent(m.model)}`}
              className="underline"
              aria-label={t("board.battleWith", { name: m.displayName })}
            >
              {t("board.battle")}
            </Link>
            {" · "}
            <Link
              href={`/chat?a=${encodeURIComponent(m.model)}`}
              className="underline"
              aria-label={t("board.chatWith", { name: m.displayName })}
            >
              {t("board.chat")}
            </Link>
          </span>
        )}
      </td>
      <td className={`${td} text-right tabular-nums`} data-testid="score-cell">
        {Math.round(m.rating)}
      </td>
      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
        <IntervalText model={m} />
      </td>
      <td className={`${td} text-right tabular-nums`}>{m.votes.toLocaleString("en-US")}</td>
      <td className={td}>{m.organization ?? ""}</td>
      <td className={td}>{m.license ?? ""}</td>
    </tr>
  );
}
