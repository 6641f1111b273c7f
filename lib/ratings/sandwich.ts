// Sandwich (robust) standard errors, Cov = H⁻¹ G H⁻¹, as arena-rank and LMArena (since July 2025) use:
// H is the Hessian of the loss, G the summed outer products of the per-battle gradients. Fast and deterministic.
import { CholeskyDecomposition, Matrix } from "ml-matrix";
import { derivatives, type FitSettings, type PairwiseData } from "./pairwise-fit";

/** The n×n matrix held row-major in `values`. */
const squareMatrix = (values: ArrayLike<number>, n: number): Matrix => Matrix.from1DArray(n, n, values as number[]);

/** The inverse of a symmetric positive-definite matrix, or null when it is not positive definite. */
function spdInverse(A: Matrix): Matrix | null {
  const cholesky = new CholeskyDecomposition(A);
  return cholesky.isPositiveDefinite() ? cholesky.solve(Matrix.eye(A.rows)) : null;
}

/** Σ w·(p − y)²·v vᵀ with v = (alpha·(e_a − e_b), x): w is a row's battle count (times its pair weight squared
 *  when reweighted: each battle's gradient carries the weight once, so its outer product twice). */
function gradientOuterProducts(data: PairwiseData, weights: Float64Array, theta: Float64Array, alpha: number) {
  const { nModels: M, nFeatures: F, a, b, y, x } = data;
  const n = M + F;
  const G = new Float64Array(n * n);
  const v = new Float64Array(n);
  for (let i = 0; i < a.length; i++) {
    const w = weights[i] as number;
    if (w === 0) continue;
    const ai = a[i] as number;
    const bi = b[i] as number;
    let z = alpha * ((theta[ai] as number) - (theta[bi] as number));
    for (let f = 0; f < F; f++) z += (x[i * F + f] as number) * (theta[M + f] as number);
    const p = 1 / (1 + Math.exp(-z));
    const s = w * (p - (y[i] as number)) ** 2;
    v.fill(0);
    v[ai] = alpha;
    v[bi] = -alpha;
    for (let f = 0; f < F; f++) v[M + f] = x[i * F + f] as number;
    const idx = [ai, bi];
    for (let f = 0; f < F; f++) idx.push(M + f);
    for (const r of idx) {
      for (const c of idx) {
        const k = r * n + c;
        G[k] = (G[k] as number) + s * (v[r] as number) * (v[c] as number);
      }
    }
  }
  return G;
}

/**
 * Covariance of the parameters. With l2 = 0 the ratings of a component are only defined up to a constant:
 * the covariance is computed with one model per component pinned, then moved to the centred gauge (ratings of
 * each component summing to zero), which is the gauge the ratings are reported in.
 */
export function sandwichCovariance(
  data: PairwiseData,
  weights: Float64Array,
  theta: Float64Array,
  settings: FitSettings,
  components: Int32Array,
  outerWeights: Float64Array = weights,
): Float64Array | null {
  const n = data.nModels + data.nFeatures;
  const H = new Float64Array(n * n);
  derivatives(data, weights, theta, settings, new Float64Array(n), H);
  const G = gradientOuterProducts(data, outerWeights, theta, settings.alpha);
  const pinned = new Uint8Array(n);
  if (settings.l2 === 0) for (const p of settings.pinned) pinned[p] = 1;
  const free: number[] = [];
  for (let k = 0; k < n; k++) if (!pinned[k]) free.push(k);
  const m = free.length;
  const Hf = squareMatrix(H, n).selection(free, free);
  const Gf = squareMatrix(G, n).selection(free, free);
  const Hinv = spdInverse(Hf);
  if (!Hinv) return null;
  const covFree = Hinv.mmul(Gf).mmul(Hinv);
  const cov = new Matrix(n, n);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) cov.set(free[i] as number, free[j] as number, covFree.get(i, j));
  }
  if (settings.l2 !== 0) return Float64Array.from(cov.to1DArray());
  // Centre: r' = P r with P = I − (1/|c|)·11ᵀ within each component (features untouched); Cov' = P Cov Pᵀ.
  const P = Matrix.eye(n);
  const sizes = new Map<number, number>();
  for (let k = 0; k < data.nModels; k++)
    sizes.set(components[k] as number, (sizes.get(components[k] as number) ?? 0) + 1);
  for (let i = 0; i < data.nModels; i++) {
    for (let j = 0; j < data.nModels; j++) {
      if (components[i] === components[j])
        P.set(i, j, P.get(i, j) - 1 / (sizes.get(components[i] as number) as number));
    }
  }
  return Float64Array.from(P.mmul(cov).mmul(P.transpose()).to1DArray());
}
