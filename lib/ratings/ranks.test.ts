import { describe, expect, it } from "vitest";
import { rankUpperBound } from "./ranks";

describe("Rank (UB)", () => {
  it("counts only models whose lower bound clears this model's upper bound", () => {
    const board = [
      { rating: 1100, ciLower: 1090, ciUpper: 1110 },
      { rating: 1085, ciLower: 1070, ciUpper: 1095 }, // overlaps the first: still rank 1
      { rating: 1000, ciLower: 990, ciUpper: 1010 },
    ];
    expect(rankUpperBound(board)).toEqual([1, 1, 3]);
    expect(rankUpperBound(board, true)).toEqual([1, 2, 3]);
  });
});
