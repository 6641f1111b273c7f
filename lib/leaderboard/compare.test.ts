import { describe, expect, it } from "vitest";
import { compareBoards, kendallTau, spearman } from "./compare";

describe("leaderboard agreement", () => {
  it("computes Spearman and Kendall tau-b as scipy does, ties included", () => {
    // scipy.stats.spearmanr([1,2,3,4,5],[5,6,7,8,7]) = 0.8207826816681233; kendalltau = 0.7378647873726218
    expect(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 12);
    expect(kendallTau([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.7378647873726218, 12);
    expect(spearman([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(kendallTau([1, 2, 3], [1, 2, 3])).toBe(1);
  });

  it("counts the model pairs whose intervals give the same verdict, over shared models only", () => {
    const entry = (model: string, rating: number, half = 10) => ({
      model,
      rating,
      ciLower: rating - half,
      ciUpper: rating + half,
    });
    const live = [entry("a", 1100), entry("b", 1050), entry("c", 1045), entry("only-live", 900)];
    const imported = [entry("a", 1080), entry("b", 1075), entry("c", 1000), entry("only-imported", 1)];
    const agreement = compareBoards(live, imported);
    expect(agreement.models).toEqual(["a", "b", "c"]);
    expect(agreement.pairs).toBe(3);
    // a–b: separated live, overlapping imported (disagree); a–c: separated in both (agree); b–c: overlapping live,
    // separated imported (disagree)
    expect(agreement.intervalAgreement).toBeCloseTo(1 / 3, 12);
    expect(agreement.spearman).toBeCloseTo(1, 12);
  });
});
