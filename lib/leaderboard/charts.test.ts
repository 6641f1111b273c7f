import { describe, expect, it } from "vitest";
import { leaderboardCharts, withPairMatrices } from "./charts";
import type { CategorySummary, ServedSnapshot, SnapshotModel } from "./serve";

const model = (i: number): SnapshotModel => ({
  model: `m${i}`,
  displayName: `Model ${i}`,
  organization: null,
  license: null,
  isDemo: false,
  rating: 1200 - i * 10,
  ciLower: 1190 - i * 10,
  ciUpper: 1210 - i * 10,
  rank: i + 1,
  votes: 500,
  winRate: 0.5,
  preliminary: false,
  retired: false,
  rankSpread: null,
  tier: null,
  fragility: null,
});

const summary: CategorySummary[] = [
  {
    category: "overall",
    battles: 400,
    bothBad: 40,
    ranks: { m0: 1, m1: 2 },
    styleRanks: { m0: 2, m1: 1 },
    votes: { m0: 300, m1: 250 },
    styleCoefficients: [
      { feature: "tokens", value: 0.25, ciLower: 0.2, ciUpper: 0.3 },
      { feature: "bold", value: -0.4, ciLower: -0.5, ciUpper: -0.3 },
    ],
  },
  { category: "ocr", battles: 50, bothBad: 10, ranks: { m0: 1, m1: 2 }, votes: { m0: 150, m1: 150 } },
];

function snapshot(category: string, models: SnapshotModel[]): ServedSnapshot {
  const n = models.length;
  return {
    id: `${category}-id`,
    category,
    styleControl: false,
    createdAt: new Date(0),
    voteCount: 1000,
    published: true,
    etag: '"x"',
    payload: {
      battles: 1000,
      components: 1,
      warnings: [],
      models,
      summary,
      matrices: {
        battles: models.map(() => Array.from({ length: n }, () => 3)),
        winFraction: models.map(() => Array.from({ length: n }, () => 0.5)),
      },
    },
  };
}

describe("leaderboardCharts", () => {
  const models = Array.from({ length: 60 }, (_, i) => model(i));
  const overall = snapshot("overall", models);

  it("draws every model's interval, crops the pair grids to the top 20, and adds the run's figures on overall", () => {
    const charts = leaderboardCharts(overall, overall);
    expect(charts.map((c) => c.id)).toEqual([
      "ratings",
      "win-fraction",
      "battles",
      "predicted",
      "category-ranks",
      "style-rank-changes",
      "style-coefficients",
      "category-battles",
      "both-bad",
    ]);
    const ratings = charts[0];
    expect(ratings?.kind === "intervals" && ratings.rows.length).toBe(60);
    const win = charts.find((c) => c.id === "win-fraction");
    expect(win?.kind === "heatmap" && [win.labels.length, win.values.length, win.values[0]?.length]).toEqual([
      20, 20, 20,
    ]);
    expect(win?.kind === "heatmap" && win.note).toBe("The top 20 of 60 models.");
  });

  it("puts signed values on a diverging scale centred on zero, with a legend for both ends", () => {
    const coefficients = leaderboardCharts(overall, overall).find((c) => c.id === "style-coefficients");
    if (coefficients?.kind !== "heatmap") throw new Error("no coefficient chart");
    expect(coefficients.palette).toBe("diverging");
    expect(coefficients.domain).toEqual([-0.4, 0.4]);
    expect(coefficients.legend).toEqual(["−0.400: preferred less", "0", "+0.400: preferred more"]);
  });

  it("leaves the cross-category figures to the overall board", () => {
    expect(leaderboardCharts(snapshot("ocr", models.slice(0, 2)), overall).map((c) => c.id)).toEqual([
      "ratings",
      "win-fraction",
      "battles",
      "predicted",
    ]);
  });
});

describe("withPairMatrices", () => {
  it("gives a style-controlled board the plain board's pair matrices in its own model order", () => {
    const plain = snapshot("overall", [model(0), model(1), model(2)]);
    const matrices = plain.payload.matrices as NonNullable<typeof plain.payload.matrices>;
    matrices.battles = [
      [0, 5, 7],
      [5, 0, 9],
      [7, 9, 0],
    ];
    matrices.winFraction = [
      [null, 0.6, 0.7],
      [0.4, null, 0.8],
      [0.3, 0.2, null],
    ];
    const styled = { ...snapshot("overall", [model(2), model(0), model(1)]), styleControl: true };
    styled.payload = { ...styled.payload, matrices: undefined };
    const borrowed = withPairMatrices(styled, plain).payload.matrices;
    // rows and columns follow the style board: m2, m0, m1
    expect(borrowed?.battles).toEqual([
      [0, 7, 9],
      [7, 0, 5],
      [9, 5, 0],
    ]);
    expect(borrowed?.winFraction[0]).toEqual([null, 0.3, 0.2]);
    expect(leaderboardCharts(withPairMatrices(styled, plain), null).map((c) => c.id)).toContain("win-fraction");
    // a board with its own matrices, or nothing to borrow from, is left as it is
    expect(withPairMatrices(plain, styled)).toBe(plain);
    expect(withPairMatrices(styled, null)).toBe(styled);
  });
});
