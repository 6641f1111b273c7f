// FastChat's prompt de-duplication (deduplication.py): prompts asked more often than the 99.99th percentile of
// prompt frequencies are "high_freq", and only as many of their battles as that percentile count are "sampled".
// The `dedup` leaderboard keeps battles that are sampled. FastChat samples with pandas (random_state 42); here
// the kept battles are those with the smallest seeded hash of their id, so a battle keeps its tag between runs.
import crypto from "node:crypto";
// the quantiles alone: the ratings index would pull the engine (and its worker threads) into the web bundle
import { quantile, quantileAt } from "../numeric";

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
  const { highFreq, sampled } = dedupTagsFromCounts(
    battles.map((b) => counts.get(b.promptKey) as number),
    (i) => (battles[i] as { promptKey: string }).promptKey,
    (i) => (battles[i] as { id: string }).id,
    options,
  );
  return battles.map((_, i) => ({ highFreq: highFreq[i] === 1, sampled: sampled[i] === 1 }));
}

/**
 * dedupTags from each battle's count (how many battles share its prompt key). The key and id are asked for only
 * of battles whose count is above 1 (a prompt asked once is never over-asked), so a caller that counts in the
 * database reads them for those battles alone.
 */
export function dedupTagsFromCounts(
  count: ArrayLike<number>,
  keyOf: (battle: number) => string,
  idOf: (battle: number) => string,
  options: { percentile?: number; seed?: string } = {},
): { highFreq: Uint8Array; sampled: Uint8Array } {
  // each key's count once: a key asked n times is n of the battles
  const battlesWith = new Map<number, number>();
  for (let i = 0; i < count.length; i++)
    battlesWith.set(count[i] as number, (battlesWith.get(count[i] as number) ?? 0) + 1);
  const perKey: number[] = [];
  for (const [n, battles] of battlesWith) for (let k = 0; k < battles / n; k++) perKey.push(n);
  const cutoff = quantile(perKey, options.percentile ?? 0.9999);
  const keep = Math.floor(cutoff);
  const groups = new Map<string, string[]>();
  const highFreq = new Uint8Array(count.length);
  for (let i = 0; i < count.length; i++) {
    if ((count[i] as number) <= cutoff) continue;
    highFreq[i] = 1;
    const key = keyOf(i);
    const group = groups.get(key);
    if (group) group.push(idOf(i));
    else groups.set(key, [idOf(i)]);
  }
  const sampledIds = new Set<string>();
  for (const ids of groups.values()) for (const id of sampledOf(ids, keep, options.seed)) sampledIds.add(id);
  const sampled = new Uint8Array(count.length).fill(1);
  for (let i = 0; i < count.length; i++) if (highFreq[i] && !sampledIds.has(idOf(i))) sampled[i] = 0;
  return { highFreq, sampled };
}
