// Maximum-likelihood fit of the (contextual) Bradley–Terry model by Newton's method:
//   logit P(a beats b) = alpha·(r_a − r_b) + x·γ,
//   loss = Σ w·[softplus(z) − y·z] + (l2/2)·‖(r, γ)‖².
// Each Newton step solves the small (models + features) system with a Cholesky factorisation, with a
// backtracking line search; from a warm start it converges in two or three steps.
import { solveSpdInPlace } from "./linalg";

export interface PairwiseData {
  nModels: number;
  nFeatures: number;
  a: Int32Array;
  b: Int32Array;
  /** score of model a: 1, 0.5 or 0 */
  y: Float64Array;
  /** row-major features, rows × nFeatures (empty when nFeatures = 0) */
  x: Float64Array;
}

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
  loss: number;
  iterations: number;
  converged: boolean;
}

export function rowCount(data: PairwiseData): number {
  return data.a.length;
}

/** One pass over the data: loss, and when g is given the gradient and the Hessian (row-major n×n). */
export function evaluate(
  data: PairwiseData,
  weights: Float64Array,
  theta: Float64Array,
  settings: FitSettings,
  g?: Float64Array,
  H?: Float64Array,
): number {
  const { nModels: M, nFeatures: F, a, b, y, x } = data;
  const { alpha, l2 } = settings;
  const n = M + F;
  const rows = a.length;
  const full = g !== undefined && H !== undefined;
  if (full) {
    g.fill(0);
    H.fill(0);
  }
  const alpha2 = alpha * alpha;
  let loss = 0;
  for (let i = 0; i < rows; i++) {
    const w = weights[i] as number;
    if (w === 0) continue;
    const ai = a[i] as number;
    const bi = b[i] as number;
    let z = alpha * ((theta[ai] as number) - (theta[bi] as number));
    const base = i * F;
    for (let f = 0; f < F; f++) z += (x[base + f] as number) * (theta[M + f] as number);
    const yi = y[i] as number;
    const e = Math.exp(-Math.abs(z));
    loss += w * (Math.max(z, 0) + Math.log1p(e) - yi * z);
    if (!full) continue;
    const p = z >= 0 ? 1 / (1 + e) : e / (1 + e);
    const r = w * (p - yi);
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
  if (full && F > 0) {
    // mirror the blocks filled on one side only
    for (let m = 0; m < M; m++) for (let f = 0; f < F; f++) H[(M + f) * n + m] = H[m * n + M + f] as number;
    for (let f = 0; f < F; f++) for (let h = 0; h < f; h++) H[(M + h) * n + M + f] = H[(M + f) * n + M + h] as number;
  }
  if (l2 > 0) {
    let norm = 0;
    for (let k = 0; k < n; k++) norm += (theta[k] as number) ** 2;
    loss += 0.5 * l2 * norm;
    if (full) {
      for (let k = 0; k < n; k++) {
        g[k] = (g[k] as number) + l2 * (theta[k] as number);
        H[k * n + k] = (H[k * n + k] as number) + l2;
      }
    }
  }
  return loss;
}

export function fitPairwise(
  data: PairwiseData,
  weights: Float64Array,
  settings: FitSettings,
  init?: Float64Array,
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
  let loss = evaluate(data, weights, theta, settings, g, H);
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
      if (damping > 1e12 * Math.max(1, maxDiag)) return { theta, loss, iterations, converged: false };
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
    if (largest < 1e-6) {
      // Newton converges quadratically: after a step this small the error is ~1e-12, so take it and stop
      // without paying for another pass over the data.
      for (let i = 0; i < m; i++) {
        const k = free[i] as number;
        theta[k] = (theta[k] as number) + (step[i] as number);
      }
      converged = true;
      break;
    }
    // Backtracking line search (Armijo); the full step is almost always accepted.
    let t = 1;
    let accepted = false;
    const candidate = new Float64Array(n);
    for (let tries = 0; tries < 40; tries++) {
      candidate.set(theta);
      for (let i = 0; i < m; i++) {
        const k = free[i] as number;
        candidate[k] = (candidate[k] as number) + t * (step[i] as number);
      }
      const next = evaluate(data, weights, candidate, settings, g2, H2);
      if (next <= loss + 1e-4 * t * slope || (Math.abs(next - loss) <= 1e-14 * Math.abs(loss) && t === 1)) {
        theta = candidate;
        loss = next;
        g.set(g2);
        H.set(H2);
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
  return { theta, loss, iterations, converged };
}
