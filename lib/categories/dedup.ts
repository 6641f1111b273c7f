// FastChat's prompt de-duplication (deduplication.py): prompts asked more often than the 99.99th percentile of
// prompt frequencies are "high_freq", and only as many of their battles as that percentile count are "sampled".
// The `dedup` leaderboard keeps battles that are sampled. FastChat samples with pandas (random_state 42); here
// the kept battles are those with the smallest seeded hash of their id, so a battle keeps its tag between runs.
import crypto from "node:crypto";

export interface DedupTag {
  highFreq: boolean;
  sampled: boolean;
}

/** pandas' default quantile: linear interpolation between the order statistics. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = q * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.min(sorted.length - 1, low + 1);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (position - low);
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
  const seed = options.seed ?? "42";
  const rank = (id: string) => crypto.createHash("sha256").update(`${seed}:${id}`).digest("hex");
  const sampledIds = new Set<string>();
  const groups = new Map<string, { id: string; rank: string }[]>();
  for (const b of battles) {
    if ((counts.get(b.promptKey) ?? 0) <= cutoff) continue;
    const group = groups.get(b.promptKey) ?? [];
    group.push({ id: b.id, rank: rank(b.id) });
    groups.set(b.promptKey, group);
  }
  for (const group of groups.values()) {
    group.sort((x, y) => (x.rank < y.rank ? -1 : 1));
    for (const member of group.slice(0, keep)) sampledIds.add(member.id);
  }
  return battles.map((b) => {
    const highFreq = (counts.get(b.promptKey) ?? 0) > cutoff;
    return { highFreq, sampled: !highFreq || sampledIds.has(b.id) };
  });
}
