// Quantiles with linear interpolation between order statistics: numpy's and pandas' default, R type 7. Hand-written
// on purpose: simple-statistics' quantileSorted is R-7 too but interpolates as a + (b − a)·t everywhere, while numpy
// (`_lerp`) takes b − (b − a)·(1 − t) when t ≥ 0.5, so the last digit differs (stats.test.ts pins numpy's values).

/** The q-quantile of n sorted values read through `at(i)`, so a histogram can answer without expanding. */
export function quantileAt(n: number, q: number, at: (index: number) => number): number {
  if (n === 0) return Number.NaN;
  const pos = (n - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  const t = pos - lo;
  const a = at(lo);
  const b = at(hi);
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

/** The q-quantile of sorted values. */
export const quantileSorted = (sorted: ArrayLike<number>, q: number): number =>
  quantileAt(sorted.length, q, (i) => sorted[i] as number);

/** The q-quantile of unsorted values (pandas' `Series.quantile`). */
export const quantile = (values: readonly number[], q: number): number =>
  quantileSorted(Float64Array.from(values).sort(), q);

/** The q-quantile of column `col` of a row-major matrix with `stride` columns. */
export function columnQuantiles(matrix: Float64Array, stride: number, col: number, qs: number[]): number[] {
  const rows = matrix.length / stride;
  const values = new Float64Array(rows);
  for (let r = 0; r < rows; r++) values[r] = matrix[r * stride + col] as number;
  values.sort();
  return qs.map((q) => quantileSorted(values, q));
}

/** Two-sided standard normal quantile for a confidence level (0.95 → 1.959964). Acklam's approximation. */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lowP = 0.02425;
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  if (p < lowP) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  if (p > 1 - lowP) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}
