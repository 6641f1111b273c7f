import { describe, expect, it } from "vitest";
import { createRandom } from "../numeric";
import { detectOutliers, type IntegrityVote } from "./outliers";

/** Honest voters follow true strengths (100 Elo points apart per step); a contrarian always picks the weaker. */
function crowd(seed: number) {
  const random = createRandom(seed);
  const models = ["m0", "m1", "m2", "m3", "m4"];
  const votes: IntegrityVote[] = [];
  for (let v = 0; v < 60; v++) {
    for (let k = 0; k < 20; k++) {
      const i = Math.floor(random() * 5);
      const j = (i + 1 + Math.floor(random() * 4)) % 5;
      const p = 1 / (1 + 10 ** (((j - i) * 100) / 400));
      const r = random();
      votes.push({
        voter: `honest-${v}`,
        modelA: models[i] as string,
        modelB: models[j] as string,
        score: r < 0.1 ? 0.5 : r < 0.1 + 0.9 * p ? 1 : 0,
      });
    }
  }
  for (let k = 0; k < 20; k++) {
    const i = k % 4;
    votes.push({ voter: "contrarian", modelA: models[i] as string, modelB: models[4] as string, score: 1 });
  }
  return votes;
}

describe("the sequential outlier test", () => {
  it("flags a voter who always picks the weaker model, and few honest voters (α = 0.05)", () => {
    const flagged = detectOutliers(crowd(7));
    // the contrarian's sorted pairs (m0–m4 …) score 1 where the crowd scores 0: above the crowd
    expect(flagged[0]).toMatchObject({ voter: "contrarian", tail: "above" });
    expect(flagged.filter((f) => f.voter.startsWith("honest")).length).toBeLessThanOrEqual(3);
  });

  it("leaves voters with fewer than five votes alone, and pools a pair's two orientations", () => {
    const votes: IntegrityVote[] = [
      ...Array.from({ length: 40 }, (_, k) => ({ voter: `v${k}`, modelA: "a", modelB: "b", score: 1 })),
      ...Array.from({ length: 4 }, () => ({ voter: "short", modelA: "a", modelB: "b", score: 0 })),
      // the same preference written the other way round is not an outlier
      ...Array.from({ length: 6 }, () => ({ voter: "mirror", modelA: "b", modelB: "a", score: 0 })),
    ];
    expect(detectOutliers(votes).map((f) => f.voter)).toEqual([]);
  });
});
