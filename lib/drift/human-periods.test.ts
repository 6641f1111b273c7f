import { describe, expect, it } from "vitest";
import { humanSplit, type PeriodFits } from "./human-periods";

/** A month's fit: each model's rating with a ±20 interval and `votes` votes. */
const month = (start: string, ratings: Record<string, number>, votes = 50): PeriodFits["periods"][number] => ({
  start,
  votes: votes * Object.keys(ratings).length,
  models: Object.entries(ratings).map(([model, rating]) => ({
    model,
    rating,
    ciLower: rating - 20,
    ciUpper: rating + 20,
    votes,
  })),
});

describe("the time-split human fit", () => {
  // each month's fit has its own origin (shift); the anchors never change against each other; x falls 30 a month
  // against them while a strong newcomer joins in March and pushes everyone's relative standing down
  const fits: PeriodFits = {
    period: "month",
    periods: [
      month("2026-01-01T00:00:00.000Z", { a1: 1000, a2: 1100, x: 1080 }),
      month("2026-02-01T00:00:00.000Z", { a1: 1040, a2: 1140, x: 1090 }),
      month("2026-03-01T00:00:00.000Z", { a1: 960, a2: 1060, x: 980, newcomer: 1300 }),
    ],
  };

  it("reads a model's score against anchors that did not change, whatever the month's origin", () => {
    const points = humanSplit(fits, "x");
    expect(points.map((p) => p.score)).toEqual([1030, 1000, 970]);
    expect(points[2]).toMatchObject({ ciLower: 950, ciUpper: 990, votes: 50 });
    // the newcomer is in one month only: not an anchor, so it does not move x's line
    expect(humanSplit(fits, "x", ["a1"]).map((p) => p.score)).toEqual([1080, 1050, 1020]);
  });

  it("leaves out months with too few of the model's votes, and draws nothing without anchors or fits", () => {
    const thin: PeriodFits = {
      ...fits,
      periods: [...fits.periods, month("2026-04-01T00:00:00.000Z", { a1: 1000, a2: 1100, x: 900 }, 3)],
    };
    expect(humanSplit(thin, "x")).toHaveLength(3);
    expect(humanSplit(fits, "x", ["nobody"])).toEqual([]);
    expect(humanSplit(null, "x")).toEqual([]);
  });
});
