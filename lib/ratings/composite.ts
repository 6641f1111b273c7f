// A Bradley–Terry board from several kinds of pairwise evidence at once, as lmarena/arena-rank's
// CompositeBradleyTerry defines it (arena_rank/composite_bradley_terry.py, May 2026): K components share one rating
// vector θ (natural-log units) and the fit minimises
//
//     L(θ) = Σ_k w_k · NLL_k(θ) / N_k + ½ λ ‖θ‖²,   NLL_k = −Σ_r o_r (y_r z_r − softplus(z_r)),  z_r = θ_a − θ_b,
//
// each component's negative log-likelihood normalised by its own weight mass N_k = Σ_r o_r (o_r the row's
// observation weight; y 1 when a won, 0 when b won, ½ for a tie), so w_k alone sets a component's influence,
// whatever its size. The intervals are the sandwich H⁻¹ B H⁻¹ with
//
//     H = Σ_k (w_k / N_k) H_k + λ I,   B = Σ_k (w_k² / N_k) Σ_k   (components independent: no cross terms),
//
// H_k the component's unnormalised Hessian and Σ_k the centred empirical covariance of its scores. arena-rank
// aggregates identical rows first (counts c, o = c·w) and divides each score's square by c: the same sums as over
// the rows one by one, which is what this does. It minimises with L-BFGS; here Newton's method with a backtracking
// line search reaches the same unique optimum (the objective is strictly convex for λ > 0) to a gradient of 1e-12.
// Ratings are reported as arena-rank does: θ·scale/ln(base) + initRating.
import { inverse, Matrix } from "ml-matrix";
import { normalQuantile } from "../numeric";
import { RatingsError } from "./errors";
import { solveSpdInPlace } from "./linalg";

export interface CompositeComponent {
  /** the models of each row, as indices into the board's models */
  a: Int32Array;
  b: Int32Array;
  /** 1 when a won, 0 when b won, 0.5 for a tie (or any value in between, as arena-rank allows) */
  outcome: Float64Array;
  /** each row's observation weight (arena-rank's weight column); 1 when absent */
  weight?: Float64Array;
  /** when rows are aggregates of identical observations (arena-rank's counts c): each row's c, its weight then
   *  being c·w; each score's square is divided by c, as arena-rank does */
  count?: Float64Array;
  /** w_k, the component's share of influence */
  lossWeight: number;
}

export interface CompositeOptions {
  /** λ, arena-rank's ridge_lambda */
  ridge?: number;
  scale?: number;
  base?: number;
  initRating?: number;
  /** two-sided: 0.05 gives 95% intervals */
  significance?: number;
}

export interface CompositeFit {
  /** θ in natural-log units (what the loss sees) */
  theta: Float64Array;
  ratings: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
  /** the sandwich's variances on the rating scale */
  variances: Float64Array;
  /** Newton steps taken */
  iterations: number;
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
const softplus = (z: number) => (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));

/** N_k: the component's weight mass. */
function massOf(c: CompositeComponent): number {
  let n = 0;
  for (let r = 0; r < c.a.length; r++) n += c.weight ? (c.weight[r] as number) : 1;
  return n;
}

/** The components that carry any evidence, each with its mass N_k (read once per fit): an empty one (N_k = 0) has
 *  nothing to normalise and adds nothing. */
type Weighed = { c: CompositeComponent; n: number }[];
const active = (components: CompositeComponent[]): Weighed =>
  components.map((c) => ({ c, n: massOf(c) })).filter(({ n }) => n > 0);

/** The objective L(θ). */
function compositeLoss(theta: Float64Array, components: Weighed, ridge: number): number {
  let total = 0;
  for (const { c, n } of components) {
    let nll = 0;
    for (let r = 0; r < c.a.length; r++) {
      const z = (theta[c.a[r] as number] as number) - (theta[c.b[r] as number] as number);
      const o = c.weight ? (c.weight[r] as number) : 1;
      nll -= o * ((c.outcome[r] as number) * z - softplus(z));
    }
    total += (c.lossWeight * nll) / n;
  }
  let norm = 0;
  for (const t of theta) norm += t * t;
  return total + 0.5 * ridge * norm;
}

/** The gradient and Hessian (row-major) of L at θ. */
function gradientAndHessian(theta: Float64Array, components: Weighed, ridge: number) {
  const m = theta.length;
  const grad = new Float64Array(m);
  const hess = new Float64Array(m * m);
  for (const { c, n } of components) {
    const scale = c.lossWeight / n;
    for (let r = 0; r < c.a.length; r++) {
      const a = c.a[r] as number;
      const b = c.b[r] as number;
      const p = sigmoid((theta[a] as number) - (theta[b] as number));
      const o = c.weight ? (c.weight[r] as number) : 1;
      const g = scale * o * (p - (c.outcome[r] as number));
      grad[a] = (grad[a] as number) + g;
      grad[b] = (grad[b] as number) - g;
      const h = scale * o * p * (1 - p);
      hess[a * m + a] = (hess[a * m + a] as number) + h;
      hess[b * m + b] = (hess[b * m + b] as number) + h;
      hess[a * m + b] = (hess[a * m + b] as number) - h;
      hess[b * m + a] = (hess[b * m + a] as number) - h;
    }
  }
  for (let i = 0; i < m; i++) {
    grad[i] = (grad[i] as number) + ridge * (theta[i] as number);
    hess[i * m + i] = (hess[i * m + i] as number) + ridge;
  }
  return { grad, hess };
}

/** B = Σ_k (w_k² / N_k) Σ_k at θ, Σ_k the centred second moment of the component's scores. */
function scoreCovariance(theta: Float64Array, components: Weighed): Float64Array {
  const m = theta.length;
  const cov = new Float64Array(m * m);
  for (const { c, n } of components) {
    const mean = new Float64Array(m);
    const second = new Float64Array(m * m);
    for (let r = 0; r < c.a.length; r++) {
      const a = c.a[r] as number;
      const b = c.b[r] as number;
      const p = sigmoid((theta[a] as number) - (theta[b] as number));
      const o = c.weight ? (c.weight[r] as number) : 1;
      const g = (p - (c.outcome[r] as number)) * o;
      mean[a] = (mean[a] as number) + g / n;
      mean[b] = (mean[b] as number) - g / n;
      const v = (g * g) / (n * (c.count ? (c.count[r] as number) : 1));
      second[a * m + a] = (second[a * m + a] as number) + v;
      second[b * m + b] = (second[b * m + b] as number) + v;
      second[a * m + b] = (second[a * m + b] as number) - v;
      second[b * m + a] = (second[b * m + a] as number) - v;
    }
    const scale = (c.lossWeight * c.lossWeight) / n;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) {
        const sigma = (second[i * m + j] as number) - (mean[i] as number) * (mean[j] as number);
        cov[i * m + j] = (cov[i * m + j] as number) + scale * sigma;
      }
    }
  }
  return cov;
}

const MAX_ITERATIONS = 200;
const GRADIENT_TOLERANCE = 1e-12;

/** θ minimising L: Newton steps, each halved until the objective does not rise. */
function minimise(models: number, components: Weighed, ridge: number) {
  let theta = new Float64Array(models);
  let loss = compositeLoss(theta, components, ridge);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const { grad, hess } = gradientAndHessian(theta, components, ridge);
    let largest = 0;
    for (const g of grad) largest = Math.max(largest, Math.abs(g));
    if (largest < GRADIENT_TOLERANCE) return { theta, iterations: iteration };
    const step = solveSpdInPlace(hess, models, Float64Array.from(grad));
    if (!step) {
      throw new RatingsError(
        "internal",
        "composite_not_definite",
        "the composite fit's Hessian is not positive definite",
      );
    }
    // near the optimum the loss changes below its rounding: the full Newton step is taken there
    const near = largest < 1e-8;
    let t = 1;
    for (;;) {
      const next = theta.map((x, i) => x - t * (step[i] as number));
      const nextLoss = compositeLoss(next, components, ridge);
      if (near || nextLoss <= loss || t < 1e-10) {
        theta = next;
        loss = nextLoss;
        break;
      }
      t /= 2;
    }
    let moved = 0;
    for (const s of step) moved = Math.max(moved, Math.abs(s * t));
    if (moved < 1e-15) return { theta, iterations: iteration + 1 };
  }
  return { theta, iterations: MAX_ITERATIONS };
}

/** A row-major n×n array as an ml-matrix Matrix. */
const matrixOf = (flat: Float64Array, n: number) =>
  new Matrix(Array.from({ length: n }, (_, i) => Array.from(flat.subarray(i * n, (i + 1) * n))));

/** The composite board's ratings and sandwich intervals over `models` models. */
export function fitComposite(
  models: number,
  components: CompositeComponent[],
  options: CompositeOptions = {},
): CompositeFit {
  const ridge = options.ridge ?? 1e-5;
  const alpha = (options.scale ?? 400) / Math.log(options.base ?? 10);
  const offset = options.initRating ?? 1000;
  const weighed = active(components);
  const { theta, iterations } = minimise(models, weighed, ridge);
  const { hess } = gradientAndHessian(theta, weighed, ridge);
  const hInverse = inverse(matrixOf(hess, models));
  const covariance = hInverse.mmul(matrixOf(scoreCovariance(theta, weighed), models)).mmul(hInverse);
  const z = normalQuantile(1 - (options.significance ?? 0.05) / 2);
  const ratings = new Float64Array(models);
  const lower = new Float64Array(models);
  const upper = new Float64Array(models);
  const variances = new Float64Array(models);
  for (let i = 0; i < models; i++) {
    const variance = covariance.get(i, i);
    const width = z * Math.sqrt(Math.max(variance, 0));
    ratings[i] = (theta[i] as number) * alpha + offset;
    lower[i] = ((theta[i] as number) - width) * alpha + offset;
    upper[i] = ((theta[i] as number) + width) * alpha + offset;
    variances[i] = variance * alpha * alpha;
  }
  return { theta, ratings, lower, upper, variances, iterations };
}
