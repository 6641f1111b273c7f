// FastChat's sequential outlier test per voter (elo_analysis.py `outlier_detect`): each of a voter's votes (at
// most the first 100; voters with at least 5) is scored against everyone's votes on the same model pair, and the
// evidence M = Π 1/(2p) that the voter sits in one tail is accumulated in each direction; a voter whose M passes
// 1/α is flagged for review.

export interface IntegrityVote {
  voter: string;
  modelA: string;
  modelB: string;
  /** 1: model A won, 0: model B won, 0.5: a tie of either kind */
  score: number;
}

export interface Flagged {
  voter: string;
  votes: number;
  /** the larger of the two accumulated evidences, at the vote where it crossed 1/α (or its final value) */
  evidence: number;
  /** where the voter's scores sit against the crowd's on the same (sorted) pairs */
  tail: "above" | "below";
}

/** The vote from the sorted pair's point of view, so A-vs-B and B-vs-A battles pool. */
function canonical(vote: IntegrityVote): { pair: string; score: number } {
  return vote.modelA <= vote.modelB
    ? { pair: `${vote.modelA}\u0000${vote.modelB}`, score: vote.score }
    : { pair: `${vote.modelB}\u0000${vote.modelA}`, score: 1 - vote.score };
}

export function detectOutliers(
  votes: IntegrityVote[],
  options: { alpha?: number; minVotes?: number; maxVotes?: number } = {},
): Flagged[] {
  const alpha = options.alpha ?? 0.05;
  const minVotes = options.minVotes ?? 5;
  const maxVotes = options.maxVotes ?? 100;
  // per pair: how many votes scored 0, 0.5 and 1
  const pairStats = new Map<string, [number, number, number]>();
  const byVoter = new Map<string, { pair: string; score: number }[]>();
  for (const vote of votes) {
    const c = canonical(vote);
    const stats = pairStats.get(c.pair) ?? [0, 0, 0];
    stats[c.score * 2] = (stats[c.score * 2] as number) + 1;
    pairStats.set(c.pair, stats);
    const mine = byVoter.get(vote.voter) ?? [];
    mine.push(c);
    byVoter.set(vote.voter, mine);
  }
  const flagged: Flagged[] = [];
  for (const [voter, mine] of byVoter) {
    if (mine.length < minVotes) continue;
    let upper = 1;
    let lower = 1;
    for (const { pair, score } of mine.slice(0, maxVotes)) {
      const [loss, tie, win] = pairStats.get(pair) as [number, number, number];
      const n = loss + tie + win;
      // p_upper = share of the pair's votes ≤ this one; p_lower = share ≥ this one
      const atMost = score === 0 ? loss : score === 0.5 ? loss + tie : n;
      const atLeast = score === 1 ? win : score === 0.5 ? tie + win : n;
      upper *= 1 / (2 * (atMost / n));
      lower *= 1 / (2 * (atLeast / n));
      if (upper > 1 / alpha || lower > 1 / alpha) break;
    }
    if (upper > 1 / alpha || lower > 1 / alpha) {
      flagged.push({
        voter,
        votes: mine.length,
        evidence: Math.max(upper, lower),
        tail: lower >= upper ? "above" : "below",
      });
    }
  }
  return flagged.sort((a, b) => b.evidence - a.evidence);
}
