import { describe, expect, it } from "vitest";
import { binomial, createRandom, drawResample, multinomialInto, resampleCounts } from "./random";

function moments(draws: number[]) {
  const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
  const variance = draws.reduce((s, x) => s + (x - mean) ** 2, 0) / (draws.length - 1);
  return { mean, variance };
}

describe("createRandom", () => {
  it("is reproducible per (seed, stream) and uniform on [0, 1)", () => {
    const a = createRandom(1, 3);
    const b = createRandom(1, 3);
    const c = createRandom(1, 4);
    const xs = Array.from({ length: 20000 }, () => a());
    expect(xs.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b()));
    expect(c()).not.toBe(xs[0]);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const { mean, variance } = moments(xs);
    expect(mean).toBeCloseTo(0.5, 2);
    expect(variance).toBeCloseTo(1 / 12, 2);
  });
});

describe("drawResample", () => {
  it("draws what resampleCounts draws from the same stream", () => {
    for (const [n, seed, stream] of [
      [1, 0, 0],
      [1000, 7, 2],
      [65_537, 3, 99],
    ] as const) {
      const inline = drawResample(new Uint32Array(n), seed, stream);
      const through = resampleCounts(n, createRandom(seed, stream));
      expect(Array.from(inline)).toEqual(Array.from(through));
      expect(inline.reduce((s, c) => s + c, 0)).toBe(n);
    }
  });
});

describe("binomial", () => {
  // inversion (n·p ≤ 30), BTPE (n·p > 30), and p > 0.5 through the complement
  it.each([
    [20, 0.3],
    [1000, 0.02],
    [5000, 0.2],
    [1_000_000, 0.001],
    [200, 0.9],
    [100_000, 0.75],
  ])("Binomial(%i, %f) has the right mean and variance and stays in [0, n]", (n, p) => {
    const rand = createRandom(7, n);
    const draws = Array.from({ length: 20000 }, () => binomial(n, p, rand));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThanOrEqual(n);
    expect(draws.every(Number.isInteger)).toBe(true);
    const { mean, variance } = moments(draws);
    const sd = Math.sqrt(n * p * (1 - p));
    // 6 standard errors: deterministic with the fixed seed, and far from flaky
    expect(Math.abs(mean - n * p)).toBeLessThan((6 * sd) / Math.sqrt(draws.length));
    expect(Math.abs(variance / (sd * sd) - 1)).toBeLessThan(0.06);
  });

  it("handles the edges", () => {
    const rand = createRandom(1);
    expect(binomial(0, 0.5, rand)).toBe(0);
    expect(binomial(10, 0, rand)).toBe(0);
    expect(binomial(10, 1, rand)).toBe(10);
  });
});

describe("multinomialInto", () => {
  it("draws exactly n items with the expected share in each category", () => {
    const weights = [5, 0, 1, 3, 1];
    const rand = createRandom(3);
    const totals = new Float64Array(weights.length);
    const out = new Float64Array(weights.length);
    for (let round = 0; round < 2000; round++) {
      multinomialInto(out, 1000, weights, rand);
      expect(out.reduce((s, x) => s + x, 0)).toBe(1000);
      for (let i = 0; i < out.length; i++) totals[i] = (totals[i] as number) + (out[i] as number);
    }
    expect(totals[1]).toBe(0);
    weights.forEach((w, i) => {
      expect((totals[i] as number) / (2000 * 1000)).toBeCloseTo(w / 10, 2);
    });
  });
});

describe("resampleCounts", () => {
  it("counts n draws with replacement", () => {
    const counts = resampleCounts(1000, createRandom(2));
    expect(counts.reduce((s, x) => s + x, 0)).toBe(1000);
    // about 1/e of the items are not drawn at all
    expect(counts.filter((c) => c === 0).length / 1000).toBeCloseTo(Math.exp(-1), 1);
  });
});
