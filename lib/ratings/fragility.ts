// How fragile an order is: the fewest votes whose removal would put a model below the next one, found as Broderick
// et al.'s approximate maximum influence perturbation (AMIP; applied to Chatbot Arena by Huang et al., 2025) and then
// confirmed by refitting without them.
//
// Removing one battle k from the fitted loss L moves the parameters by about Δθ ≈ H⁻¹ ∇ℓ_k (one Newton step from the
// optimum, where ∇L = 0), so the gap d = θ_i − θ_j moves by u·∇ℓ_k with u = H⁻¹(e_i − e_j): one solve per pair, one
// dot product per battle. The battles that shrink the gap most are removed first until their summed effect closes
// it; the refit without them says whether it really does (a linear guess can fall short on a small board), and if
// not, more of the same ranking are removed, refitting each time, up to a bounded number of refits.

import { solveSpdInPlace } from "./linalg";
import { derivatives, type FitSettings, fitPairwise } from "./pairwise-fit";
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

/** The influence of removing one battle of each row on θ_i − θ_j (negative: it closes the gap). */
function influences(input: FragilityInput, i: number, j: number): Float64Array | null {
  const { data, weights, settings, theta, multiplicity } = input;
  const M = data.nModels;
  const F = data.nFeatures;
  const n = M + F;
  const g = new Float64Array(n);
  const H = new Float64Array(n * n);
  derivatives(data, weights, theta, settings, g, H);
  const pinned = new Uint8Array(n);
  if (settings.l2 === 0) for (const p of settings.pinned) pinned[p] = 1;
  const free: number[] = [];
  for (let k = 0; k < n; k++) if (!pinned[k]) free.push(k);
  const m = free.length;
  const system = new Float64Array(m * m);
  const rhs = new Float64Array(m);
  free.forEach((r, fr) => {
    free.forEach((c, fc) => {
      system[fr * m + fc] = H[r * n + c] as number;
    });
    rhs[fr] = r === i ? 1 : r === j ? -1 : 0;
  });
  const solved = solveSpdInPlace(system, m, rhs);
  if (!solved) return null;
  const u = new Float64Array(n);
  free.forEach((r, fr) => {
    u[r] = solved[fr] as number;
  });
  const { a, b, y, x } = data;
  const out = new Float64Array(a.length);
  for (let r = 0; r < a.length; r++) {
    const ar = a[r] as number;
    const br = b[r] as number;
    let z = settings.alpha * ((theta[ar] as number) - (theta[br] as number));
    let uv = settings.alpha * ((u[ar] as number) - (u[br] as number));
    for (let f = 0; f < F; f++) {
      z += (x[r * F + f] as number) * (theta[M + f] as number);
      uv += (x[r * F + f] as number) * (u[M + f] as number);
    }
    const p = 1 / (1 + Math.exp(-z));
    const perBattle = (weights[r] as number) / Math.max(1, multiplicity[r] as number);
    out[r] = perBattle * (p - (y[r] as number)) * uv;
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

/** The fragility of the order of model i above model j (local indices, θ_i > θ_j). */
export function pairFragility(input: FragilityInput, i: number, j: number): Fragility {
  const name = input.names[j] as string;
  const effect = influences(input, i, j);
  if (!effect) return { votes: null, approximate: null, with: name };
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
