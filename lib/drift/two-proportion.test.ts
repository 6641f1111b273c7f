import { describe, expect, it } from "vitest";
import { dropPValue, nextStatus, simulateFalseAlarms, simulatePower, upperTail } from "./two-proportion";

describe("the drift alarm's test", () => {
  it("reads the normal tail as tables do", () => {
    expect(upperTail(0)).toBeCloseTo(0.5, 7);
    expect(upperTail(1.959964)).toBeCloseTo(0.025, 6);
    expect(upperTail(3.719016)).toBeCloseTo(1e-4, 6);
    expect(upperTail(-1.644854)).toBeCloseTo(0.95, 6);
  });

  it("is the pooled one-sided two-proportion z-test", () => {
    // 90/120 against 10/40: pooled 0.625, se √(0.625·0.375·(1/120 + 1/40)) = 0.0884, z = 0.5 / 0.0884 = 5.657
    expect(dropPValue({ correct: 90, total: 120 }, { correct: 10, total: 40 })).toBeCloseTo(
      upperTail(0.5 / Math.sqrt(0.0078125)),
      12,
    );
    expect(dropPValue({ correct: 90, total: 120 }, { correct: 10, total: 40 })).toBeLessThan(1e-7);
    // 60/100 against 25/50: z = 0.1 / √(0.5667·0.4333·0.03) = 1.166
    expect(dropPValue({ correct: 60, total: 100 }, { correct: 25, total: 50 })).toBeCloseTo(0.1218, 3);
    // a run above its baseline is no evidence of a fall; all right on both sides is none either
    expect(dropPValue({ correct: 30, total: 60 }, { correct: 40, total: 60 })).toBeGreaterThan(0.5);
    expect(dropPValue({ correct: 60, total: 60 }, { correct: 20, total: 20 })).toBe(1);
    expect(dropPValue({ correct: 0, total: 0 }, { correct: 20, total: 20 })).toBe(1);
  });

  it("raises one alarm per fall and re-arms after a run that is not below", () => {
    const alpha = 1e-3;
    const statuses: string[] = [];
    let previous = null as ReturnType<typeof nextStatus> | null;
    for (const p of [0.4, 1e-5, 1e-6, 1e-4, 0.2, 1e-5]) {
      previous = nextStatus(p, alpha, previous);
      statuses.push(previous);
    }
    expect(statuses).toEqual(["steady", "alarm", "low", "low", "steady", "alarm"]);
  });

  it("cries wolf about as often as its level says for a model that never changes, and catches a large fall", () => {
    const base = { items: 60, baselineRuns: 3, runs: 50, alpha: 0.01, models: 2000, seed: 3 };
    const rate = simulateFalseAlarms({ ...base, accuracy: 0.5 }).perRun;
    expect(rate).toBeGreaterThan(0.005);
    expect(rate).toBeLessThan(0.015);
    // the same seed, the same figures (docs/statistics.md quotes them)
    expect(simulateFalseAlarms({ ...base, accuracy: 0.5 }).perRun).toBe(rate);
    expect(
      simulatePower({ from: 0.8, to: 0.4, items: 60, baselineRuns: 3, alpha: 1e-4, trials: 2000, seed: 1 }),
    ).toBeGreaterThan(0.9);
    expect(
      simulatePower({ from: 0.8, to: 0.8, items: 60, baselineRuns: 3, alpha: 1e-4, trials: 2000, seed: 1 }),
    ).toBeLessThan(0.01);
  });
});
