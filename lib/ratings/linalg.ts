// Dense symmetric positive-definite solves for the small (models + features) Newton systems.

/** In-place Cholesky factorisation of the n×n row-major matrix A (lower triangle used). False if not PD. */
export function cholesky(A: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    let d = A[j * n + j] as number;
    for (let k = 0; k < j; k++) d -= (A[j * n + k] as number) ** 2;
    if (!(d > 0) || !Number.isFinite(d)) return false;
    const ljj = Math.sqrt(d);
    A[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = A[i * n + j] as number;
      for (let k = 0; k < j; k++) s -= (A[i * n + k] as number) * (A[j * n + k] as number);
      A[i * n + j] = s / ljj;
    }
  }
  return true;
}

/** Solves L Lᵀ x = b in place, given the factor from `cholesky`. */
export function choleskySolve(L: Float64Array, n: number, b: Float64Array): Float64Array {
  for (let i = 0; i < n; i++) {
    let s = b[i] as number;
    for (let k = 0; k < i; k++) s -= (L[i * n + k] as number) * (b[k] as number);
    b[i] = s / (L[i * n + i] as number);
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i] as number;
    for (let k = i + 1; k < n; k++) s -= (L[k * n + i] as number) * (b[k] as number);
    b[i] = s / (L[i * n + i] as number);
  }
  return b;
}

/** Inverse of a symmetric positive-definite matrix, or null when it is not PD. */
export function spdInverse(A: Float64Array, n: number): Float64Array | null {
  const L = A.slice();
  if (!cholesky(L, n)) return null;
  const inv = new Float64Array(n * n);
  const col = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    col.fill(0);
    col[j] = 1;
    choleskySolve(L, n, col);
    for (let i = 0; i < n; i++) inv[i * n + j] = col[i] as number;
  }
  return inv;
}

/** C = A·B for n×n row-major matrices. */
export function matMul(A: Float64Array, B: Float64Array, n: number): Float64Array {
  const C = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < n; k++) {
      const aik = A[i * n + k] as number;
      if (aik === 0) continue;
      for (let j = 0; j < n; j++) C[i * n + j] += aik * (B[k * n + j] as number);
    }
  }
  return C;
}
