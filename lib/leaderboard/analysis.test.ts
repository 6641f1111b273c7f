import { describe, expect, it } from "vitest";
import {
  categoryRanks,
  categoryStats,
  predictedWinRates,
  styleCoefficientsByCategory,
  styleRankChanges,
} from "./analysis";
import type { CategorySummary } from "./serve";

/** A category's summary: battles, both-bad votes, ranks and votes per model, and whatever else it has. */
const category = (
  name: string,
  battles: number,
  bothBad: number,
  ranks: Record<string, number>,
  votes: Record<string, number>,
  rest: Partial<CategorySummary> = {},
): CategorySummary => ({ category: name, battles, bothBad, ranks, votes, ...rest });

const summary: CategorySummary[] = [
  category(
    "overall",
    400,
    40,
    { a: 1, b: 2, c: 3 },
    { a: 300, b: 250, c: 250 },
    {
      styleRanks: { a: 2, b: 1, c: 3 },
      styleCoefficients: [{ feature: "tokens", value: 0.25, ciLower: 0.2, ciUpper: 0.3 }],
    },
  ),
  category("captioning", 100, 2, { a: 3, b: 1, c: 2 }, { a: 80, b: 70, c: 50 }, { styleRanks: { a: 1, b: 2, c: 3 } }),
  category("ocr", 50, 10, { a: 1, b: 2 }, { a: 150, b: 150 }),
];

describe("leaderboard analyses", () => {
  it("predicts win rates on the Elo scale", () => {
    const p = predictedWinRates([{ rating: 1100 }, { rating: 1000 }]);
    expect(p[0]?.[1]).toBeCloseTo(0.6401, 4);
    expect((p[0]?.[1] ?? 0) + (p[1]?.[0] ?? 0)).toBeCloseTo(1, 12);
    expect(p[0]?.[0]).toBeNull();
  });

  it("lays out ranks per category with few-vote cells marked, and rank changes under style control", () => {
    const grid = categoryRanks(summary, ["a", "b", "c"]);
    expect(grid.columns).toEqual(["overall", "captioning", "ocr"]);
    expect(grid.values).toEqual([
      [1, 3, 1],
      [2, 1, 2],
      [3, 2, null],
    ]);
    expect(grid.few[0]).toEqual([false, true, false]);
    const changes = styleRankChanges(summary, ["a", "b", "c"]);
    expect(changes.columns).toEqual(["overall", "captioning"]);
    expect(changes.values).toEqual([
      [-1, 2],
      [1, -1],
      [0, -1],
    ]);
  });

  it("gives each category's share of battles and of both-bad votes", () => {
    expect(categoryStats(summary)).toEqual([
      { category: "captioning", battles: 100, share: 0.25, bothBadShare: 0.02 },
      { category: "ocr", battles: 50, share: 0.125, bothBadShare: 0.2 },
    ]);
  });
});

describe("style coefficients per category (issue 69)", () => {
  it("leave out a category whose coefficients all print as 0.000", () => {
    const zero = { ciLower: 0, ciUpper: 0 };
    const rows = styleCoefficientsByCategory([
      ...summary,
      category(
        "chart",
        5,
        0,
        { a: 1 },
        { a: 5 },
        {
          styleCoefficients: [
            { feature: "tokens", value: 0, ...zero },
            { feature: "bold", value: 0.0002, ...zero },
          ],
        },
      ),
    ]);
    expect(rows.categories).toEqual(["overall"]);
    expect(rows.values).toEqual([[0.25]]);
  });
});
