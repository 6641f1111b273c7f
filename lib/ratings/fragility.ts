// How fragile an order is: the fewest votes whose removal would put a model below the next one, found as Broderick
// et al.'s approximate maximum influence perturbation (AMIP; applied to Chatbot Arena by Huang et al., 2025) and then
// settled against the refitted model.
//
// Removing one battle k from the fitted loss L moves the parameters by about Δθ ≈ H⁻¹ ∇ℓ_k (one Newton step from the
// optimum, where ∇L = 0), so the gap d = θ_i − θ_j moves by u·∇ℓ_k with u = H⁻¹(e_i − e_j): one solve per pair, one
// dot product per battle, the Hessian factored once per board. The battles that shrink the gap most are removed
// first until their summed effect closes it (the linear guess); the count published is the fewest removals, in that
// order, after which the refitted model no longer ranks i above j, found by a bracketing search whose every step is
// a refitted gap (gapWithout), not the linear guess.
import { CholeskyDecomposition, Matrix } from "ml-matrix";
import { quickselect } from "simple-statistics";
import { derivatives, type FitSettings, fitPairwise, rowTerms } from "./pairwise-fit";
import type { PairwiseData } from "./types";

export interface Fragility {
  /** votes whose removal swaps this model with the next one below, as confirmed by a refit (null: none found) */
  votes: number | null;
  /** what the linear approximation alone says */
  approximate: number | null;
  /** the model it would swap with */
  with: string;
}

/** The battles row `r` stands for. */
const battlesOf = (multiplicity: Float64Array | undefined, r: number) =>
  multiplicity ? (multiplicity[r] as number) : 1;

export interface FragilityInput {
  data: PairwiseData;
  /** each row's loss weight (count × pair weight) */
  weights: Float64Array;
  /** battles each row stands for; none: one each (a style board's rows) */
  multiplicity?: Float64Array;
  settings: FitSettings;
  theta: Float64Array;
  names: string[];
}

/**
 * What every pair of one board shares: the Hessian at the fit, factored once (ml-matrix's Cholesky, as the sandwich
 * does once per board) on the free parameters, each row's P(a beats b) there, and the gradient there (what is left
 * of the fit's own convergence, one pass), from which a removal's gradient is found by subtracting its rows.
 */
interface InfluenceBasis {
  free: number[];
  cholesky: CholeskyDecomposition;
  p: Float64Array;
  residual: Float64Array;
  /** the weights of one removal at a time */
  scratch: Float64Array;
  /** each row's influence, for one pair at a time (pairs are searched one after the other) */
  effect: Float64Array;
}

function influenceBasis(input: FragilityInput): InfluenceBasis | null {
  const { data, weights, settings, theta } = input;
  const n = data.nModels + data.nFeatures;
  const H = new Float64Array(n * n);
  const residual = new Float64Array(n);
  derivatives(data, weights, theta, settings, residual, H);
  const pinned = new Uint8Array(n);
  if (settings.l2 === 0) for (const k of settings.pinned) pinned[k] = 1;
  const free: number[] = [];
  for (let k = 0; k < n; k++) if (!pinned[k]) free.push(k);
  const cholesky = new CholeskyDecomposition(Matrix.from1DArray(n, n, Array.from(H)).selection(free, free));
  if (!cholesky.isPositiveDefinite()) return null;
  return {
    free,
    cholesky,
    p: rowTerms(data, theta, settings.alpha).p,
    residual,
    scratch: new Float64Array(weights.length),
    effect: new Float64Array(weights.length),
  };
}

/** H⁻¹v on the free parameters (pinned ones stay 0). */
function solve(basis: InfluenceBasis, v: Float64Array): Float64Array {
  const solved = basis.cholesky.solve(Matrix.columnVector(basis.free.map((k) => v[k] as number)));
  const out = new Float64Array(v.length);
  basis.free.forEach((k, f) => {
    out[k] = solved.get(f, 0);
  });
  return out;
}

/** The influence of removing one battle of each row on θ_i − θ_j (negative: it closes the gap). */
function influences(input: FragilityInput, basis: InfluenceBasis, i: number, j: number): Float64Array {
  const { data, weights, settings, multiplicity } = input;
  const M = data.nModels;
  const F = data.nFeatures;
  const unit = new Float64Array(M + F);
  unit[i] = 1;
  unit[j] = -1;
  const u = solve(basis, unit);
  const { a, b, y, x } = data;
  // one array per board, not per pair: at 1M battles a fresh 8 MB array per pair kept each thread's heap growing
  const out = basis.effect;
  for (let r = 0; r < a.length; r++) {
    let uv = settings.alpha * ((u[a[r] as number] as number) - (u[b[r] as number] as number));
    for (let f = 0; f < F; f++) uv += (x[r * F + f] as number) * (u[M + f] as number);
    const perBattle = (weights[r] as number) / Math.max(1, battlesOf(multiplicity, r));
    out[r] = perBattle * ((basis.p[r] as number) - (y[r] as number)) * uv;
  }
  return out;
}

/** Removes `take` battles following `order` (most gap-closing rows first) from a copy of the weights, written into
 *  the board's one scratch array (a fresh 8 MB array per removal at 1M battles was a quarter of the time in GC). */
function without(input: FragilityInput, order: RemovalOrder, take: number, scratch: Float64Array): Float64Array {
  const weights = scratch;
  weights.set(input.weights);
  let left = take;
  for (const r of order.prefix(take)) {
    if (left <= 0) break;
    const many = battlesOf(input.multiplicity, r);
    const removed = Math.min(many, left);
    weights[r] = ((weights[r] as number) * (many - removed)) / many;
    left -= removed;
  }
  return weights;
}

/** θ_i − θ_j refitted from scratch without the `take` battles (Newton to convergence, from the board's fit). */
function refitGap(input: FragilityInput, weights: Float64Array, i: number, j: number): number {
  const { theta } = fitPairwise(input.data, weights, input.settings, input.theta);
  return (theta[i] as number) - (theta[j] as number);
}

/** Passes over the rows a removal may take before it is settled by a whole refit instead. */
const MAX_PASSES = 6;
/** How far beyond its estimated error a gap must be for its sign to be trusted. */
const SAFETY = 8;

/**
 * θ_i − θ_j without the first `take` battles of `order`, to the precision that settles its sign: Newton steps with the
 * board's own factored Hessian (a removal of a few hundred battles out of many changes it by as little), the first
 * from the gradient at the fit minus the removed rows' share (no pass over the data), each next one from a gradient
 * pass over every row. The steps shrink geometrically; once the gap is SAFETY times further from 0 than what the
 * remaining steps can still move it, its sign is the converged refit's. Otherwise (a gap within ~1e-9 of 0, steps
 * that do not shrink) the whole refit decides. Each pass is a gradient only: on the overall style board of 1M
 * battles (bench:leaderboard's data) a removal took 1.55 gradient passes of 23 ms on average, where a refit took ~3
 * passes with Hessians; with the search below, that board's fragility went from 70 s to 9 s, its counts unchanged.
 */
function gapWithout(
  input: FragilityInput,
  basis: InfluenceBasis,
  order: RemovalOrder,
  take: number,
  i: number,
  j: number,
) {
  const { data, settings } = input;
  const M = data.nModels;
  const F = data.nFeatures;
  const n = M + F;
  const gradient = basis.residual.slice();
  let left = take;
  for (const r of order.prefix(take)) {
    if (left <= 0) break;
    const many = battlesOf(input.multiplicity, r);
    const removed = Math.min(many, left);
    left -= removed;
    // the removed battles' share of the loss's gradient at the fit
    const share = (((input.weights[r] as number) * removed) / many) * ((basis.p[r] as number) - (data.y[r] as number));
    const ar = data.a[r] as number;
    const br = data.b[r] as number;
    gradient[ar] = (gradient[ar] as number) - settings.alpha * share;
    gradient[br] = (gradient[br] as number) + settings.alpha * share;
    for (let f = 0; f < F; f++) gradient[M + f] = (gradient[M + f] as number) - share * (data.x[r * F + f] as number);
  }
  const theta = input.theta.slice();
  const stepFrom = (g: Float64Array) => {
    const step = solve(basis, g);
    let size = 0;
    for (let k = 0; k < n; k++) {
      theta[k] = (theta[k] as number) - (step[k] as number);
      size = Math.max(size, Math.abs(step[k] as number));
    }
    return size;
  };
  let previous = stepFrom(gradient);
  const weights = without(input, order, take, basis.scratch);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    derivatives(data, weights, theta, settings, gradient);
    const size = stepFrom(gradient);
    const rate = previous > 0 ? size / previous : 0;
    if (rate >= 0.5) break;
    // what the steps still to come can move θ_i − θ_j by, at most about (a geometric series of this step's size)
    const remaining = (2 * size * rate) / (1 - rate);
    const gap = (theta[i] as number) - (theta[j] as number);
    if (Math.abs(gap) > SAFETY * remaining + 1e-12) return gap;
    previous = size;
  }
  return refitGap(input, weights, i, j);
}

/** The fragility of each order [i above j] (local indices, θ_i > θ_j) of one board. */
export function boardFragility(input: FragilityInput, pairs: readonly [number, number][]): Fragility[] {
  const basis = influenceBasis(input);
  return pairs.map(([i, j]) =>
    basis ? pairFragility(input, basis, i, j) : { votes: null, approximate: null, with: input.names[j] as string },
  );
}

/** Evaluations of a removal a pair may take before its search stops with the fewest votes that were seen to swap. */
const MAX_EVALUATIONS = 24;

function pairFragility(input: FragilityInput, basis: InfluenceBasis, i: number, j: number): Fragility {
  const name = input.names[j] as string;
  const effect = influences(input, basis, i, j);
  const gap = (input.theta[i] as number) - (input.theta[j] as number);
  const order = new RemovalOrder(effect, input.multiplicity, gap);
  const approximate = order.votesToClose(0);
  // find the fewest removals that swap the order: bracket it (start at the linear guess, double until it swaps),
  // then narrow the bracket by interpolating the refitted gaps against the linear guess's (the guess's per-battle
  // effects carry the shape; the refit corrects its level), bisecting when that does not narrow it enough
  let held: Evaluated = { votes: 0, gap, linear: gap };
  let swappedAt: Evaluated | null = null;
  let interpolations = 0;
  let tryVotes = Math.min(approximate ?? Math.max(1, Math.ceil(order.total / 8)), order.total);
  for (let evaluation = 0; evaluation < MAX_EVALUATIONS && tryVotes > held.votes; evaluation++) {
    const at: Evaluated = {
      votes: tryVotes,
      gap: gapWithout(input, basis, order, tryVotes, i, j),
      linear: order.at(tryVotes),
    };
    if (at.gap <= 0) swappedAt = at;
    else held = at;
    if (swappedAt && swappedAt.votes - held.votes <= 1) break;
    if (!swappedAt) {
      if (tryVotes >= order.total) break;
      tryVotes = Math.min(order.total, Math.max(tryVotes + 1, tryVotes * 2));
      continue;
    }
    tryVotes = nextProbe(held, swappedAt, order, interpolations++);
  }
  return { votes: swappedAt?.votes ?? null, approximate, with: name };
}

/** Interpolated probes a bracket may take; then it is bisected (a gap that bends away from the guess's shape). */
const INTERPOLATIONS = 4;

/**
 * The next removal to evaluate inside the bracket (held, swapped): where the refitted gap, as a straight line in the
 * linear guess's gap, reaches 0, kept strictly inside the bracket (when that point is its swapped end, the vote below
 * it, which settles whether it is the first to swap); the midpoint once INTERPOLATIONS probes have not closed it.
 */
function nextProbe(held: Evaluated, swapped: Evaluated, order: RemovalOrder, interpolations: number): number {
  const lo = held.votes;
  const hi = swapped.votes;
  const middle = Math.floor((lo + hi) / 2);
  if (interpolations >= INTERPOLATIONS) return middle;
  const t = held.gap / (held.gap - swapped.gap);
  const guess = order.votesToClose(held.linear + t * (swapped.linear - held.linear));
  return Math.min(hi - 1, Math.max(lo + 1, guess ?? middle));
}

type Evaluated = { votes: number; gap: number; linear: number };

/** Battles the first sort of a pair's order covers at least; each later one four times as many rows. */
const FIRST_SORTED = 1024;

/**
 * The battles whose removal closes the gap, most gap-closing first (ties in row order), with the linear guess of the
 * gap after removing the first k of them and its inverse. Only as much of the order is sorted as a caller reads:
 * the rows a search reaches are a few hundred of up to a million, and sorting them all (a stable sort with a
 * comparator) took 0.35 s a pair on the overall style board of 1M battles, two thirds of its fragility. The first
 * rows are found by selecting the threshold effect (Floyd–Rivest, simple-statistics) and sorting only the rows at or
 * below it, in row order, so the prefix is exactly the whole sort's.
 */
class RemovalOrder {
  /** battles (rows × multiplicity) that close the gap */
  readonly total: number;
  private readonly candidates: Int32Array;
  private sorted: number[] = [];
  /** votes and summed effect before each row of `sorted` */
  private votesBefore = new Float64Array(1);
  private effectBefore = new Float64Array(1);
  constructor(
    private readonly effect: Float64Array,
    private readonly multiplicity: Float64Array | undefined,
    readonly gap: number,
  ) {
    let count = 0;
    let total = 0;
    for (let r = 0; r < effect.length; r++) {
      if ((effect[r] as number) < 0) {
        count++;
        total += battlesOf(multiplicity, r);
      }
    }
    this.total = total;
    this.candidates = new Int32Array(count);
    let k = 0;
    for (let r = 0; r < effect.length; r++) if ((effect[r] as number) < 0) this.candidates[k++] = r;
  }

  private get covered(): number {
    return this.votesBefore[this.sorted.length] as number;
  }

  /** The first rows of the order, covering at least `votes` battles (every row when there are fewer). */
  prefix(votes: number): number[] {
    while (this.covered < Math.min(votes, this.total) && this.sorted.length < this.candidates.length) this.grow();
    return this.sorted;
  }

  private grow(): void {
    const { effect, candidates } = this;
    const rows = Math.min(candidates.length, Math.max(FIRST_SORTED, 4 * this.sorted.length));
    let chosen: number[];
    if (rows === candidates.length) chosen = Array.from(candidates);
    else {
      const values = new Float64Array(candidates.length);
      candidates.forEach((r, k) => {
        values[k] = effect[r] as number;
      });
      quickselect(values as unknown as number[], rows - 1);
      const threshold = values[rows - 1] as number;
      chosen = [];
      for (const r of candidates) if ((effect[r] as number) <= threshold) chosen.push(r);
    }
    this.sorted = chosen.sort((p, q) => (effect[p] as number) - (effect[q] as number));
    this.votesBefore = new Float64Array(chosen.length + 1);
    this.effectBefore = new Float64Array(chosen.length + 1);
    chosen.forEach((r, k) => {
      const many = battlesOf(this.multiplicity, r);
      this.votesBefore[k + 1] = (this.votesBefore[k] as number) + many;
      this.effectBefore[k + 1] = (this.effectBefore[k] as number) + many * (effect[r] as number);
    });
  }

  /** gap + the summed effect of the first `votes` battles */
  at(votes: number): number {
    const order = this.prefix(votes);
    let k = 0;
    let hi = order.length;
    // the last row that starts before `votes`
    while (k < hi) {
      const mid = (k + hi + 1) >> 1;
      if ((this.votesBefore[mid] as number) <= votes) k = mid;
      else hi = mid - 1;
    }
    const partial = votes - (this.votesBefore[k] as number);
    const row = order[k];
    const tail = row === undefined || partial <= 0 ? 0 : partial * (this.effect[row] as number);
    return this.gap + (this.effectBefore[k] as number) + tail;
  }

  /** The fewest battles whose summed effect brings the gap down to `level` (null: all of them do not). */
  votesToClose(level: number): number | null {
    let closed = 0;
    let taken = 0;
    let k = 0;
    for (;;) {
      const order = this.prefix(taken + 1);
      if (k >= order.length) return null;
      const r = order[k++] as number;
      const many = battlesOf(this.multiplicity, r);
      const each = -(this.effect[r] as number);
      const need = Math.ceil((this.gap - level - closed) / each - 1e-12);
      if (need <= many) return taken + Math.max(1, need);
      closed += each * many;
      taken += many;
    }
  }
}
