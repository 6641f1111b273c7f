// Seeded randomness for the bootstrap. Each round has its own stream derived from (seed, round), so results do
// not depend on how rounds are split across worker threads.

/** sfc32: a small, fast, well-tested 32-bit generator; returns uniform floats in [0, 1). */
export function createRandom(seed: number, stream = 0): () => number {
  // splitmix32 spreads the seed and stream over the four state words
  let s = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = next();
  let b = next();
  let c = next();
  let d = next();
  const rand = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) rand(); // discard the first outputs, as sfc32's authors advise
  return rand;
}

/**
 * Walker's alias table for drawing category i with probability weights[i] / sum(weights) in O(1).
 */
export class AliasSampler {
  private readonly prob: Float64Array;
  private readonly alias: Int32Array;
  readonly size: number;

  constructor(weights: ArrayLike<number>) {
    const n = weights.length;
    this.size = n;
    this.prob = new Float64Array(n);
    this.alias = new Int32Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) total += weights[i] as number;
    const scaled = new Float64Array(n);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < n; i++) {
      scaled[i] = ((weights[i] as number) * n) / total;
      ((scaled[i] as number) < 1 ? small : large).push(i);
    }
    while (small.length && large.length) {
      const s = small.pop() as number;
      const l = large.pop() as number;
      this.prob[s] = scaled[s] as number;
      this.alias[s] = l;
      scaled[l] = (scaled[l] as number) + (scaled[s] as number) - 1;
      ((scaled[l] as number) < 1 ? small : large).push(l);
    }
    for (const i of large) this.prob[i] = 1;
    for (const i of small) this.prob[i] = 1;
  }

  /** Adds `draws` samples to `counts` (a multinomial draw when counts starts at zero). */
  drawInto(counts: Float64Array, draws: number, rand: () => number): void {
    const n = this.size;
    const prob = this.prob;
    const alias = this.alias;
    for (let k = 0; k < draws; k++) {
      const u = rand() * n;
      const i = u | 0;
      counts[(u - i < (prob[i] as number) ? i : alias[i]) as number] += 1;
    }
  }
}

/** Counts of each of n items in a resample of n draws with replacement (the ordinary bootstrap). */
export function resampleCounts(n: number, rand: () => number, out = new Float64Array(n)): Float64Array {
  out.fill(0);
  for (let k = 0; k < n; k++) out[(rand() * n) | 0] += 1;
  return out;
}
