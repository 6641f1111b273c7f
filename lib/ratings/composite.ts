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
  /** style control for this component: each row's features, row-major (rows × options.features), whose shared
   *  coefficients β enter its rows as z = θ_a − θ_b + β·x (the human battles'; ground truth has none) */
  x?: Float64Array;
}

export interface CompositeOptions {
  /** λ, arena-rank's ridge_lambda */
  ridge?: number;
  scale?: number;
  base?: number;
  initRating?: number;
  /** two-sided: 0.05 gives 95% intervals */
  significance?: number;
  /** how many style features the components' `x` hold (0: a plain composite, arena-rank's own) */
  features?: number;
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
  /** with features: their coefficients β and sandwich intervals (natural-log units, per standardised feature) */
  style?: { coefficients: Float64Array; lower: Float64Array; upper: Float64Array };
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

/** The shape of the parameters: m ratings, then F style coefficients shared by the components with features. */
interface Shape {
  m: number;
  f: number;
}

/**
 * Row r's direction in parameter space (∂z_r/∂params): +1 at a, −1 at b, and its features at the β block. Written
 * into `idx`/`val` (2 + F long); returns z_r at `params`.
 */
function direction(
  params: Float64Array,
  shape: Shape,
  c: CompositeComponent,
  r: number,
  idx: Int32Array,
  val: Float64Array,
) {
  const a = c.a[r] as number;
  const b = c.b[r] as number;
  idx[0] = a;
  val[0] = 1;
  idx[1] = b;
  val[1] = -1;
  let z = (params[a] as number) - (params[b] as number);
  for (let f = 0; f < shape.f; f++) {
    const x = c.x ? (c.x[r * shape.f + f] as number) : 0;
    idx[2 + f] = shape.m + f;
    val[2 + f] = x;
    z += (params[shape.m + f] as number) * x;
  }
  return z;
}

/** The objective L(params). */
function compositeLoss(params: Float64Array, shape: Shape, components: Weighed, ridge: number): number {
  const idx = new Int32Array(2 + shape.f);
  const val = new Float64Array(2 + shape.f);
  let total = 0;
  for (const { c, n } of components) {
    let nll = 0;
    for (let r = 0; r < c.a.length; r++) {
      const z = direction(params, shape, c, r, idx, val);
      const o = c.weight ? (c.weight[r] as number) : 1;
      nll -= o * ((c.outcome[r] as number) * z - softplus(z));
    }
    total += (c.lossWeight * nll) / n;
  }
  let norm = 0;
  for (const t of params) norm += t * t;
  return total + 0.5 * ridge * norm;
}

/** The gradient and Hessian (row-major) of L at the parameters. */
function gradientAndHessian(params: Float64Array, shape: Shape, components: Weighed, ridge: number) {
  const size = params.length;
  const grad = new Float64Array(size);
  const hess = new Float64Array(size * size);
  const idx = new Int32Array(2 + shape.f);
  const val = new Float64Array(2 + shape.f);
  const width = 2 + shape.f;
  for (const { c, n } of components) {
    const scale = c.lossWeight / n;
    for (let r = 0; r < c.a.length; r++) {
      const p = sigmoid(direction(params, shape, c, r, idx, val));
      const o = c.weight ? (c.weight[r] as number) : 1;
      const g = scale * o * (p - (c.outcome[r] as number));
      const h = scale * o * p * (1 - p);
      for (let i = 0; i < width; i++) {
        const vi = val[i] as number;
        if (vi === 0) continue;
        const ii = idx[i] as number;
        grad[ii] = (grad[ii] as number) + g * vi;
        for (let j = 0; j < width; j++) {
          const k = ii * size + (idx[j] as number);
          hess[k] = (hess[k] as number) + h * vi * (val[j] as number);
        }
      }
    }
  }
  for (let i = 0; i < size; i++) {
    grad[i] = (grad[i] as number) + ridge * (params[i] as number);
    hess[i * size + i] = (hess[i * size + i] as number) + ridge;
  }
  return { grad, hess };
}

/** B = Σ_k (w_k² / N_k) Σ_k at the parameters, Σ_k the centred second moment of the component's scores. */
function scoreCovariance(params: Float64Array, shape: Shape, components: Weighed): Float64Array {
  const size = params.length;
  const cov = new Float64Array(size * size);
  const idx = new Int32Array(2 + shape.f);
  const val = new Float64Array(2 + shape.f);
  const width = 2 + shape.f;
  for (const { c, n } of components) {
    const mean = new Float64Array(size);
    const second = new Float64Array(size * size);
    for (let r = 0; r < c.a.length; r++) {
      const p = sigmoid(direction(params, shape, c, r, idx, val));
      const o = c.weight ? (c.weight[r] as number) : 1;
      const g = (p - (c.outcome[r] as number)) * o;
      const v = (g * g) / (n * (c.count ? (c.count[r] as number) : 1));
      for (let i = 0; i < width; i++) {
        const vi = val[i] as number;
        if (vi === 0) continue;
        const ii = idx[i] as number;
        mean[ii] = (mean[ii] as number) + (g * vi) / n;
        for (let j = 0; j < width; j++) {
          const k = ii * size + (idx[j] as number);
          second[k] = (second[k] as number) + v * vi * (val[j] as number);
        }
      }
    }
    const scale = (c.lossWeight * c.lossWeight) / n;
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) {
        const sigma = (second[i * size + j] as number) - (mean[i] as number) * (mean[j] as number);
        cov[i * size + j] = (cov[i * size + j] as number) + scale * sigma;
      }
    }
  }
  return cov;
}

const MAX_ITERATIONS = 200;
const GRADIENT_TOLERANCE = 1e-12;

/** The parameters minimising L: Newton steps, each halved until the objective does not rise. */
function minimise(shape: Shape, components: Weighed, ridge: number) {
  const size = shape.m + shape.f;
  let params = new Float64Array(size);
  let loss = compositeLoss(params, shape, components, ridge);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const { grad, hess } = gradientAndHessian(params, shape, components, ridge);
    let largest = 0;
    for (const g of grad) largest = Math.max(largest, Math.abs(g));
    if (largest < GRADIENT_TOLERANCE) return { params, iterations: iteration };
    const step = solveSpdInPlace(hess, size, Float64Array.from(grad));
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
      const next = params.map((x, i) => x - t * (step[i] as number));
      const nextLoss = compositeLoss(next, shape, components, ridge);
      if (near || nextLoss <= loss || t < 1e-10) {
        params = next;
        loss = nextLoss;
        break;
      }
      t /= 2;
    }
    let moved = 0;
    for (const s of step) moved = Math.max(moved, Math.abs(s * t));
    if (moved < 1e-15) return { params, iterations: iteration + 1 };
  }
  return { params, iterations: MAX_ITERATIONS };
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
  const shape: Shape = { m: models, f: options.features ?? 0 };
  const size = shape.m + shape.f;
  const weighed = active(components);
  const { params, iterations } = minimise(shape, weighed, ridge);
  const { hess } = gradientAndHessian(params, shape, weighed, ridge);
  const hInverse = inverse(matrixOf(hess, size));
  const covariance = hInverse.mmul(matrixOf(scoreCovariance(params, shape, weighed), size)).mmul(hInverse);
  const z = normalQuantile(1 - (options.significance ?? 0.05) / 2);
  const half = (i: number) => z * Math.sqrt(Math.max(covariance.get(i, i), 0));
  const theta = params.slice(0, models);
  const ratings = new Float64Array(models);
  const lower = new Float64Array(models);
  const upper = new Float64Array(models);
  const variances = new Float64Array(models);
  for (let i = 0; i < models; i++) {
    ratings[i] = (theta[i] as number) * alpha + offset;
    lower[i] = ((theta[i] as number) - half(i)) * alpha + offset;
    upper[i] = ((theta[i] as number) + half(i)) * alpha + offset;
    variances[i] = covariance.get(i, i) * alpha * alpha;
  }
  const fit: CompositeFit = { theta, ratings, lower, upper, variances, iterations };
  if (shape.f > 0) {
    const coefficients = params.slice(models);
    fit.style = {
      coefficients,
      lower: coefficients.map((b, f) => b - half(models + f)),
      upper: coefficients.map((b, f) => b + half(models + f)),
    };
  }
  return fit;
}
