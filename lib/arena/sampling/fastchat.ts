import { domainError } from "../../errors";
// Pair sampling as FastChat's get_battle_pair: the first model by weight, its rival by weight (or by the battle
// target rule), never the same model twice, random sides. An image in the first turn draws vision models only.

export interface Candidate {
  id: string;
  weight: number;
  vision: boolean;
  enabled: boolean;
  outage: boolean;
  battleTargets: string[];
}

export class NoPairError extends domainError("unavailable", "no_models") {}

function pickWeighted<T>(items: T[], weight: (item: T) => number, rand: () => number): T {
  const total = items.reduce((s, item) => s + weight(item), 0);
  let u = rand() * total;
  for (const item of items) {
    u -= weight(item);
    if (u < 0) return item;
  }
  return items[items.length - 1] as T;
}

export function samplePair(
  candidates: Candidate[],
  options: { hasImage: boolean; rand?: () => number },
): [string, string] {
  const rand = options.rand ?? Math.random;
  const pool = candidates.filter((m) => m.enabled && !m.outage && m.weight > 0 && (!options.hasImage || m.vision));
  if (pool.length < 2) {
    throw new NoPairError(
      options.hasImage
        ? "fewer than two vision models are available right now"
        : "fewer than two models are available right now",
    );
  }
  const first = pickWeighted(pool, (m) => m.weight, rand);
  return withRival(pool, first, rand);
}

/** `first` and its rival drawn by weight or by FastChat's battle-target rule, on random sides. */
function withRival(pool: Candidate[], first: Candidate, rand: () => number): [string, string] {
  const rivals = pool.filter((m) => m.id !== first.id);
  const total = pool.reduce((s, m) => s + m.weight, 0);
  const targets = first.battleTargets.filter((t) => rivals.some((r) => r.id === t));
  // FastChat: a rival among the first model's battle targets gets 0.5·total/len(targets) instead of its weight
  const rivalWeight = (m: Candidate) => (targets.includes(m.id) ? (0.5 * total) / targets.length : m.weight);
  const second = pickWeighted(rivals, rivalWeight, rand);
  return rand() < 0.5 ? [first.id, second.id] : [second.id, first.id];
}

/**
 * A pair that includes `chosen` ("Battle with this model"), on a side drawn at random; its rival drawn as
 * samplePair draws the second model (weights, the chosen model's battle targets). The chosen model must be in the
 * battle pool itself: an admin's weight 0 or outage keeps it out of battles, chosen or not.
 */
export function samplePairWith(
  candidates: Candidate[],
  chosen: string,
  options: { hasImage: boolean; rand?: () => number },
): [string, string] {
  const rand = options.rand ?? Math.random;
  const pool = candidates.filter((m) => m.enabled && !m.outage && m.weight > 0 && (!options.hasImage || m.vision));
  const first = pool.find((m) => m.id === chosen);
  if (!first) throw new NoPairError("that model is not in the arena's battles right now");
  if (pool.length < 2) throw new NoPairError("no other model is available to battle it right now");
  return withRival(pool, first, rand);
}

/**
 * A replacement for one side of a battle (the first-turn swap, ./swap.ts): drawn by weight from the battle pool as
 * the pair was (enabled, not in an outage, weight above 0, a vision model for an image), never a model in `exclude`
 * (the one that failed and the other side's). Null when the pool has no other model.
 */
export function sampleReplacement(
  candidates: Candidate[],
  exclude: string[],
  options: { hasImage: boolean; rand?: () => number },
): string | null {
  const pool = candidates.filter(
    (m) => m.enabled && !m.outage && m.weight > 0 && (!options.hasImage || m.vision) && !exclude.includes(m.id),
  );
  if (pool.length === 0) return null;
  return pickWeighted(pool, (m) => m.weight, options.rand ?? Math.random).id;
}
