import { probit, quantileSorted as simpleQuantileSorted } from "simple-statistics";
import { describe, expect, it } from "vitest";
import { normalQuantile, quantile, quantileAt, quantileSorted } from "./quantiles";

// np.quantile(x, q) as numpy 2.4.6 prints it (repr), on this machine.
const NUMPY: [number[], number, number][] = [
  [[0.1, 0.2], 0.7, 0.17],
  [[0.1, 0.7], 0.5, 0.39999999999999997],
  [[0.1, 1.3], 0.6, 0.8200000000000001],
  [[0.1, 0.2, 0.7, 1.3, 2.9], 0.975, 2.7399999999999998],
  [[1, 2, 3, 4], 0.5, 2.5],
  [[5], 0.9999, 5],
];

describe("quantiles (numpy's linear method)", () => {
  it("matches numpy to the last bit", () => {
    for (const [x, q, expected] of NUMPY) {
      expect(quantileSorted(x, q)).toBe(expected);
      expect(quantile([...x].reverse(), q)).toBe(expected);
      expect(quantileAt(x.length, q, (i) => x[i] as number)).toBe(expected);
    }
    expect(quantileSorted([], 0.5)).toBeNaN();
  });

  it("is why simple-statistics' quantileSorted is not used: it misses numpy's last bit where t ≥ 0.5", () => {
    const misses = NUMPY.filter(([x, q, expected]) => simpleQuantileSorted(x, q) !== expected);
    expect(misses.length).toBeGreaterThan(0);
  });

  it("normal quantile to 1e-9, where simple-statistics' probit is off in the third decimal", () => {
    const scipy = 1.959963984540054; // scipy.stats.norm.ppf(0.975)
    expect(Math.abs(-normalQuantile(0.025) - scipy)).toBeLessThan(1e-8);
    expect(Math.abs(probit(0.975) - scipy)).toBeGreaterThan(1e-3);
  });
});
