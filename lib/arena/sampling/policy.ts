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
//   · information, the rest, over the listed pairs whose order is still unresolved (their 95% intervals of the
//     difference include 0), weighted by p(1 − p)·(se_i² + se_j²): the expected reduction in the variance of the
//     difference a vote buys, largest for close pairs of uncertain models. Resolved pairs get only the floor.
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
}

export const ADAPTIVE_DEFAULTS: AdaptiveSettings = {
  exploration: 0.2,
  placementShare: 0.4,
  placementVotes: 300,
  stratumVotes: 100,
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
  // the index of the unordered pair {i, j} in pairsOf's order
  const at = (i: number, j: number): number => {
    const [lo, hi] = i < j ? [i, j] : [j, i];
    return lo * n - (lo * (lo + 1)) / 2 + (hi - lo - 1);
  };
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
  const information = new Float64Array(pairs.length);
  const placing = new Set(pool.filter((m) => placed(m.id)).map((m) => m.id));
  // placement: each model in placement equally, its rival by p(1 − p) (similar strength tells the most)
  const rivalTotals = new Map<string, number>();
  for (const [a, b] of pairs) {
    const p = winChance(state.models.get(a), state.models.get(b));
    for (const id of [a, b]) rivalTotals.set(id, (rivalTotals.get(id) ?? 0) + p * (1 - p));
  }
  for (const [k, [a, b]] of pairs.entries()) {
    const sa = state.models.get(a);
    const sb = state.models.get(b);
    const p = winChance(sa, sb);
    let w = 0;
    if (placing.has(a)) w += (p * (1 - p)) / (rivalTotals.get(a) as number) / placing.size;
    if (placing.has(b)) w += (p * (1 - p)) / (rivalTotals.get(b) as number) / placing.size;
    placement[k] = w;
    if (placing.has(a) || placing.has(b) || sa?.se == null || sb?.se == null) continue;
    const variance = sa.se ** 2 + sb.se ** 2;
    const unresolved = Math.abs((sa.theta as number) - (sb.theta as number)) < 1.96 * Math.sqrt(variance);
    if (unresolved) information[k] = p * (1 - p) * variance;
  }
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
