// The Newton step's dense symmetric positive-definite solve, hand-written on purpose. The sandwich covariance (once
// per board) is on ml-matrix (sandwich.ts); the Newton step is solved thousands of times per board (every iteration
// of every bootstrap round, in the worker threads too), and ml-matrix's Cholesky, which reads and writes through
// Matrix.get/set on row arrays, measured 3.0x slower there (n = 64: 0.247 ms against 0.082 ms per factor-and-solve,
// node 20 on this 2-core machine): bench:ratings' style bootstrap went 18% (100k) and 7-15% (1M) over the figures
// before it. With this solve it is back within 3%.
/**
 * x with A·x = b for the n×n row-major symmetric positive-definite A, or null when A is not positive definite.
 * A is overwritten by its Cholesky factor (lower triangle) and b by x.
 */
export function solveSpdInPlace(A: Float64Array, n: number, b: Float64Array): Float64Array | null {
  for (let j = 0; j < n; j++) {
    let d = A[j * n + j] as number;
    for (let k = 0; k < j; k++) d -= (A[j * n + k] as number) ** 2;
    if (!(d > 0) || !Number.isFinite(d)) return null;
    const ljj = Math.sqrt(d);
    A[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = A[i * n + j] as number;
      for (let k = 0; k < j; k++) s -= (A[i * n + k] as number) * (A[j * n + k] as number);
      A[i * n + j] = s / ljj;
    }
  }
  for (let i = 0; i < n; i++) {
    let s = b[i] as number;
    for (let k = 0; k < i; k++) s -= (A[i * n + k] as number) * (b[k] as number);
    b[i] = s / (A[i * n + i] as number);
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i] as number;
    for (let k = i + 1; k < n; k++) s -= (A[k * n + i] as number) * (b[k] as number);
    b[i] = s / (A[i * n + i] as number);
  }
  return b;
}
