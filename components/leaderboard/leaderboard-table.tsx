"use client";
// The board as a table people can work with: click a column to sort (again to reverse), search by name, filter by
// organisation and licence. Rendered on the server too, so it is the first thing on screen. Its order and filters
// are ./board-order.ts, the controls above it ./leaderboard-filters.tsx, a row ./leaderboard-row.tsx.
import { useMemo, useState } from "react";
import { useT } from "@/components/i18n";
import type { SnapshotModel } from "@/lib/leaderboard";
import { ScrollBox } from "../scroll-box";
import { distinctValues, type Filters, rankDelta, type Sort, type SortKey, scoreDelta, shownRows } from "./board-order";
import { LeaderboardCards } from "./leaderboard-cards";
import { LeaderboardFilters } from "./leaderboard-filters";
import { LeaderboardRow, td } from "./leaderboard-row";

interface Props {
  models: SnapshotModel[];
  /** the board's minimum of votes to be ranked (its method's; passed in to keep this bundle small) */
  minVotes: number;
  /** ranks on the overall board of the same style setting; given on category boards */
  overallRanks?: Record<string, number>;
  /** scores on the same category without style control; given when style control is on */
  plainRatings?: Record<string, number>;
}

const th = "whitespace-nowrap px-2 py-2 font-medium sm:px-3";

export function LeaderboardTable({ models: all, minVotes, overallRanks, plainRatings }: Props) {
  const t = useT();
  const [showRetired, setShowRetired] = useState(false);
  const retiredCount = all.filter((m) => m.retired).length;
  const models = showRetired ? all : all.filter((m) => !m.retired);
  const [sort, setSort] = useState<Sort>({ key: "rank", descending: false });
  const [filters, setFilters] = useState<Filters>({ query: "", organization: "", license: "" });
  const organizations = useMemo(() => distinctValues(models, "organization"), [models]);
  const licenses = useMemo(() => distinctValues(models, "license"), [models]);
  const references = { overallRanks, plainRatings };
  const shown = shownRows(models, filters, sort, references);

  const header = (key: SortKey, label: string, numeric: boolean, firstDescending = numeric && key !== "rank") => {
    const active = sort.key === key;
    return (
      <th
        className={`${th} ${numeric ? "text-right" : "text-left"}`}
        aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
      >
        <button
          type="button"
          onClick={() =>
            setSort((s) => (s.key === key ? { key, descending: !s.descending } : { key, descending: firstDescending }))
          }
          className="uppercase hover:text-zinc-900 dark:hover:text-zinc-100"
        >
          {label}
          <span aria-hidden className="ml-0.5 inline-block w-2">
            {active ? (sort.descending ? "↓" : "↑") : ""}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="space-y-2">
      <LeaderboardFilters
        filters={filters}
        onFilters={setFilters}
        organizations={organizations}
        licenses={licenses}
        retired={{ count: retiredCount, shown: showRetired, onShown: setShowRetired }}
        shown={shown.length}
        total={models.length}
      />
      <LeaderboardCards
        models={shown}
        minVotes={minVotes}
        deltas={(m) => ({ overall: rankDelta(m.rank, m.model, overallRanks), plain: scoreDelta(m, plainRatings) })}
        showOverall={Boolean(overallRanks)}
        showPlain={Boolean(plainRatings)}
      />
      <ScrollBox
        label={t("board.title")}
        className="hidden rounded-xl border border-zinc-200 bg-white shadow-sm sm:block dark:border-zinc-800 dark:bg-zinc-900"
      >
        <table className="w-full text-sm">
          <thead className="border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            <tr>
              {header("rank", t("board.rank"), true)}
              {header("tier", t("board.tier"), true, false)}
              {overallRanks && header("overallDelta", t("board.deltaOverall"), true)}
              {plainRatings && header("plainDelta", t("board.deltaPlain"), true)}
              {header("model", t("board.model"), false)}
              {header("rating", t("board.score"), true)}
              {header("ci", t("board.ci"), true, false)}
              {header("votes", t("board.votesHead"), true)}
              {header("organization", t("board.organization"), false)}
              {header("license", t("board.license"), false)}
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <LeaderboardRow key={m.model} m={m} minVotes={minVotes} references={references} />
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={10} className={`${td} text-center muted`}>
                  {t("board.noMatch")}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollBox>
      <p className="text-xs muted" data-testid="rank-note">
        {t("board.rankNote", { minVotes })}
      </p>
      <p className="text-xs muted" data-testid="how-to-read">
        {t("board.howToRead")}
      </p>
    </div>
  );
}
