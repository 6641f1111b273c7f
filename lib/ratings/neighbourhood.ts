// "Which model for an image like mine?": a board fitted on the voted battles most similar to a query (issue 43),
// a locally weighted Bradley–Terry. Each battle near the query counts by a Gaussian kernel on its cosine distance,
// w = exp(−½ (d/h)²), the bandwidth h adaptive (the distance of the k-th nearest battle, so a dense neighbourhood
// is narrow and a sparse one wide); the global board's battles enter as a prior worth `priorVotes` votes in all
// (spread over its model pairs as they were played), so a neighbourhood with little evidence leans on the global
// order instead of on noise, and one with much evidence outweighs it. The fit and its sandwich intervals are
// arena-rank's composite objective with one component (./composite.ts): for a weighted likelihood the sandwich is
// the variance that holds (the kernel weights are not counts). The effective number of votes behind it is Kish's
// (Σw)²/Σw²; below `minEffectiveVotes` the board is refused rather than guessed.
import { type CompositeFit, fitComposite } from "./composite";

export interface NeighbourhoodOptions {
  /** the most similar battles considered at most */
  maxNeighbours?: number;
  /** the bandwidth is the distance of this many-th nearest battle (by default a tenth of the candidates, at least
   *  minEffectiveVotes and at most 150: a small arena's neighbourhood must not reach into every kind of picture) */
  bandwidthNeighbours?: number;
  /** below this many effective votes there is no board */
  minEffectiveVotes?: number;
  /** the global board's weight, in votes */
  priorVotes?: number;
}

export const NEIGHBOURHOOD_DEFAULTS = {
  maxNeighbours: 2000,
  /** the most the bandwidth's neighbour count grows to */
  bandwidthNeighbours: 150,
  minEffectiveVotes: 30,
  priorVotes: 20,
};

/** The bandwidth's neighbour count for `candidates` battles. */
export function bandwidthNeighboursFor(candidates: number, options: NeighbourhoodOptions = {}): number {
  if (options.bandwidthNeighbours !== undefined) return options.bandwidthNeighbours;
  const minimum = options.minEffectiveVotes ?? NEIGHBOURHOOD_DEFAULTS.minEffectiveVotes;
  return Math.max(minimum, Math.min(NEIGHBOURHOOD_DEFAULTS.bandwidthNeighbours, Math.ceil(candidates / 10)));
}

/** Battles as the fit reads them: model indices and a's score (1, 0, ½ for a tie). */
export interface ScoredBattles {
  a: Int32Array;
  b: Int32Array;
  outcome: Float64Array;
}

export interface Neighbourhood {
  /** the battles used, as indices into the candidates, most similar first */
  rows: Uint32Array;
  weights: Float64Array;
  /** Kish's effective number of votes */
  effectiveVotes: number;
  /** the kernel's bandwidth, in cosine distance */
  bandwidth: number;
}

/** The kernel weights of the battles nearest to the query, from each candidate's cosine similarity to it. */
export function kernelNeighbourhood(similarities: Float64Array, options: NeighbourhoodOptions = {}): Neighbourhood {
  const o = { ...NEIGHBOURHOOD_DEFAULTS, ...options };
  const order = Uint32Array.from(similarities.keys()).sort(
    (x, y) => (similarities[y] as number) - (similarities[x] as number),
  );
  const nearest = order.subarray(0, Math.min(o.maxNeighbours, order.length));
  const distance = (row: number) => Math.max(0, 1 - (similarities[row] as number));
  const k = Math.min(bandwidthNeighboursFor(similarities.length, options), nearest.length) - 1;
  const bandwidth = Math.max(k >= 0 ? distance(nearest[k] as number) : 0, 1e-6);
  const rows: number[] = [];
  const weights: number[] = [];
  let sum = 0;
  let squares = 0;
  for (const row of nearest) {
    const w = Math.exp(-0.5 * (distance(row) / bandwidth) ** 2);
    if (w < 1e-4) continue;
    rows.push(row);
    weights.push(w);
    sum += w;
    squares += w * w;
  }
  return {
    rows: Uint32Array.from(rows),
    weights: Float64Array.from(weights),
    effectiveVotes: squares > 0 ? (sum * sum) / squares : 0,
    bandwidth,
  };
}

/** The global battles' prior: each pair and outcome once, with its count. */
export interface PairPrior {
  a: Int32Array;
  b: Int32Array;
  outcome: Float64Array;
  count: Float64Array;
  /** battles in all */
  total: number;
}

export function pairPrior(battles: ScoredBattles): PairPrior {
  const groups = new Map<string, { a: number; b: number; y: number; c: number }>();
  for (let r = 0; r < battles.a.length; r++) {
    const key = `${battles.a[r]},${battles.b[r]},${battles.outcome[r]}`;
    const group = groups.get(key);
    if (group) group.c++;
    else
      groups.set(key, {
        a: battles.a[r] as number,
        b: battles.b[r] as number,
        y: battles.outcome[r] as number,
        c: 1,
      });
  }
  const g = [...groups.values()];
  return {
    a: Int32Array.from(g.map((x) => x.a)),
    b: Int32Array.from(g.map((x) => x.b)),
    outcome: Float64Array.from(g.map((x) => x.y)),
    count: Float64Array.from(g.map((x) => x.c)),
    total: battles.a.length,
  };
}

export type NeighbourhoodBoard =
  | {
      enough: true;
      fit: CompositeFit;
      neighbourhood: Neighbourhood;
      /** how far the ratings moved from the global board's toward the neighbourhood's (0 to 1) */
      shrinkage: number;
    }
  | { enough: false; neighbourhood: Neighbourhood };

/**
 * Measured with `npm run bench:neighbourhood`'s check (8,000 training and 1,000 held-out battles, seeds 7–9):
 * the neighbourhood's log-loss minus the global board's where strengths do not depend on the image was +0.0022
 * [0.0007, 0.0037] (seed 7) with James–Stein's df − 2, +0.0014 [0.0005, 0.0023] with c = 1, +0.0006 with 1.5 and
 * +0.0001 [−0.0001, 0.0004] with 2; where they do depend, −0.091 to −0.115 whichever c.
 */
const DEPARTURE_FACTOR = 2;

/**
 * A shrinkage factor for the neighbourhood's departure from the global board, of the positive-part James–Stein
 * kind: its Wald statistic W = Σ (d_i − d̄)² / v_i over the models it saw (d the differences in θ, v the local
 * variances, their correlations ignored) against its degrees of freedom, s = max(0, 1 − c·df/W). Where the
 * neighbourhood differs from the global board no more than its noise explains, s is near 0 and the global order
 * stands; where it plainly differs, s is near 1. c = 2 rather than James–Stein's (df − 2)/df: the diagonal W
 * overstates the departure, and the figures above show the smaller c losing to the global board.
 */
function departure(local: CompositeFit, global: CompositeFit, seen: ReadonlySet<number>, alpha: number): number {
  const models = [...seen];
  const df = models.length - 1;
  if (df <= 2) return 1;
  const d = models.map((i) => (local.theta[i] as number) - (global.theta[i] as number));
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  let w = 0;
  models.forEach((i, k) => {
    const v = (local.variances[i] as number) / (alpha * alpha);
    if (v > 0) w += ((d[k] as number) - mean) ** 2 / v;
  });
  return w > 0 ? Math.max(0, 1 - (DEPARTURE_FACTOR * df) / w) : 0;
}

/** The fit moved from the global board's θ toward the local one by `s`, intervals kept at the local widths. */
function shrunk(local: CompositeFit, global: CompositeFit, s: number, alpha: number): CompositeFit {
  const theta = local.theta.map((t, i) => (global.theta[i] as number) + s * (t - (global.theta[i] as number)));
  const shift = (values: Float64Array) =>
    values.map((v, i) => v + ((theta[i] as number) - (local.theta[i] as number)) * alpha);
  return { ...local, theta, ratings: shift(local.ratings), lower: shift(local.lower), upper: shift(local.upper) };
}

/** The locally weighted board over `models` models, or why there is none. */
export function neighbourhoodBoard(
  models: number,
  candidates: ScoredBattles,
  neighbourhood: Neighbourhood,
  prior: PairPrior | null,
  options: NeighbourhoodOptions & { scale?: number; base?: number; initRating?: number; global?: CompositeFit } = {},
): NeighbourhoodBoard {
  const o = { ...NEIGHBOURHOOD_DEFAULTS, ...options };
  if (neighbourhood.effectiveVotes < o.minEffectiveVotes) return { enough: false, neighbourhood };
  const local = neighbourhood.rows.length;
  const priorRows = prior && o.priorVotes > 0 ? prior.a.length : 0;
  const a = new Int32Array(local + priorRows);
  const b = new Int32Array(local + priorRows);
  const outcome = new Float64Array(local + priorRows);
  const weight = new Float64Array(local + priorRows);
  const count = new Float64Array(local + priorRows).fill(1);
  neighbourhood.rows.forEach((row, k) => {
    a[k] = candidates.a[row] as number;
    b[k] = candidates.b[row] as number;
    outcome[k] = candidates.outcome[row] as number;
    weight[k] = neighbourhood.weights[k] as number;
  });
  if (prior && priorRows) {
    // each global battle weighs priorVotes / total: the whole prior is worth priorVotes votes
    const each = o.priorVotes / prior.total;
    for (let k = 0; k < priorRows; k++) {
      a[local + k] = prior.a[k] as number;
      b[local + k] = prior.b[k] as number;
      outcome[local + k] = prior.outcome[k] as number;
      count[local + k] = prior.count[k] as number;
      weight[local + k] = each * (prior.count[k] as number);
    }
  }
  const fit = fitComposite(models, [{ a, b, outcome, weight, count, lossWeight: 1 }], options);
  if (!options.global) return { enough: true, fit, neighbourhood, shrinkage: 1 };
  const seen = new Set<number>();
  for (let k = 0; k < local; k++) {
    seen.add(a[k] as number);
    seen.add(b[k] as number);
  }
  const alpha = (options.scale ?? 400) / Math.log(options.base ?? 10);
  const shrinkage = departure(fit, options.global, seen, alpha);
  return { enough: true, fit: shrunk(fit, options.global, shrinkage, alpha), neighbourhood, shrinkage };
}

/** P(a beats b) under a fit (natural-log θ). */
export const winProbability = (fit: Pick<CompositeFit, "theta">, a: number, b: number) =>
  1 / (1 + Math.exp((fit.theta[b] as number) - (fit.theta[a] as number)));
