import { describe, expect, it } from "vitest";
import { createRandom } from "../numeric";
import { BattleTable } from "./battle-table";
import { computeLeaderboard } from "./leaderboard";
import { rankUpperBound } from "./ranks";
import type { Battle } from "./types";

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

  it("counts only models of the same group: another group's ratings are not on the same scale", () => {
    const board = [
      { rating: 1100, ciLower: 1090, ciUpper: 1110, component: 0 },
      { rating: 1300, ciLower: 1290, ciUpper: 1310, component: 1 }, // above, but never compared
      { rating: 1000, ciLower: 990, ciUpper: 1010, component: 0 },
    ];
    expect(rankUpperBound(board)).toEqual([1, 1, 2]);
  });
});

/** Battles among `models` where each beats the next one `edge` times in ten (a clear order), plus a few upsets. */
function groupBattles(models: string[], perPair: number, seed: number): Battle[] {
  const rand = createRandom(seed, 3);
  const battles: Battle[] = [];
  for (let i = 0; i < models.length; i++)
    for (let j = i + 1; j < models.length; j++)
      for (let k = 0; k < perPair; k++) {
        const strongerWins = rand() < 0.5 + 0.12 * (j - i);
        battles.push({
          modelA: models[i] as string,
          modelB: models[j] as string,
          winner: strongerWins ? "model_a" : "model_b",
        });
      }
  return battles;
}

describe("a board of two groups never compared (issue 68)", () => {
  it("ranks each model within its own group, as docs/statistics.md says", async () => {
    const a = ["a0", "a1", "a2", "a3"];
    const b = ["b0", "b1", "b2", "b3"];
    const table = BattleTable.from([...groupBattles(a, 120, 1), ...groupBattles(b, 120, 2)]);
    const board = await computeLeaderboard(table, table.allRows(), { ci: "sandwich" });
    expect(board.components).toBe(2);
    const rank = Object.fromEntries(board.models.map((m) => [m.model, m.rank]));
    // each group's leader is first of its group, whatever the other group's centred ratings are
    expect(rank.a0).toBe(1);
    expect(rank.b0).toBe(1);
    // the fourth of a group is ranked against three models at most
    expect(rank.a3).toBeLessThanOrEqual(4);
    expect(rank.b3).toBeLessThanOrEqual(4);
    for (const m of board.models) expect(m.rankSpread?.[1]).toBeLessThanOrEqual(4);
  });
});

describe("models under the minimum of votes (issue 68)", () => {
  it("are listed after the ranked ones, with no rank, rank spread or tier", async () => {
    const battles = groupBattles(["m0", "m1", "m2", "m3"], 60, 4);
    // a thin model that won its few battles: its point rating is high, but it is no place in the order
    for (let k = 0; k < 12; k++) battles.push({ modelA: "thin", modelB: "m1", winner: k < 10 ? "model_a" : "model_b" });
    const table = BattleTable.from(battles);
    const board = await computeLeaderboard(table, table.allRows(), { ci: "sandwich", listing: { minVotes: 30 } });
    const last = board.models.at(-1);
    expect(last).toMatchObject({ model: "thin", ranked: false, rankSpread: null, tier: null, votes: 12 });
    expect(board.models.slice(0, -1).every((m) => m.ranked && m.tier !== null)).toBe(true);
    expect(board.models[0]?.tier).toBe(1);
  });
});
