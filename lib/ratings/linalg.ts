// Dense symmetric positive-definite algebra for the small (models + features) Newton and sandwich systems, on
// ml-matrix. These systems are at most a few hundred wide; the passes over the battles dominate every fit, so the
// library's element accessors cost nothing measurable (bench:ratings before/after in the #15 closing note).
import { CholeskyDecomposition, Matrix } from "ml-matrix";

/** The n×n matrix held row-major in `values`. */
export const squareMatrix = (values: ArrayLike<number>, n: number): Matrix =>
  Matrix.from1DArray(n, n, values as number[]);

/** x with A·x = b for a symmetric positive-definite A, or null when A is not positive definite. */
export function solveSpd(A: Matrix, b: ArrayLike<number>): Float64Array | null {
  const cholesky = new CholeskyDecomposition(A);
  if (!cholesky.isPositiveDefinite()) return null;
  return Float64Array.from(cholesky.solve(Matrix.columnVector(Array.from(b))).getColumn(0));
}

/** The inverse of a symmetric positive-definite matrix, or null when it is not positive definite. */
export function spdInverse(A: Matrix): Matrix | null {
  const cholesky = new CholeskyDecomposition(A);
  return cholesky.isPositiveDefinite() ? cholesky.solve(Matrix.eye(A.rows)) : null;
}
