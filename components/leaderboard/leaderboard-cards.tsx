// The board on a phone: one card per model with its rank, score, interval and votes in view (a table would hide
// them in a sideways scroller behind the names).
import Link from "next/link";
import { useT } from "@/components/i18n";
import type { SnapshotModel } from "@/lib/leaderboard";
import { IntervalText, ListingBadges } from "./listing-badges";
import { RankDelta, ScoreDelta } from "./rank-delta";

interface Props {
  models: SnapshotModel[];
  minVotes: number;
  deltas: (m: SnapshotModel) => { overall: number | null; plain: number | null };
  showOverall: boolean;
  showPlain: boolean;
}

export function LeaderboardCards({ models, minVotes, deltas, showOverall, showPlain }: Props) {
  const t = useT();
  return (
    <ol className="space-y-2 sm:hidden" aria-label={t("board.title")} data-testid="board-cards">
      {models.length === 0 && <li className="text-sm muted">{t("board.noMatch")}</li>}
      {models.map((m) => {
        const d = deltas(m);
        return (
          <li
            key={m.model}
            className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
          >
            <div className="flex items-baseline gap-2">
              <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400" title="Rank (UB)">
                {m.rank === null ? "—" : `#${m.rank}`}
              </span>
              {m.tier !== null && (
                <span className="text-xs muted tabular-nums" title={t("board.tierTitle", { tier: m.tier })}>
                  {t("board.tier")} {m.tier}
                </span>
              )}
              <Link
                href={`/models/${encodeURIComponent(m.model)}`}
                className="min-w-0 flex-1 truncate font-medium hover:underline"
              >
                {m.displayName}
              </Link>
              <span className="text-lg font-semibold tabular-nums" data-testid="card-score">
                {Math.round(m.rating)}
              </span>
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs muted">
              <span className="tabular-nums">
                {t("board.ci")} <IntervalText model={m} />
              </span>
              <span className="tabular-nums" data-testid="card-votes">
                {t("board.votes", { count: m.votes })}
              </span>
              {m.organization && <span>{m.organization}</span>}
              {m.isDemo && <span className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">{t("board.demo")}</span>}
              <ListingBadges model={m} minVotes={minVotes} />
              {showOverall && <RankDelta value={d.overall} label={t("board.againstOverall")} />}
              {showPlain && d.plain !== null && (
                <span>
                  {t("board.deltaPlain")} <ScoreDelta value={d.plain} />
                </span>
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
