import { describe, expect, it } from "vitest";
import { agreementWithConfidence, compareBoards, kendallTau, pairRankBrier, separability, spearman } from "./compare";

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
    expect(agreement.intervalVerdictAgreement).toBeCloseTo(1 / 3, 12);
    // the published statistic: of the pairs live separates (a–b, a–c), a–c agrees (+1), a–b overlaps imported (+½)
    expect(agreement).toMatchObject({ agreementWithConfidence: 0.75, confidentPairs: 2 });
    expect(agreement.spearman).toBeCloseTo(1, 12);
  });
});

const board = (...rows: [string, number, number, number][]) =>
  rows.map(([model, rating, ciLower, ciUpper]) => ({ model, rating, ciLower, ciUpper }));

describe("arena-hard-auto's benchmark statistics", () => {
  it("separability: pairs sorted by lower end, overlapping when the later starts strictly before the earlier ends", () => {
    expect(separability(board(["a", 5, 0, 10], ["b", 10, 5, 15], ["c", 25, 20, 30]))).toBeCloseTo(2 / 3, 12);
    // touching intervals do not overlap
    expect(separability(board(["a", 5, 0, 10], ["d", 15, 10, 20]))).toBe(1);
    // as published, a pair whose two intervals equal an already counted pair's is counted once
    expect(separability(board(["x", 5, 0, 10], ["y", 5, 0, 10], ["z", 5, 0, 10]))).toBeCloseTo(2 / 3, 12);
  });

  it("agreement with confidence: +1 same order, +½ overlapping, 0 reversed, over the pairs the reference separates", () => {
    const reference = board(["a", 105, 100, 110], ["b", 125, 120, 130], ["c", 132, 125, 140]);
    // a–b separated, same order (+1); a–c separated, overlapping here (+½); b–c overlaps in the reference (left out)
    expect(agreementWithConfidence(reference, board(["a", 0.5, 0, 1], ["b", 2.5, 2, 3], ["c", 2, 0.5, 4]))).toEqual({
      value: 0.75,
      pairs: 2,
    });
    // reversed: 0
    expect(agreementWithConfidence(reference, board(["a", 2.5, 2, 3], ["b", 0.5, 0, 1], ["c", 9, 8, 10]))).toEqual({
      value: 0.5,
      pairs: 2,
    });
  });

  it("pair-rank Brier: Φ(−(μa − μb)/√(va + vb)) against the reference's order", () => {
    const half = 1.959963984540054; // a 95% interval of half-width 1.96σ: σ = 1
    const reference = board(["a", 1000, 990, 1010], ["b", 1100, 1090, 1110]);
    const forecast = board(["a", 0, -half, half], ["b", 1, 1 - half, 1 + half]);
    // p(a below b) = Φ(1/√2) = 0.7602499389; the reference rates a below b: (1 − p)²
    expect(pairRankBrier(reference, forecast)).toBeCloseTo((1 - 0.7602499389065233) ** 2, 6);
  });
});
