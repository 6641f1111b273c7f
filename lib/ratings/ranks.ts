// Rank (UB), as LMArena shows it: 1 + the number of models whose lower bound lies above this model's upper bound.
// Without intervals, 1 + the number of models rated higher. Only models of the same group count (docs/statistics.md):
// models of two groups never compared with each other have ratings centred apart, not on one scale, so a model of
// another group can be neither above nor below.

export interface RatedInterval {
  rating: number;
  ciLower: number;
  ciUpper: number;
  /** the group of the comparison graph (absent: one group) */
  component?: number;
}

/** Whether two models were ever (directly or through others) compared: the same group. */
export const sameGroup = (x: RatedInterval, y: RatedInterval) => (x.component ?? 0) === (y.component ?? 0);

export function rankUpperBound(entries: readonly RatedInterval[], byPointOnly = false): number[] {
  return entries.map(
    (entry) =>
      1 +
      entries.filter(
        (other) =>
          sameGroup(entry, other) && (byPointOnly ? other.rating > entry.rating : other.ciLower > entry.ciUpper),
      ).length,
  );
}
