// A vector scaled to unit length in place (a zero vector stays zero): the embeddings' cosines are dot products.
export function unitLength<T extends Float32Array | Float64Array>(v: T): T {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}
