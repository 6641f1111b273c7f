// Which pair of models a battle gets, as a probability for every pair, so the draw is known exactly and recorded
// with the battle (analyses weight by it). Two policies:
//
// - `uniform`: FastChat's get_battle_pair (./fastchat.ts): the first model by weight, its rival by weight or by the
//   battle-target rule. What the arena has always drawn; kept as the floor of the adaptive policy.
// - `adaptive`: a mixture of three parts, each a distribution over the unordered pairs:
//   · exploration, a share ε of `uniform`, so every pair keeps a probability ≥ ε·uniform: no pair is starved, and
//     the fit's intervals keep their coverage (the draw depends only on votes already cast, never on the one being
//     drawn, so the likelihood — and the Bradley–Terry fit — is the same as under a fixed design; the floor keeps
//     every comparison observable, measured by `npm run bench:sampling`);
//   · placement, a share for the models not yet listed (fewer battles than the listing threshold, overall or in the
//     battle's image type when it is known), each against rivals of similar strength (LMArena's extra weight for new
//     models; Inclusion Arena's placement matches);
//   · information, the rest: for each pair, how much a vote on it shrinks the variances of the contrasts that decide
//     the board — neighbours in the current order whose order is unresolved, and (a share of its own, 0.4) the leader
//     against every model whose interval reaches its own (informationWeights). Resolved pairs get only the floor.
import type { Candidate } from "./fastchat";

export type PairingPolicy = "uniform" | "adaptive";

/** What the policy knows of one model: its counted battles and its current fit (null before it has one). */
export interface ModelState {
  battles: number;
  /** Bradley–Terry strength in natural log-odds units, centred; null without a fit */
  theta: number | null;
  /** its standard error; null without a fit */
  se: number | null;
  /** counted battles per image type (photo, chart, document, screenshot, diagram) */
  strata?: Record<string, number>;
}

export interface BoardState {
  models: Map<string, ModelState>;
}

export interface AdaptiveSettings {
  /** the uniform floor ε */
  exploration: number;
  /** the share of the draws that go to placement while any model is unlisted */
  placementShare: number;
  /** battles before a model is listed (the board's listing threshold) */
  placementVotes: number;
  /** battles in an image type before a model is listed on that type's board */
  stratumVotes: number;
  /** of the information part, the share for the leader's contrasts (the rest: unresolved neighbours) */
  leaderShare: number;
}

export const ADAPTIVE_DEFAULTS: AdaptiveSettings = {
  exploration: 0.2,
  placementShare: 0.4,
  placementVotes: 300,
  stratumVotes: 100,
  // chosen by `npm run bench:sampling` on seeds 0–7 among 0.4, 0.6, 0.8 and 0.95 (top separated at 20/40/60 models:
  // 0.78/0.56/0.34, 0.64/0.44/0.24, 0.53/0.26/0.21, 0.45/0.32/0.17 of uniform's votes; τ ≥ 0.9 at 1.0–1.3 of them
  // whatever the share), then checked on seeds 100–107 (docs/performance.md)
  leaderShare: 0.95,
};

/** Every unordered pair of the pool (ids in pool order) with its probability; probabilities sum to 1. */
export interface PairDistribution {
  pairs: [string, string][];
  probability: Float64Array;
  /** running sums of `probability`, for drawing by binary search */
  cumulative: Float64Array;
}

function distribution(pairs: [string, string][], probability: Float64Array): PairDistribution {
  const cumulative = new Float64Array(probability.length);
  let sum = 0;
  for (let k = 0; k < probability.length; k++) cumulative[k] = sum += probability[k] as number;
  return { pairs, probability, cumulative };
}

/** The chance the first model wins, from the two strengths (unknown strengths: even). */
const winChance = (a: ModelState | undefined, b: ModelState | undefined) =>
  1 / (1 + Math.exp((b?.theta ?? 0) - (a?.theta ?? 0)));

function pairsOf(pool: Candidate[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < pool.length; i++)
    for (let j = i + 1; j < pool.length; j++) pairs.push([(pool[i] as Candidate).id, (pool[j] as Candidate).id]);
  return pairs;
}

/** The index of the unordered pair {i, j} of n models in pairsOf's order. */
const pairIndex =
  (n: number) =>
  (i: number, j: number): number => {
    const [lo, hi] = i < j ? [i, j] : [j, i];
    return lo * n - (lo * (lo + 1)) / 2 + (hi - lo - 1);
  };

function normalised(weights: Float64Array): Float64Array | null {
  let total = 0;
  for (const w of weights) total += w;
  if (!(total > 0)) return null;
  return weights.map((w) => w / total);
}

/** FastChat's draw as a distribution: P(first = i)·P(rival = j | i) + P(first = j)·P(rival = i | j). */
function uniformWeights(pool: Candidate[]): Float64Array {
  const index = new Map(pool.map((m, k) => [m.id, k]));
  const total = pool.reduce((s, m) => s + m.weight, 0);
  const n = pool.length;
  const out = new Float64Array((n * (n - 1)) / 2);
  const at = pairIndex(n);
  for (const [i, first] of pool.entries()) {
    const targets = first.battleTargets.filter((t) => t !== first.id && index.has(t));
    const rivalWeight = (m: Candidate) => (targets.includes(m.id) ? (0.5 * total) / targets.length : m.weight);
    const rivalTotal = pool.reduce((s, m) => (m.id === first.id ? s : s + rivalWeight(m)), 0);
    if (!(rivalTotal > 0)) continue;
    for (const [j, rival] of pool.entries())
      if (j !== i)
        out[at(i, j)] = (out[at(i, j)] as number) + (first.weight / total) * (rivalWeight(rival) / rivalTotal);
  }
  return out;
}

/** The models in placement for this draw: unlisted overall, or (when the battle's image type is known) on its board. */
function inPlacement(state: BoardState, settings: AdaptiveSettings, stratum: string | undefined) {
  return (id: string) => {
    const model = state.models.get(id);
    if (!model || model.battles < settings.placementVotes) return true;
    return stratum !== undefined && (model.strata?.[stratum] ?? 0) < settings.stratumVotes;
  };
}

/** A model's fit as the information part reads it: one never fitted is as uncertain as can be (se 1 nat). */
const fitOf = (model: ModelState | undefined) => ({
  theta: model?.theta ?? 0,
  variance: model?.se == null ? 1 : model.se ** 2,
});

/**
 * The information part: for each pair, the expected reduction a vote on it brings to the variances of the contrasts
 * that decide the board — each pair of neighbours in the current order whose order is unresolved (the difference's
 * 95% interval includes 0), and the leader against every model whose interval reaches the leader's — summed. With
 * the strengths' variances D (the fit's diagonal) and a vote's information p(1 − p), a vote on (i, j) shrinks the
 * variance of contrast c by (cᵀD(eᵢ − eⱼ))²·p(1 − p) / (1 + (Dᵢ + Dⱼ)·p(1 − p)) (a rank-one update): largest for a
 * close pair of uncertain models inside a contrast, some for a model of a contrast against anyone.
 */
function informationWeights(
  pool: Candidate[],
  state: BoardState,
  placing: Set<string>,
  leaderShare: number,
): Float64Array {
  const n = pool.length;
  const out = new Float64Array((n * (n - 1)) / 2);
  const at = pairIndex(n);
  const fits = pool.map((m) => fitOf(state.models.get(m.id)));
  const ranked = pool
    .map((_, i) => i)
    .filter((i) => !placing.has((pool[i] as Candidate).id))
    .sort((x, y) => (fits[y] as { theta: number }).theta - (fits[x] as { theta: number }).theta);
  const bound = (i: number) => 1.96 * Math.sqrt((fits[i] as { variance: number }).variance);
  const top = new Float64Array(out.length);
  /** adds to `into` what a vote on each pair does for the contrast between k and l */
  const value = (k: number, l: number, into: Float64Array) => {
    const [dk, dl] = [(fits[k] as { variance: number }).variance, (fits[l] as { variance: number }).variance];
    for (let i = 0; i < n; i++)
      for (const j of [k, l]) {
        if (i === j || (i === (j === k ? l : k) && j === l)) continue; // the pair (k, l) is counted once
        // cᵀD(eᵢ − eⱼ) for c = e_k − e_l: only the terms where i or j is k or l
        const projection = (i === k ? dk : 0) - (i === l ? dl : 0) - (j === k ? dk : 0) + (j === l ? dl : 0);
        const [fi, fj] = [
          fits[i] as { theta: number; variance: number },
          fits[j] as { theta: number; variance: number },
        ];
        const p = 1 / (1 + Math.exp(fj.theta - fi.theta));
        const info = p * (1 - p);
        into[at(i, j)] =
          (into[at(i, j)] as number) + (projection ** 2 * info) / (1 + (fi.variance + fj.variance) * info);
      }
  };
  // unresolved neighbours in the current order (for the order: Kendall's τ)
  for (let r = 0; r + 1 < ranked.length; r++) {
    const [k, l] = [ranked[r] as number, ranked[r + 1] as number];
    const [fk, fl] = [fits[k] as { theta: number; variance: number }, fits[l] as { theta: number; variance: number }];
    if (Math.abs(fk.theta - fl.theta) < 1.96 * Math.sqrt(fk.variance + fl.variance)) value(k, l, out);
  }
  // the leader against every model whose interval reaches its own (for the top: Rank (UB) 1 alone)
  const leader = ranked[0];
  if (leader !== undefined) {
    const lower = (fits[leader] as { theta: number }).theta - bound(leader);
    for (const j of ranked.slice(1))
      if ((fits[j] as { theta: number }).theta + bound(j) >= lower) value(leader, j, top);
  }
  // the two aims apart, each normalised: the neighbours' contrasts are many and would drown the leader's
  const neighbours = normalised(out);
  const leading = normalised(top);
  if (!neighbours || !leading) return neighbours ?? leading ?? out;
  return neighbours.map((x, k) => (1 - leaderShare) * x + leaderShare * (leading[k] as number));
}

export function pairDistribution(
  pool: Candidate[],
  state: BoardState,
  policy: PairingPolicy,
  settings: AdaptiveSettings = ADAPTIVE_DEFAULTS,
  stratum?: string,
): PairDistribution {
  const pairs = pairsOf(pool);
  const uniform = normalised(uniformWeights(pool)) ?? new Float64Array(pairs.length).fill(1 / pairs.length);
  if (policy === "uniform" || pairs.length <= 1) return distribution(pairs, uniform);

  const placed = inPlacement(state, settings, stratum);
  const placement = new Float64Array(pairs.length);
  // placement is for the few newcomers of an established board; when most models are new (a cold start) there is
  // nothing settled to place them against, and the information part does the work
  const newcomers = pool.filter((m) => placed(m.id)).map((m) => m.id);
  const placing = new Set(2 * newcomers.length < pool.length ? newcomers : []);
  // placement: each model in placement equally, its rival by p(1 − p) (similar strength tells the most)
  // how much a vote on each pair tells: p(1 − p), never quite 0, so a newcomer far from everyone (or a wild early
  // fit) still has rivals
  const closeness = pairs.map(([a, b]) => {
    const p = winChance(state.models.get(a), state.models.get(b));
    return p * (1 - p) + 1e-6;
  });
  const rivalTotals = new Map<string, number>();
  for (const [k, [a, b]] of pairs.entries())
    for (const id of [a, b]) rivalTotals.set(id, (rivalTotals.get(id) ?? 0) + (closeness[k] as number));
  for (const [k, [a, b]] of pairs.entries()) {
    let w = 0;
    for (const id of [a, b])
      if (placing.has(id)) w += (closeness[k] as number) / (rivalTotals.get(id) as number) / placing.size;
    placement[k] = w;
  }
  const information = informationWeights(pool, state, placing, settings.leaderShare);
  const placementPart = placing.size ? normalised(placement) : null;
  const informationPart = normalised(information);
  const explore = settings.exploration;
  const placementShare = placementPart ? Math.min(settings.placementShare, 1 - explore) : 0;
  const informationShare = informationPart ? 1 - explore - placementShare : 0;
  // what neither placement nor information takes goes to the uniform floor
  const uniformShare = 1 - placementShare - informationShare;
  const probability = new Float64Array(pairs.length);
  for (let k = 0; k < pairs.length; k++)
    probability[k] =
      uniformShare * (uniform[k] as number) +
      placementShare * (placementPart?.[k] ?? 0) +
      informationShare * (informationPart?.[k] ?? 0);
  return distribution(pairs, probability);
}

/** One pair from a distribution, sides at random, with the probability of drawing that pair (either side). */
export function drawPair(
  distribution: PairDistribution,
  rand: () => number = Math.random,
): { pair: [string, string]; probability: number } {
  const u = rand() * (distribution.cumulative.at(-1) as number);
  // the first pair whose running sum passes u
  let lo = 0;
  let hi = distribution.pairs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((distribution.cumulative[mid] as number) > u) hi = mid;
    else lo = mid + 1;
  }
  const k = lo;
  const [a, b] = distribution.pairs[k] as [string, string];
  return { pair: rand() < 0.5 ? [a, b] : [b, a], probability: distribution.probability[k] as number };
}
