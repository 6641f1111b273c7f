// Rank (UB), as LMArena shows it: 1 + the number of models whose lower bound lies above this model's upper bound.
// Without intervals, 1 + the number of models rated higher.

export interface RatedInterval {
  rating: number;
  ciLower: number;
  ciUpper: number;
}

export function rankUpperBound(entries: readonly RatedInterval[], byPointOnly = false): number[] {
  return entries.map(
    (entry) =>
      1 + entries.filter((other) => (byPointOnly ? other.rating > entry.rating : other.ciLower > entry.ciUpper)).length,
  );
}
