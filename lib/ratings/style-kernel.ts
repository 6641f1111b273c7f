// The Newton passes of style-controlled fits with FastChat's four features, in WebAssembly (kernels/style4.wat).
// scripts/build-kernels.ts compiles the text into kernels/style4-wasm.ts (its compiler: scripts/kernels/compile.ts).
// Against the same loops in JavaScript, on the overall board of 1M live battles (resampled weights, this 2-core
// machine): the gradient-and-Hessian pass 40 → 22 ns a row, with the probabilities given 19 → 10 ns. The gain
// is V8's bounds checks and call into Math.exp gone; the module's own exp (Estrin's scheme) is within 2 ulp of
// Math.exp, so figures agree with the JavaScript fits to ~1e-13 in ratings, and a pass whose probabilities are
// given returns exactly the same bits. The passes visit only the rows weighted (a resample leaves a third at 0), and
// the probabilities are computed two rows at a time in the lanes of WebAssembly's 128-bit vectors (on by default in
// Node 20), each lane with the scalar operations, so the bits are unchanged (prepare has the figures).
//
// One instance per thread, holding one board's rows at a time: a pass on another board's data reloads it.
import { STYLE4_WASM } from "./kernels/style4-wasm";
import type { HessianPass, PairwiseData } from "./types";

/** A pass takes its rows' count and its arrays' byte offsets, and `probabilities` the four feature coefficients
 *  (order: kernels/style4.wat). */
type Pass = (...countOffsetsAndFeatures: number[]) => void;

interface Style4Exports {
  memory: WebAssembly.Memory;
  expNegative(x: number): number;
  nonzero(rows: number, wOff: number, idxOff: number): number;
  probabilities: Pass;
  hessian4: Pass;
  gradient4: Pass;
}

let exportsOfThisThread: Style4Exports | null = null;

function kernel(): Style4Exports {
  if (!exportsOfThisThread) {
    const bytes = Uint8Array.from(atob(STYLE4_WASM), (c) => c.charCodeAt(0));
    exportsOfThisThread = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Style4Exports;
  }
  return exportsOfThisThread;
}

/** e^x for x ≤ 0 as the kernel computes it (exported for its accuracy test). */
export function kernelExpNegative(x: number): number {
  return kernel().expNegative(x);
}

/** Where one board's arrays sit in the module's memory (byte offsets). */
interface Loaded {
  data: PairwiseData;
  rows: number;
  pairs: number;
  q: number;
  x: number;
  y: number;
  w: number;
  p: number;
  /** the probabilities a pass computes (p keeps the given ones, which later passes may read again) */
  computed: number;
  /** the indices of the rows whose weight is not 0 (nonzero's list) */
  idx: number;
  d: number;
  sums: number;
  out: number;
  /** the probabilities last copied to p (rowTerms' arrays are never changed once made) */
  known: Float64Array | null;
}

let loaded: Loaded | null = null;

function load(data: PairwiseData): Loaded {
  if (loaded?.data === data) return loaded;
  const { memory } = kernel();
  const rows = data.a.length;
  const M = data.nModels;
  const pairs = M * M;
  let end = 0;
  const place = (bytes: number) => {
    const at = end;
    end += Math.ceil(bytes / 64) * 64;
    return at;
  };
  const layout: Loaded = {
    data,
    rows,
    pairs,
    q: place(rows * 4),
    x: place(rows * 32),
    y: place(rows * 8),
    w: place(rows * 8),
    p: place(rows * 8),
    computed: place(rows * 8),
    idx: place(rows * 4),
    d: place(pairs * 8),
    sums: place(pairs * 48),
    out: place(14 * 8),
    known: null,
  };
  const short = end - memory.buffer.byteLength;
  if (short > 0) memory.grow(Math.ceil(short / 65536));
  const { buffer } = memory;
  const q = new Int32Array(buffer, layout.q, rows);
  for (let i = 0; i < rows; i++) q[i] = (data.a[i] as number) * M + (data.b[i] as number);
  new Float64Array(buffer, layout.x, rows * 4).set(data.x);
  new Float64Array(buffer, layout.y, rows).set(data.y);
  loaded = layout;
  return layout;
}

/**
 * Readies a pass: copies its weights (0.2 ns a row), lists the rows whose weight is not 0 (0.5 ns a row), copies
 * each pair's logit part, and puts every listed row's probability in memory: the given ones (copied once per
 * array), or computed two rows at a time. Returns the layout, the rows listed and where their probabilities are.
 * Visiting the listed rows alone gives the same sums, bit for bit, as visiting all and skipping a weight of 0, and
 * the vector probabilities are the scalar ones' bits. A bootstrap round of 200k style-controlled battles (a third of
 * its weights 0, at random) took 13.8 ms on one thread before both, 12.0 after the list alone, and 8.0–8.1 after
 * both (this 2-core machine).
 */
function prepare(
  data: PairwiseData,
  weights: Float64Array,
  theta: Float64Array,
  alpha: number,
  known: Float64Array | null,
) {
  const at = load(data);
  const { buffer } = kernel().memory;
  new Float64Array(buffer, at.w, at.rows).set(weights);
  if (known && at.known !== known) {
    new Float64Array(buffer, at.p, at.rows).set(known);
    at.known = known;
  }
  const M = data.nModels;
  const d = new Float64Array(buffer, at.d, at.pairs);
  for (let a = 0; a < M; a++) {
    for (let b = 0; b < M; b++) d[a * M + b] = alpha * ((theta[a] as number) - (theta[b] as number));
  }
  new Float64Array(buffer, at.sums, at.pairs * 6).fill(0);
  const count = kernel().nonzero(at.rows, at.w, at.idx);
  if (known) return { at, count, p: at.p };
  kernel().probabilities(count, at.idx, at.q, at.x, at.d, at.computed, ...features(theta, M));
  return { at, count, p: at.computed };
}

/** The Hessian pass in WebAssembly for FastChat's four style features (the lower feature blocks of H). */
export const hessianPass4: HessianPass = (data, weights, theta, alpha, known, g, H) => {
  const { at, count, p } = prepare(data, weights, theta, alpha, known);
  const M = data.nModels;
  kernel().hessian4(count, at.idx, at.q, at.x, at.y, at.w, p, at.sums, at.out);
  const { buffer } = kernel().memory;
  const sums = new Float64Array(buffer, at.sums, at.pairs * 6);
  const out = new Float64Array(buffer, at.out, 14);
  const n = M + 4;
  const alpha2 = alpha * alpha;
  for (let ai = 0; ai < M; ai++) {
    for (let bi = 0; bi < M; bi++) {
      const q = (ai * M + bi) * 6;
      const r = sums[q] as number;
      const s = sums[q + 1] as number;
      if (r === 0 && s === 0) continue;
      g[ai] = (g[ai] as number) + alpha * r;
      g[bi] = (g[bi] as number) - alpha * r;
      const s2 = s * alpha2;
      const rowA = ai * n;
      const rowB = bi * n;
      H[rowA + ai] = (H[rowA + ai] as number) + s2;
      H[rowB + bi] = (H[rowB + bi] as number) + s2;
      H[rowA + bi] = (H[rowA + bi] as number) - s2;
      H[rowB + ai] = (H[rowB + ai] as number) - s2;
      for (let f = 0; f < 4; f++) {
        const v = alpha * (sums[q + 2 + f] as number);
        H[rowA + M + f] = (H[rowA + M + f] as number) + v;
        H[rowB + M + f] = (H[rowB + M + f] as number) - v;
      }
    }
  }
  for (let f = 0; f < 4; f++) g[M + f] = (g[M + f] as number) + (out[f] as number);
  let k = 4;
  for (let f = 0; f < 4; f++) {
    for (let h = 0; h <= f; h++) {
      const cell = (M + f) * n + M + h;
      H[cell] = (H[cell] as number) + (out[k++] as number);
    }
  }
};

/** The gradient alone, added into g. */
export function gradientPass4(
  data: PairwiseData,
  weights: Float64Array,
  theta: Float64Array,
  alpha: number,
  g: Float64Array,
): void {
  const { at, count, p } = prepare(data, weights, theta, alpha, null);
  const M = data.nModels;
  kernel().gradient4(count, at.idx, at.q, at.x, at.y, at.w, p, at.sums, at.out);
  const { buffer } = kernel().memory;
  const sums = new Float64Array(buffer, at.sums, at.pairs * 6);
  for (let ai = 0; ai < M; ai++) {
    for (let bi = 0; bi < M; bi++) {
      const r = sums[(ai * M + bi) * 6] as number;
      if (r === 0) continue;
      g[ai] = (g[ai] as number) + alpha * r;
      g[bi] = (g[bi] as number) - alpha * r;
    }
  }
  const out = new Float64Array(buffer, at.out, 4);
  for (let f = 0; f < 4; f++) g[M + f] = (g[M + f] as number) + (out[f] as number);
}

function features(theta: Float64Array, M: number): [number, number, number, number] {
  return [theta[M] as number, theta[M + 1] as number, theta[M + 2] as number, theta[M + 3] as number];
}
