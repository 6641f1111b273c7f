// Seeded randomness for the bootstrap. Each round has its own stream derived from (seed, round), so results do
// not depend on how rounds are split across worker threads.

/** sfc32's four state words for (seed, stream), spread by splitmix32, with its first outputs discarded (as its
 *  authors advise). */
function sfc32State(seed: number, stream: number): Int32Array {
  let s = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  const state = Int32Array.of(next(), next(), next(), next());
  for (let i = 0; i < 12; i++) sfc32Step(state);
  return state;
}

/**
 * One step of sfc32 (a small, fast, well-tested 32-bit generator) on its state; returns the output word as an
 * unsigned integer. One function for every caller, V8 inlines it; with the state in a typed array rather than in a
 * closure's variables, a million draws take 4.3 ms in the bootstrap's resample loop (7.6 ms with the step written
 * inline over local variables) and 2.3 ms through createRandom (8.5 ms), the same draws (this 2-core machine).
 */
function sfc32Step(state: Int32Array): number {
  const a = state[0] as number;
  const b = state[1] as number;
  const c = state[2] as number;
  const d = state[3] as number;
  const t = (((a + b) | 0) + d) | 0;
  state[3] = (d + 1) | 0;
  state[0] = b ^ (b >>> 9);
  state[1] = (c + (c << 3)) | 0;
  state[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

/** sfc32 seeded by (seed, stream); returns uniform floats in [0, 1). */
export function createRandom(seed: number, stream = 0): () => number {
  const state = sfc32State(seed, stream);
  return () => sfc32Step(state) / 4294967296;
}

/** resampleCounts(out.length, createRandom(seed, stream), out) without a closure call a draw: the bootstrap
 *  rounds draw a million battles each. */
export function drawResample(out: Uint32Array, seed: number, stream: number): Uint32Array {
  const state = sfc32State(seed, stream);
  const n = out.length;
  out.fill(0);
  for (let k = 0; k < n; k++) {
    const i = ((sfc32Step(state) / 4294967296) * n) | 0;
    out[i] = (out[i] as number) + 1;
  }
  return out;
}

/** Counts of each of n items in a resample of n draws with replacement (the ordinary bootstrap). */
export function resampleCounts<T extends Float64Array | Uint32Array = Float64Array>(
  n: number,
  rand: () => number,
  out: T = new Float64Array(n) as T,
): T {
  out.fill(0);
  for (let k = 0; k < n; k++) {
    const i = (rand() * n) | 0;
    out[i] = (out[i] as number) + 1;
  }
  return out;
}

/** Binomial(n, p) by inversion: expected cost O(n·p), used when n·p is small. */
function binomialInversion(n: number, p: number, rand: () => number): number {
  const q = 1 - p;
  const qn = Math.exp(n * Math.log(q));
  const np = n * p;
  const bound = Math.min(n, np + 10 * Math.sqrt(np * q + 1));
  let x = 0;
  let px = qn;
  let u = rand();
  while (u > px) {
    x++;
    if (x > bound) {
      x = 0;
      px = qn;
      u = rand();
    } else {
      u -= px;
      px = ((n - x + 1) * p * px) / (x * q);
    }
  }
  return x;
}

/**
 * Binomial(n, p) for p ≤ 0.5 and n·p > 30 by Kachitvichyanukul & Schmeiser's BTPE (triangle, parallelogram,
 * exponential tails; the same algorithm as numpy's random_binomial_btpe): exact, O(1) expected time.
 */
function binomialBtpe(n: number, p: number, rand: () => number): number {
  const r = Math.min(p, 1 - p);
  const q = 1 - r;
  const fm = n * r + r;
  const m = Math.floor(fm);
  const p1 = Math.floor(2.195 * Math.sqrt(n * r * q) - 4.6 * q) + 0.5;
  const xm = m + 0.5;
  const xl = xm - p1;
  const xr = xm + p1;
  const c = 0.134 + 20.5 / (15.3 + m);
  let a = (fm - xl) / (fm - xl * r);
  const laml = a * (1 + a / 2);
  a = (xr - fm) / (xr * q);
  const lamr = a * (1 + a / 2);
  const p2 = p1 * (1 + 2 * c);
  const p3 = p2 + c / laml;
  const p4 = p3 + c / lamr;
  const nrq = n * r * q;
  for (;;) {
    const u = rand() * p4;
    let v = rand();
    let y: number;
    if (u <= p1) {
      y = Math.floor(xm - p1 * v + u);
      return p > 0.5 ? n - y : y;
    }
    if (u <= p2) {
      const x = xl + (u - p1) / c;
      v = v * c + 1 - Math.abs(m - x + 0.5) / p1;
      if (v > 1) continue;
      y = Math.floor(x);
    } else if (u <= p3) {
      y = Math.floor(xl + Math.log(v) / laml);
      if (y < 0 || v === 0) continue;
      v = v * (u - p2) * laml;
    } else {
      y = Math.floor(xr - Math.log(v) / lamr);
      if (y > n || v === 0) continue;
      v = v * (u - p3) * lamr;
    }
    const k = Math.abs(y - m);
    if (k <= 20 || k >= nrq / 2 - 1) {
      // explicit evaluation of f(y) / f(m)
      const s = r / q;
      const aa = s * (n + 1);
      let F = 1;
      if (m < y) for (let i = m + 1; i <= y; i++) F *= aa / i - s;
      else if (m > y) for (let i = y + 1; i <= m; i++) F /= aa / i - s;
      if (v > F) continue;
      return p > 0.5 ? n - y : y;
    }
    // squeeze, then the final comparison with Stirling's formula
    const rho = (k / nrq) * ((k * (k / 3 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    const t = (-k * k) / (2 * nrq);
    const A = Math.log(v);
    if (A < t - rho) return p > 0.5 ? n - y : y;
    if (A > t + rho) continue;
    const x1 = y + 1;
    const f1 = m + 1;
    const z = n + 1 - m;
    const w = n - y + 1;
    const x2 = x1 * x1;
    const f2 = f1 * f1;
    const z2 = z * z;
    const w2 = w * w;
    const stirling = (d: number, d2: number) => (13680 - (462 - (132 - (99 - 140 / d2) / d2) / d2) / d2) / d / 166320;
    const bound =
      xm * Math.log(f1 / x1) +
      (n - m + 0.5) * Math.log(z / w) +
      (y - m) * Math.log((w * r) / (x1 * q)) +
      stirling(f1, f2) +
      stirling(z, z2) +
      stirling(x1, x2) +
      stirling(w, w2);
    if (A > bound) continue;
    return p > 0.5 ? n - y : y;
  }
}

/** An exact Binomial(n, p) draw. */
export function binomial(n: number, p: number, rand: () => number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p <= 0.5) return n * p <= 30 ? binomialInversion(n, p, rand) : binomialBtpe(n, p, rand);
  const q = 1 - p;
  return n * q <= 30 ? n - binomialInversion(n, q, rand) : n - binomialBtpe(n, q, rand);
}

/**
 * Multinomial(n, weights / Σweights) into `out`, by conditional binomials (as numpy's multinomial):
 * O(categories) draws whatever n is, which beats drawing n items one by one when n is large.
 */
export function multinomialInto(
  out: Float64Array,
  n: number,
  weights: ArrayLike<number>,
  rand: () => number,
): Float64Array {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i] as number;
  let remainingMass = total;
  let remaining = n;
  out.fill(0);
  const last = weights.length - 1;
  for (let i = 0; i < last && remaining > 0; i++) {
    const w = weights[i] as number;
    const p = remainingMass > 0 ? Math.min(1, Math.max(0, w / remainingMass)) : 1;
    const draw = binomial(remaining, p, rand);
    out[i] = draw;
    remaining -= draw;
    remainingMass -= w;
  }
  if (remaining > 0 && last >= 0) out[last] = remaining;
  return out;
}
