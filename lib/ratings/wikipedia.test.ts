import { describe, expect, it } from "vitest";
import { wikipediaBattles as wikipedia } from "../../tests/support/ratings/wikipedia";
import { BattleTable } from "./battle-table";
import { computeLeaderboard } from "./leaderboard";

describe("Bradley–Terry on the Wikipedia example", () => {
  it("gives the published strengths (geometric mean 1) to 1e-3 relative", async () => {
    const table = BattleTable.from(wikipedia);
    const board = await computeLeaderboard(table, table.allRows(), { ci: "none" });
    // rating = 400·log10(strength) + 1000 with ratings centred on 1000 <=> strengths with geometric mean 1
    const strength = Object.fromEntries(board.models.map((m) => [m.model, 10 ** ((m.rating - 1000) / 400)]));
    const expected = { A: 0.64, B: 1.043, C: 0.66, D: 2.27 };
    for (const [model, value] of Object.entries(expected)) {
      expect(Math.abs((strength[model] as number) / value - 1)).toBeLessThan(1e-3);
    }
    expect(board.models.map((m) => m.model)).toEqual(["D", "B", "C", "A"]);
    expect(board.battles).toBe(22);
    expect(board.components).toBe(1);
    expect(board.warnings).toEqual([]);
  });
});
