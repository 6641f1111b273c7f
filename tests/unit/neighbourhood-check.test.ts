// The neighbourhood board's held-out check (issue 43; the study in tests/support/ratings/neighbourhood-check.ts): it
// beats the global board where strengths depend on the image and does not lose where they do not (the bench prints
// the same check at full size: npm run bench:neighbourhood).
import { describe, expect, it } from "vitest";
import { generateScenario, heldOutCheck } from "../support/ratings/neighbourhood-check";

describe("the neighbourhood board, held out", () => {
  it("predicts held-out battles better than the global board where strengths depend on the image", () => {
    const check = heldOutCheck(generateScenario({ seed: 3, dependent: true, train: 3000, test: 300 }));
    expect(check.refused).toBe(0);
    expect(check.neighbourhood.accuracy).toBeGreaterThan(check.global.accuracy + 0.03);
    expect(check.logLossDifference.ci[1]).toBeLessThan(0);
    expect(check.meanShrinkage).toBeGreaterThan(0.5);
  });

  it("does not lose to the global board where they do not", () => {
    const check = heldOutCheck(generateScenario({ seed: 3, dependent: false, train: 3000, test: 300 }));
    // the paired log-loss difference's interval reaches 0 or below: no worse beyond noise
    expect(check.logLossDifference.ci[0]).toBeLessThanOrEqual(0);
    expect(check.logLossDifference.mean).toBeLessThan(0.002);
    expect(check.meanShrinkage).toBeLessThan(0.5);
  });
});
