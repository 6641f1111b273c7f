// FastChat's prompt de-duplication (deduplication.py): prompts asked more often than the 99.99th percentile of
// prompt frequencies are "high_freq", and only as many of their battles as that percentile count are "sampled".
// The `dedup` leaderboard keeps battles that are sampled. FastChat samples with pandas (random_state 42); here
// the kept battles are those with the smallest seeded hash of their id, so a battle keeps its tag between runs.
import crypto from "node:crypto";
// the quantiles alone: the ratings index would pull the engine (and its worker threads) into the web bundle
import { quantile, quantileAt } from "../ratings/stats";

export { quantile };

export interface DedupTag {
  highFreq: boolean;
  sampled: boolean;
}

/**
 * The same quantile from a histogram of prompt frequencies (how many prompts were asked n times), so a caller
 * can count in the database and keep only the histogram.
 */
export function quantileOfCounts(histogram: Map<number, number>, q: number): number {
  const entries = [...histogram].filter(([, k]) => k > 0).sort((a, b) => a[0] - b[0]);
  const n = entries.reduce((s, [, k]) => s + k, 0);
  const at = (index: number) => {
    let seen = 0;
    for (const [value, k] of entries) {
      seen += k;
      if (index < seen) return value;
    }
    return entries[entries.length - 1]?.[0] as number;
  };
  return quantileAt(n, q, at);
}

/** Which battles of an over-asked prompt are kept: the `keep` with the smallest seeded hash of their id. */
export function sampledOf(ids: string[], keep: number, seed = "42"): Set<string> {
  const rank = (id: string) => crypto.createHash("sha256").update(`${seed}:${id}`).digest("hex");
  return new Set(
    ids
      .map((id) => ({ id, rank: rank(id) }))
      .sort((x, y) => (x.rank < y.rank ? -1 : 1))
      .slice(0, keep)
      .map((x) => x.id),
  );
}

/** One tag per battle, from each battle's prompt key (its prompts and images) and its id. */
export function dedupTags(
  battles: { id: string; promptKey: string }[],
  options: { percentile?: number; seed?: string } = {},
): DedupTag[] {
  const counts = new Map<string, number>();
  for (const b of battles) counts.set(b.promptKey, (counts.get(b.promptKey) ?? 0) + 1);
  const cutoff = quantile([...counts.values()], options.percentile ?? 0.9999);
  const keep = Math.floor(cutoff);
  const groups = new Map<string, string[]>();
  for (const b of battles) {
    if ((counts.get(b.promptKey) ?? 0) <= cutoff) continue;
    const group = groups.get(b.promptKey);
    if (group) group.push(b.id);
    else groups.set(b.promptKey, [b.id]);
  }
  const sampledIds = new Set<string>();
  for (const ids of groups.values()) for (const id of sampledOf(ids, keep, options.seed)) sampledIds.add(id);
  return battles.map((b) => {
    const highFreq = (counts.get(b.promptKey) ?? 0) > cutoff;
    return { highFreq, sampled: !highFreq || sampledIds.has(b.id) };
  });
}
