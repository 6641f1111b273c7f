import { describe, expect, it } from "vitest";
import type { SnapshotModel } from "@/lib/leaderboard";
import { distinctValues, rankDelta, scoreDelta, shownRows } from "./board-order";

const model = (name: string, rank: number | null, rating: number, extra: Partial<SnapshotModel> = {}) =>
  ({
    model: name,
    displayName: name.toUpperCase(),
    rank,
    rating,
    ciLower: rating - 10,
    ciUpper: rating + 10,
    votes: 100,
    tier: rank,
    organization: null,
    license: null,
    ...extra,
  }) as SnapshotModel;

const board = [
  model("alpha", 1, 1100, { organization: "A", license: "MIT", votes: 50 }),
  model("beta", 2, 1050, { organization: "B", license: "MIT", votes: 300 }),
  model("gamma", null, 1080, { organization: "A", license: "Apache-2.0", votes: 10 }),
];
const none = { query: "", organization: "", license: "" };

describe("the leaderboard table's order", () => {
  it("keeps the board's order by rank, unranked last", () => {
    expect(shownRows(board, none, { key: "rank", descending: false }, {}).map((m) => m.model)).toEqual([
      "alpha",
      "beta",
      "gamma",
    ]);
  });

  it("sorts by a column either way, and by the deltas against the reference boards", () => {
    expect(shownRows(board, none, { key: "votes", descending: true }, {}).map((m) => m.model)).toEqual([
      "beta",
      "alpha",
      "gamma",
    ]);
    const overallRanks = { alpha: 2, beta: 1, gamma: 3 };
    expect(rankDelta(1, "alpha", overallRanks)).toBe(1);
    expect(rankDelta(null, "gamma", overallRanks)).toBeNull();
    const byDelta = shownRows(board, none, { key: "overallDelta", descending: true }, { overallRanks });
    expect(byDelta.map((m) => m.model)).toEqual(["alpha", "beta", "gamma"]);
    expect(scoreDelta(board[0] as SnapshotModel, { alpha: 1089.6 })).toBe(10);
    expect(scoreDelta(board[0] as SnapshotModel, {})).toBeNull();
  });

  it("filters by search, organisation and licence, and offers each field's values once", () => {
    expect(shownRows(board, { ...none, query: "GAM" }, { key: "rank", descending: false }, {})).toHaveLength(1);
    const fromA = shownRows(
      board,
      { ...none, organization: "A", license: "MIT" },
      { key: "rank", descending: false },
      {},
    );
    expect(fromA.map((m) => m.model)).toEqual(["alpha"]);
    expect(distinctValues(board, "license")).toEqual(["Apache-2.0", "MIT"]);
  });
});
