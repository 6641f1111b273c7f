"use client";
// The board as a table people can work with: click a column to sort (again to reverse), search by name, filter by
// organisation and licence. Rendered on the server too, so it is the first thing on screen.
import Link from "next/link";
import { useMemo, useState } from "react";
import { useT } from "@/components/i18n";
import type { SnapshotModel } from "@/lib/leaderboard";
import { ScrollBox } from "../scroll-box";
import { LeaderboardCards } from "./leaderboard-cards";
import { IntervalText, ListingBadges } from "./listing-badges";
import { RankDelta, ScoreDelta } from "./rank-delta";

type Key =
  | "rank"
  | "tier"
  | "overallDelta"
  | "plainDelta"
  | "model"
  | "rating"
  | "ci"
  | "votes"
  | "organization"
  | "license";

interface Props {
  models: SnapshotModel[];
  /** the board's minimum of votes to be ranked (its method's; passed in to keep this bundle small) */
  minVotes: number;
  /** ranks on the overall board of the same style setting; given on category boards */
  overallRanks?: Record<string, number>;
  /** scores on the same category without style control; given when style control is on */
  plainRatings?: Record<string, number>;
}

const delta = (rank: number | null, model: string, reference?: Record<string, number>) => {
  const before = reference?.[model];
  return before === undefined || rank === null ? null : before - rank;
};
/** The score's move between the two boards, in rounded points (what style control changed), or null. */
const scoreDelta = (m: SnapshotModel, reference?: Record<string, number>) => {
  const before = reference?.[m.model];
  return before === undefined ? null : Math.round(m.rating) - Math.round(before);
};
/** Unranked models (preliminary, retired) sort after every ranked one. */
const rankOrder = (m: SnapshotModel) => m.rank ?? Number.POSITIVE_INFINITY;

const th = "whitespace-nowrap px-2 py-2 font-medium sm:px-3";
const td = "px-2 py-2 sm:px-3";

export function LeaderboardTable({ models: all, minVotes, overallRanks, plainRatings }: Props) {
  const t = useT();
  const [showRetired, setShowRetired] = useState(false);
  const retiredCount = all.filter((m) => m.retired).length;
  const models = showRetired ? all : all.filter((m) => !m.retired);
  const [sort, setSort] = useState<{ key: Key; descending: boolean }>({ key: "rank", descending: false });
  const [query, setQuery] = useState("");
  const [organization, setOrganization] = useState("");
  const [license, setLicense] = useState("");
  const organizations = useMemo(
    () => [...new Set(models.map((m) => m.organization).filter((o): o is string => Boolean(o)))].sort(),
    [models],
  );
  const licenses = useMemo(
    () => [...new Set(models.map((m) => m.license).filter((l): l is string => Boolean(l)))].sort(),
    [models],
  );
  const value = (m: SnapshotModel, key: Key): number | string => {
    switch (key) {
      case "rank":
        return rankOrder(m);
      case "overallDelta":
        return delta(m.rank, m.model, overallRanks) ?? Number.NEGATIVE_INFINITY;
      case "tier":
        return m.tier ?? Number.POSITIVE_INFINITY;
      case "plainDelta":
        return scoreDelta(m, plainRatings) ?? Number.NEGATIVE_INFINITY;
      case "model":
        return m.displayName.toLowerCase();
      case "rating":
        return m.rating;
      case "ci":
        return Number.isFinite(m.ciUpper - m.ciLower) ? m.ciUpper - m.ciLower : Number.POSITIVE_INFINITY;
      case "votes":
        return m.votes;
      case "organization":
        return (m.organization ?? "").toLowerCase();
      case "license":
        return (m.license ?? "").toLowerCase();
    }
  };
  // 60 rows sort in well under a millisecond: no memo needed
  const shown = (() => {
    const needle = query.trim().toLowerCase();
    const rows = models.filter(
      (m) =>
        (!needle || m.displayName.toLowerCase().includes(needle) || m.model.toLowerCase().includes(needle)) &&
        (!organization || m.organization === organization) &&
        (!license || m.license === license),
    );
    const sign = sort.descending ? -1 : 1;
    return [...rows].sort((a, b) => {
      const x = value(a, sort.key);
      const y = value(b, sort.key);
      // ties keep the board's order
      return (x < y ? -1 : x > y ? 1 : 0) * sign || rankOrder(a) - rankOrder(b) || b.rating - a.rating;
    });
  })();

  const header = (key: Key, label: string, numeric: boolean, firstDescending = numeric && key !== "rank") => {
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
  const inputClass =
    "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900 min-w-0";
  // on a phone only the search: the filters would push the board below the fold
  const selectClass = `${inputClass} hidden sm:inline-block`;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t("board.search")}
          aria-label={t("board.search")}
          className={`${inputClass} flex-1 sm:w-56 sm:flex-none`}
        />
        {organizations.length > 1 && (
          <select
            value={organization}
            onChange={(e) => setOrganization(e.target.value)}
            aria-label={t("board.organization")}
            className={selectClass}
          >
            <option value="">{t("board.allOrganizations")}</option>
            {organizations.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        )}
        {licenses.length > 1 && (
          <select
            value={license}
            onChange={(e) => setLicense(e.target.value)}
            aria-label={t("board.license")}
            className={selectClass}
          >
            <option value="">{t("board.allLicenses")}</option>
            {licenses.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        )}
        {retiredCount > 0 && (
          <label className="flex items-center gap-1 text-xs text-zinc-700 dark:text-zinc-300">
            <input type="checkbox" checked={showRetired} onChange={(e) => setShowRetired(e.target.checked)} />
            {t("board.showRetired", { count: retiredCount })}
          </label>
        )}
        <span className="text-xs muted" aria-live="polite" data-testid="table-count">
          {shown.length === models.length
            ? t("board.models", { count: models.length })
            : t("board.modelsOf", { shown: shown.length, count: models.length })}
        </span>
      </div>
      <LeaderboardCards
        models={shown}
        minVotes={minVotes}
        deltas={(m) => ({ overall: delta(m.rank, m.model, overallRanks), plain: scoreDelta(m, plainRatings) })}
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
                    <RankDelta value={delta(m.rank, m.model, overallRanks)} label={t("board.againstOverall")} />
                  </td>
                )}
                {plainRatings && (
                  <td className={`${td} text-right tabular-nums`} data-testid="plain-delta">
                    <ScoreDelta value={scoreDelta(m, plainRatings)} />
                  </td>
                )}
                <td className={`${td} min-w-36 font-medium`}>
                  <Link href={`/models/${encodeURIComponent(m.model)}`} className="hover:underline">
                    {m.displayName}
                  </Link>
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
