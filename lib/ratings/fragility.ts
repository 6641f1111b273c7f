// How fragile an order is: the fewest votes whose removal would put a model below the next one, found as Broderick
// et al.'s approximate maximum influence perturbation (AMIP; applied to Chatbot Arena by Huang et al., 2025) and then
// confirmed by refitting without them.
//
// Removing one battle k from the fitted loss L moves the parameters by about Δθ ≈ H⁻¹ ∇ℓ_k (one Newton step from the
// optimum, where ∇L = 0), so the gap d = θ_i − θ_j moves by u·∇ℓ_k with u = H⁻¹(e_i − e_j): one solve per pair, one
// dot product per battle, the Hessian factored once per board. The battles that shrink the gap most are removed
// first until their summed effect closes it; the refit without them says whether it really does (a linear guess can
// fall short on a small board), and if not, more of the same ranking are removed, refitting each time, up to a
// bounded number of refits.
import { CholeskyDecomposition, Matrix } from "ml-matrix";
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

export interface FragilityInput {
  data: PairwiseData;
  /** each row's loss weight (count × pair weight) */
  weights: Float64Array;
  /** battles each row stands for */
  multiplicity: Float64Array;
  settings: FitSettings;
  theta: Float64Array;
  names: string[];
}

const MAX_REFITS = 12;

/**
 * What every pair of one board shares: the Hessian at the fit, factored once (ml-matrix's Cholesky, as the sandwich
 * does once per board) on the free parameters, and each row's P(a beats b) there.
 */
interface InfluenceBasis {
  free: number[];
  cholesky: CholeskyDecomposition;
  p: Float64Array;
}

function influenceBasis(input: FragilityInput): InfluenceBasis | null {
  const { data, weights, settings, theta } = input;
  const n = data.nModels + data.nFeatures;
  const H = new Float64Array(n * n);
  derivatives(data, weights, theta, settings, new Float64Array(n), H);
  const pinned = new Uint8Array(n);
  if (settings.l2 === 0) for (const k of settings.pinned) pinned[k] = 1;
  const free: number[] = [];
  for (let k = 0; k < n; k++) if (!pinned[k]) free.push(k);
  const cholesky = new CholeskyDecomposition(Matrix.from1DArray(n, n, Array.from(H)).selection(free, free));
  if (!cholesky.isPositiveDefinite()) return null;
  return { free, cholesky, p: rowTerms(data, theta, settings.alpha).p };
}

/** The influence of removing one battle of each row on θ_i − θ_j (negative: it closes the gap). */
function influences(input: FragilityInput, basis: InfluenceBasis, i: number, j: number): Float64Array {
  const { data, weights, settings, multiplicity } = input;
  const M = data.nModels;
  const F = data.nFeatures;
  const rhs = Matrix.columnVector(basis.free.map((k) => (k === i ? 1 : k === j ? -1 : 0)));
  const solved = basis.cholesky.solve(rhs);
  const u = new Float64Array(M + F);
  basis.free.forEach((k, f) => {
    u[k] = solved.get(f, 0);
  });
  const { a, b, y, x } = data;
  const out = new Float64Array(a.length);
  for (let r = 0; r < a.length; r++) {
    let uv = settings.alpha * ((u[a[r] as number] as number) - (u[b[r] as number] as number));
    for (let f = 0; f < F; f++) uv += (x[r * F + f] as number) * (u[M + f] as number);
    const perBattle = (weights[r] as number) / Math.max(1, multiplicity[r] as number);
    out[r] = perBattle * ((basis.p[r] as number) - (y[r] as number)) * uv;
  }
  return out;
}

/** Removes `take` battles following `order` (most gap-closing rows first) from a copy of the weights. */
function without(input: FragilityInput, order: number[], take: number): Float64Array {
  const weights = input.weights.slice();
  let left = take;
  for (const r of order) {
    if (left <= 0) break;
    const many = input.multiplicity[r] as number;
    const removed = Math.min(many, left);
    weights[r] = ((weights[r] as number) * (many - removed)) / many;
    left -= removed;
  }
  return weights;
}

function swapped(input: FragilityInput, weights: Float64Array, i: number, j: number): boolean {
  const { theta } = fitPairwise(input.data, weights, input.settings, input.theta);
  return (theta[i] as number) <= (theta[j] as number);
}

/** The fragility of each order [i above j] (local indices, θ_i > θ_j) of one board. */
export function boardFragility(input: FragilityInput, pairs: readonly [number, number][]): Fragility[] {
  const basis = influenceBasis(input);
  return pairs.map(([i, j]) =>
    basis ? pairFragility(input, basis, i, j) : { votes: null, approximate: null, with: input.names[j] as string },
  );
}

function pairFragility(input: FragilityInput, basis: InfluenceBasis, i: number, j: number): Fragility {
  const name = input.names[j] as string;
  const effect = influences(input, basis, i, j);
  const gap = (input.theta[i] as number) - (input.theta[j] as number);
  const order = [...effect.keys()].filter((r) => (effect[r] as number) < 0).sort((p, q) => effect[p]! - effect[q]!);
  const total = order.reduce((s, r) => s + (input.multiplicity[r] as number), 0);
  // the linear guess: battles taken, most gap-closing first, until their summed effect closes the gap
  let approximate: number | null = null;
  let closed = 0;
  let taken = 0;
  for (const r of order) {
    const many = input.multiplicity[r] as number;
    const each = -(effect[r] as number);
    const need = Math.ceil((gap - closed) / each - 1e-12);
    if (need <= many) {
      approximate = taken + Math.max(1, need);
      break;
    }
    closed += each * many;
    taken += many;
  }
  // confirm by refitting; when the guess falls short, remove more of the same ranking (doubling the step)
  let votes: number | null = null;
  let tryVotes = Math.min(approximate ?? Math.max(1, Math.ceil(total / 8)), total);
  let last = 0;
  for (let refit = 0; refit < MAX_REFITS && tryVotes > last && tryVotes <= total; refit++) {
    if (swapped(input, without(input, order, tryVotes), i, j)) {
      votes = tryVotes;
      // the refit may flip with fewer: look between the last that held and this one
      let lo = last;
      let hi = tryVotes;
      while (hi - lo > 1 && refit < MAX_REFITS) {
        const mid = Math.floor((lo + hi) / 2);
        refit++;
        if (swapped(input, without(input, order, mid), i, j)) hi = mid;
        else lo = mid;
      }
      votes = hi;
      break;
    }
    last = tryVotes;
    tryVotes = Math.min(total, Math.max(tryVotes + 1, tryVotes * 2));
  }
  return { votes, approximate, with: name };
}
