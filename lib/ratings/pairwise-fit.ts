// Maximum-likelihood fit of the (contextual) Bradley–Terry model by Newton's method:
//   logit P(a beats b) = alpha·(r_a − r_b) + x·γ,
//   loss = Σ w·[softplus(z) − y·z] + (l2/2)·‖(r, γ)‖².
// Each Newton step solves the small (models + features) system with a Cholesky factorisation, with a
// backtracking line search; from a warm start it converges in two or three steps.
import { solveSpdInPlace } from "./linalg";
import { gradientPass4, hessianPass4 } from "./style-kernel";
import type { HessianPass, PairwiseData } from "./types";

export type { PairwiseData } from "./types";

export interface FitSettings {
  alpha: number;
  /** ridge coefficient: the penalty is (l2 / 2)·‖θ‖² */
  l2: number;
  /** parameters held at their initial value (one model per component fixes the scale's origin when l2 = 0) */
  pinned: Int32Array;
  maxIterations?: number;
}

export interface FitResult {
  theta: Float64Array;
  iterations: number;
  converged: boolean;
}

export function rowCount(data: PairwiseData): number {
  return data.a.length;
}

/** Each row's P(a beats b) at one point: the first pass of every bootstrap round starting there reads them instead
 *  of recomputing an exp per row. */
export interface RowTerms {
  p: Float64Array;
}

export function rowTerms(data: PairwiseData, theta: Float64Array, alpha: number): RowTerms {
  const { nModels: M, nFeatures: F, a, b, x } = data;
  const rows = a.length;
  const p = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let z = alpha * ((theta[a[i] as number] as number) - (theta[b[i] as number] as number));
    const base = i * F;
    for (let f = 0; f < F; f++) z += (x[base + f] as number) * (theta[M + f] as number);
    const e = Math.exp(-Math.abs(z));
    p[i] = z >= 0 ? 1 / (1 + e) : e / (1 + e);
  }
  return { p };
}

// Loss, gradient and Hessian are passes of their own: one loop choosing what to compute (optional g and H, the
// loss) measured 1.5–2.5x slower per row in V8; where a row's probability comes from (known or computed) is a
// choice inside the Hessian passes, which costs nothing measurable. The
// loss is a pass of its own: Newton needs it only to check a large step, and its log1p costs as much as the exp
// (~15 ns each per row, against ~1 ns for a multiply-add).

/** The loss at theta. */
export function lossAt(data: PairwiseData, weights: Float64Array, theta: Float64Array, settings: FitSettings): number {
  let loss = lossPass(data, weights, theta, settings.alpha);
  if (settings.l2 > 0) {
    let norm = 0;
    for (let k = 0; k < theta.length; k++) norm += (theta[k] as number) ** 2;
    loss += 0.5 * settings.l2 * norm;
  }
  return loss;
}

/**
 * The gradient at theta into g and, when H is given, the Hessian (row-major n×n). `at`: the rows' terms at this
 * very theta (rowTerms), read instead of computed.
 */
export function derivatives(
  data: PairwiseData,
  weights: Float64Array,
  theta: Float64Array,
  settings: FitSettings,
  g: Float64Array,
  H?: Float64Array,
  at?: RowTerms,
): void {
  g.fill(0);
  const four = data.nFeatures === 4;
  if (H) {
    H.fill(0);
    if (four) hessianPass4(data, weights, theta, settings.alpha, at?.p ?? null, g, H);
    else hessianPass(data, weights, theta, settings.alpha, at?.p ?? null, g, H);
    mirrorFeatureBlocks(H, data.nModels, data.nFeatures);
  } else if (four) {
    gradientPass4(data, weights, theta, settings.alpha, g);
  } else {
    gradientPass(data, weights, theta, settings.alpha, g);
  }
  const { l2 } = settings;
  if (l2 > 0) {
    const n = data.nModels + data.nFeatures;
    for (let k = 0; k < n; k++) g[k] = (g[k] as number) + l2 * (theta[k] as number);
    if (H) for (let k = 0; k < n; k++) H[k * n + k] = (H[k * n + k] as number) + l2;
  }
}

function lossPass(data: PairwiseData, weights: Float64Array, theta: Float64Array, alpha: number): number {
  const { nModels: M, nFeatures: F, a, b, y, x } = data;
  const rows = a.length;
  let loss = 0;
  for (let i = 0; i < rows; i++) {
    const w = weights[i] as number;
    if (w === 0) continue;
    let z = alpha * ((theta[a[i] as number] as number) - (theta[b[i] as number] as number));
    const base = i * F;
    for (let f = 0; f < F; f++) z += (x[base + f] as number) * (theta[M + f] as number);
    const e = Math.exp(-Math.abs(z));
    loss += w * (Math.max(z, 0) + Math.log1p(e) - (y[i] as number) * z);
  }
  return loss;
}

function gradientPass(data: PairwiseData, weights: Float64Array, theta: Float64Array, alpha: number, g: Float64Array) {
  const { nModels: M, nFeatures: F, a, b, y, x } = data;
  const rows = a.length;
  for (let i = 0; i < rows; i++) {
    const w = weights[i] as number;
    if (w === 0) continue;
    const ai = a[i] as number;
    const bi = b[i] as number;
    let z = alpha * ((theta[ai] as number) - (theta[bi] as number));
    const base = i * F;
    for (let f = 0; f < F; f++) z += (x[base + f] as number) * (theta[M + f] as number);
    const e = Math.exp(-Math.abs(z));
    const p = z >= 0 ? 1 / (1 + e) : e / (1 + e);
    const r = w * (p - (y[i] as number));
    g[ai] = (g[ai] as number) + alpha * r;
    g[bi] = (g[bi] as number) - alpha * r;
    for (let f = 0; f < F; f++) g[M + f] = (g[M + f] as number) + r * (x[base + f] as number);
  }
}

/** The gradient and Hessian in TypeScript, for any number of style features (the WebAssembly kernel takes four). */
const hessianPass: HessianPass = (data, weights, theta, alpha, known, g, H) => {
  const { nModels: M, nFeatures: F, a, b, y, x } = data;
  const n = M + F;
  const rows = a.length;
  const alpha2 = alpha * alpha;
  for (let i = 0; i < rows; i++) {
    const w = weights[i] as number;
    if (w === 0) continue;
    const ai = a[i] as number;
    const bi = b[i] as number;
    const base = i * F;
    let p: number;
    if (known) p = known[i] as number;
    else {
      let z = alpha * ((theta[ai] as number) - (theta[bi] as number));
      for (let f = 0; f < F; f++) z += (x[base + f] as number) * (theta[M + f] as number);
      const e = Math.exp(-Math.abs(z));
      p = z >= 0 ? 1 / (1 + e) : e / (1 + e);
    }
    const r = w * (p - (y[i] as number));
    const s = w * p * (1 - p);
    g[ai] = (g[ai] as number) + alpha * r;
    g[bi] = (g[bi] as number) - alpha * r;
    const s2 = s * alpha2;
    H[ai * n + ai] = (H[ai * n + ai] as number) + s2;
    H[bi * n + bi] = (H[bi * n + bi] as number) + s2;
    H[ai * n + bi] = (H[ai * n + bi] as number) - s2;
    H[bi * n + ai] = (H[bi * n + ai] as number) - s2;
    if (F > 0) {
      const sa = s * alpha;
      for (let f = 0; f < F; f++) {
        const xf = x[base + f] as number;
        const col = M + f;
        g[col] = (g[col] as number) + r * xf;
        H[ai * n + col] = (H[ai * n + col] as number) + sa * xf;
        H[bi * n + col] = (H[bi * n + col] as number) - sa * xf;
        const sx = s * xf;
        for (let h = 0; h <= f; h++) {
          const k = col * n + M + h;
          H[k] = (H[k] as number) + sx * (x[base + h] as number);
        }
      }
    }
  }
};

// FastChat's four style features, the default of every style-controlled board, have passes of their own in
// WebAssembly (style-kernel.ts): the feature sums in locals, each row's model terms added into its pair's sums.

/** The passes fill the model–feature and feature–feature blocks on one side only. */
function mirrorFeatureBlocks(H: Float64Array, M: number, F: number): void {
  const n = M + F;
  for (let m = 0; m < M; m++) for (let f = 0; f < F; f++) H[(M + f) * n + m] = H[m * n + M + f] as number;
  for (let f = 0; f < F; f++) for (let h = 0; h < f; h++) H[(M + h) * n + M + f] = H[(M + f) * n + M + h] as number;
}

/** Below this step (in the largest parameter) Newton is in its quadratic basin and takes its full step without
 *  computing the loss. The step is kept when the slope along it at its end is at most half the slope's size at its
 *  start: the trapezoid rule, exact for the quadratic Newton fits, then puts the loss a quarter of the start slope
 *  lower. Otherwise the step is checked the usual way (Armijo on the loss). Near the optimum the end slope is
 *  second order in the step, of either sign, so a test of its sign alone sent half the steps to the loss. */
const LOSS_FREE_STEP = 0.25;

/** Below this step the Hessian changes by about as little as the step, so the next pass computes the gradient only
 *  and the next step reuses the Hessian. That step is off by about the step before times itself (~0.6·s³ for a step
 *  s here), which must stay under the stopping rule's 5e-13: below 1e-4 it does and one gradient pass finishes the
 *  fit; above, a second gradient pass would be needed, and a whole pass is cheaper (the overall and no-tie style
 *  boards of 1M battles, one thread: 11.3–12.1 s with 1e-3, 10.1–10.8 s with 1e-4). */
const LAZY_HESSIAN_STEP = 1e-4;

export function fitPairwise(
  data: PairwiseData,
  weights: Float64Array,
  settings: FitSettings,
  init?: Float64Array,
  /** the rows' terms at init (rowTerms), when the caller has them: the first pass reads them */
  initTerms?: RowTerms,
): FitResult {
  const n = data.nModels + data.nFeatures;
  const maxIterations = settings.maxIterations ?? 100;
  let theta = init ? init.slice() : new Float64Array(n);
  const pinned = new Uint8Array(n);
  if (settings.l2 === 0) for (const p of settings.pinned) pinned[p] = 1;
  const free: number[] = [];
  for (let k = 0; k < n; k++) if (!pinned[k]) free.push(k);
  const m = free.length;

  const g = new Float64Array(n);
  const H = new Float64Array(n * n);
  const g2 = new Float64Array(n);
  const H2 = new Float64Array(n * n);
  derivatives(data, weights, theta, settings, g, H, init ? initTerms : undefined);
  /** how far theta has moved since the Hessian in H was computed (a lazy pass keeps the old one) */
  let hessianDistance = 0;
  /** the loss at theta, computed only when a step has to be checked against it */
  let loss = Number.NaN;
  const system = new Float64Array(m * m);
  const descent = new Float64Array(m);
  let iterations = 0;
  let converged = false;

  while (iterations < maxIterations) {
    iterations++;
    // Newton direction on the free parameters, damped if the Hessian is not positive definite.
    let damping = 0;
    let maxDiag = 0;
    for (let i = 0; i < m; i++) maxDiag = Math.max(maxDiag, H[(free[i] as number) * n + (free[i] as number)] as number);
    let step: Float64Array | null = null;
    for (;;) {
      for (let i = 0; i < m; i++) {
        const fi = free[i] as number;
        for (let j = 0; j < m; j++) system[i * m + j] = H[fi * n + (free[j] as number)] as number;
        system[i * m + i] = (system[i * m + i] as number) + damping;
        descent[i] = -(g[fi] as number);
      }
      step = solveSpdInPlace(system, m, descent);
      if (step) break;
      damping = damping === 0 ? Math.max(1e-10, 1e-10 * maxDiag) : damping * 10;
      if (damping > 1e12 * Math.max(1, maxDiag)) return { theta, iterations, converged: false };
    }
    let slope = 0;
    let largest = 0;
    for (let i = 0; i < m; i++) {
      slope += (g[free[i] as number] as number) * (step[i] as number);
      largest = Math.max(largest, Math.abs(step[i] as number));
    }
    if (largest < 1e-12 || -slope < 1e-20) {
      converged = true;
      break;
    }
    if (largest < 1e-6 && largest * hessianDistance < 5e-13) {
      // Newton converges quadratically: after a step this small the error is ~1e-12, so take it and stop
      // without paying for another pass over the data. A step from a Hessian computed elsewhere is off by about
      // that distance times the step: it is taken last only when that is as small.
      for (let i = 0; i < m; i++) {
        const k = free[i] as number;
        theta[k] = (theta[k] as number) + (step[i] as number);
      }
      converged = true;
      break;
    }
    const candidate = new Float64Array(n);
    const moveTo = (t: number) => {
      candidate.set(theta);
      for (let i = 0; i < m; i++) {
        const k = free[i] as number;
        candidate[k] = (candidate[k] as number) + t * (step[i] as number);
      }
    };
    if (largest < LOSS_FREE_STEP) {
      moveTo(1);
      const lazy = hessianDistance + largest < LAZY_HESSIAN_STEP;
      derivatives(data, weights, candidate, settings, g2, lazy ? undefined : H2);
      let slopeAtEnd = 0;
      for (let i = 0; i < m; i++) slopeAtEnd += (g2[free[i] as number] as number) * (step[i] as number);
      if (slopeAtEnd <= -0.5 * slope) {
        theta = candidate;
        loss = Number.NaN;
        g.set(g2);
        if (lazy) hessianDistance += largest;
        else {
          H.set(H2);
          hessianDistance = 0;
        }
        continue;
      }
    }
    // Backtracking line search (Armijo) on the loss.
    if (Number.isNaN(loss)) loss = lossAt(data, weights, theta, settings);
    let t = 1;
    let accepted = false;
    for (let tries = 0; tries < 40; tries++) {
      moveTo(t);
      const next = lossAt(data, weights, candidate, settings);
      if (next <= loss + 1e-4 * t * slope || (Math.abs(next - loss) <= 1e-14 * Math.abs(loss) && t === 1)) {
        theta = candidate;
        loss = next;
        derivatives(data, weights, theta, settings, g, H);
        hessianDistance = 0;
        accepted = true;
        break;
      }
      t /= 2;
    }
    if (!accepted) {
      converged = true; // no further decrease is possible at machine precision
      break;
    }
    if (largest * t < 1e-9) {
      converged = true;
      break;
    }
  }
  return { theta, iterations, converged };
}
