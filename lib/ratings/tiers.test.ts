import { describe, expect, it } from "vitest";
import { MAX_TIERS, tiersOf } from "./tiers";

const model = (rating: number, half: number, component = 0) => ({
  rating,
  ciLower: rating - half,
  ciUpper: rating + half,
  component,
});

describe("tiers (ComparIA's classes)", () => {
  it("anchors each class on its leader's lower bound; a model joins while its upper bound reaches the anchor", () => {
    // leader 1200 [1180, 1220]: 1185 reaches 1180 (upper 1200), 1170 does too (upper 1190), 1150 does not (1170)
    const board = [model(1200, 20), model(1185, 15), model(1170, 20), model(1150, 20), model(1120, 10)];
    // second class anchored on 1150's lower bound 1130: 1120's upper bound 1130 reaches it
    expect(
      tiersOf(
        board,
        board.map(() => true),
      ),
    ).toEqual([1, 1, 1, 2, 2]);
  });

  it("a model that clears its class's anchor only through a wide interval still joins it (the anchor, not the previous model)", () => {
    const board = [model(1200, 5), model(1190, 20), model(1160, 30)];
    // 1190's upper bound 1210 reaches 1195; 1160's upper bound 1190 does not reach the leader's anchor 1195
    expect(tiersOf(board, [true, true, true])).toEqual([1, 1, 2]);
  });

  it("stops at eight classes: the models after the eighth opening stay in it", () => {
    const board = Array.from({ length: 12 }, (_, k) => model(2000 - 100 * k, 5));
    const tiers = tiersOf(
      board,
      board.map(() => true),
    );
    expect(tiers.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(tiers.slice(8)).toEqual([MAX_TIERS, MAX_TIERS, MAX_TIERS, MAX_TIERS]);
  });

  it("leaves unranked models out, and classes each group of the graph on its own", () => {
    const board = [model(1100, 10, 0), model(1000, 10, 0), model(1050, 10, 1), model(1040, 30, 1), model(1300, 5, 0)];
    expect(tiersOf(board, [true, true, true, true, false])).toEqual([1, 2, 1, 1, null]);
  });

  it("gives no tiers without intervals", () => {
    const board = [model(1100, 10), { rating: 1000, ciLower: Number.NaN, ciUpper: Number.NaN }];
    expect(tiersOf(board, [true, true])).toEqual([null, null]);
  });
});
