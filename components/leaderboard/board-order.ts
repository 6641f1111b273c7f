// The leaderboard table's order and filters, apart from its markup: which value a column sorts by, the deltas it
// shows against the overall board and the board without style control, and the rows a search and filters leave.

import type { SnapshotModel } from "@/lib/leaderboard";

export type SortKey =
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

export interface Sort {
  key: SortKey;
  descending: boolean;
}

/** The boards a category or style board is read against: ranks overall, scores without style control. */
export interface References {
  overallRanks?: Record<string, number>;
  plainRatings?: Record<string, number>;
}

export interface Filters {
  query: string;
  organization: string;
  license: string;
}

/** The rank's move against the reference board (positive: higher here), or null. */
export const rankDelta = (rank: number | null, model: string, reference?: Record<string, number>) => {
  const before = reference?.[model];
  return before === undefined || rank === null ? null : before - rank;
};

/** The score's move between the two boards, in rounded points (what style control changed), or null. */
export const scoreDelta = (m: SnapshotModel, reference?: Record<string, number>) => {
  const before = reference?.[m.model];
  return before === undefined ? null : Math.round(m.rating) - Math.round(before);
};

/** Unranked models (preliminary, retired) sort after every ranked one. */
const rankOrder = (m: SnapshotModel) => m.rank ?? Number.POSITIVE_INFINITY;

function sortValue(m: SnapshotModel, key: SortKey, references: References): number | string {
  switch (key) {
    case "rank":
      return rankOrder(m);
    case "overallDelta":
      return rankDelta(m.rank, m.model, references.overallRanks) ?? Number.NEGATIVE_INFINITY;
    case "tier":
      return m.tier ?? Number.POSITIVE_INFINITY;
    case "plainDelta":
      return scoreDelta(m, references.plainRatings) ?? Number.NEGATIVE_INFINITY;
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
}

/** The rows the search and filters leave, in the column's order; ties keep the board's order. (60 rows sort in
 *  well under a millisecond: no memo needed.) */
export function shownRows(models: SnapshotModel[], filters: Filters, sort: Sort, references: References) {
  const needle = filters.query.trim().toLowerCase();
  const rows = models.filter(
    (m) =>
      (!needle || m.displayName.toLowerCase().includes(needle) || m.model.toLowerCase().includes(needle)) &&
      (!filters.organization || m.organization === filters.organization) &&
      (!filters.license || m.license === filters.license),
  );
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key, references);
    const y = sortValue(b, sort.key, references);
    return (x < y ? -1 : x > y ? 1 : 0) * sign || rankOrder(a) - rankOrder(b) || b.rating - a.rating;
  });
}

/** A field's distinct values over the models, sorted: what its filter offers. */
export const distinctValues = (models: SnapshotModel[], field: "organization" | "license") =>
  [...new Set(models.map((m) => m[field]).filter((v): v is string => Boolean(v)))].sort();
