// Tiers beside ranks, as ComparIA publishes them (PR #639): adjacent ranks can mostly not be told apart, so the
// board also says which models form a class. Down the ranked models of one group, best first, the first model not yet
// in a class opens one and its lower bound anchors it; each next model joins while its upper bound still reaches
// the anchor, and the first that does not opens the next class. At most MAX_TIERS classes: the models after the last
// opening stay in it. Without intervals (a board fitted with none) there are no tiers.
import type { RatedInterval } from "./ranks";

export const MAX_TIERS = 8;

/** Each entry's tier (1 = the leaders' class) among the ranked models of its group; null when unranked. */
export function tiersOf(entries: readonly RatedInterval[], ranked: readonly boolean[]): (number | null)[] {
  const tiers: (number | null)[] = entries.map(() => null);
  const groups = new Set(entries.map((e) => e.component ?? 0));
  for (const group of groups) {
    const order = entries
      .map((entry, i) => ({ entry, i }))
      .filter(({ entry, i }) => ranked[i] && (entry.component ?? 0) === group)
      .sort((x, y) => y.entry.rating - x.entry.rating);
    let tier = 0;
    let anchor = Number.NEGATIVE_INFINITY;
    for (const { entry, i } of order) {
      if (!Number.isFinite(entry.ciLower) || !Number.isFinite(entry.ciUpper)) return entries.map(() => null);
      if (tier === 0 || (entry.ciUpper < anchor && tier < MAX_TIERS)) {
        tier += 1;
        anchor = entry.ciLower;
      }
      tiers[i] = tier;
    }
  }
  return tiers;
}
