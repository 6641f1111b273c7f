// Who is ranked, and the ranks the intervals allow. A model is ranked when it has at least `minVotes` votes and is
// not retired; the others keep their fit (every vote counts for the models they met) but take no rank: a rank and
// an interval from too few votes would claim a precision the data do not have.
import { type RatedInterval, sameGroup } from "./ranks";

export interface ListingPolicy {
  /** fewest votes to be ranked (0: everyone, as FastChat) */
  minVotes?: number;
  /** models out of the ranks whatever their votes (retired) */
  unranked?: readonly string[];
}

export interface Listed extends RatedInterval {
  model: string;
  votes: number;
}

export function isRanked(entry: Listed, policy: ListingPolicy): boolean {
  return entry.votes >= (policy.minVotes ?? 0) && !(policy.unranked ?? []).includes(entry.model);
}

/**
 * Rank (UB) and rank spread among the ranked models of the same group: best = 1 + the number whose lower bound is
 * above this model's upper bound (Rank UB), worst = the number whose upper bound is not below this model's lower
 * bound (itself included). Without intervals both are the rank by point. Unranked models get null.
 */
export function rankSpreads(
  entries: readonly Listed[],
  ranked: readonly boolean[],
  byPointOnly: boolean,
): ([number, number] | null)[] {
  return entries.map((entry, i) => {
    if (!ranked[i]) return null;
    const peers = entries.filter((other, k) => ranked[k] && sameGroup(entry, other));
    if (byPointOnly) {
      const rank = 1 + peers.filter((other) => other.rating > entry.rating).length;
      return [rank, rank];
    }
    const best = 1 + peers.filter((other) => other.ciLower > entry.ciUpper).length;
    // every peer not certainly below (its upper bound under this model's lower bound) may stand above it
    const worst = peers.length - peers.filter((other) => other.ciUpper < entry.ciLower).length;
    return [best, Math.max(best, worst)];
  });
}
