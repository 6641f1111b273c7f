import { describe, expect, it } from "vitest";
import { BattleTable } from "./battle-table";
import { computeLeaderboard } from "./leaderboard";
import type { Battle } from "./types";

const battles = (a: string, b: string, winsA: number, winsB: number, ties = 0): Battle[] => [
  ...Array.from({ length: winsA }, () => ({ modelA: a, modelB: b, winner: "model_a" as const })),
  ...Array.from({ length: winsB }, () => ({ modelA: a, modelB: b, winner: "model_b" as const })),
  ...Array.from({ length: ties }, () => ({ modelA: a, modelB: b, winner: "tie" as const })),
];

async function board(list: Battle[], options = {}) {
  const table = BattleTable.from(list);
  return computeLeaderboard(table, table.allRows(), { ci: "sandwich", fragility: true, ...options });
}

describe("fragility (AMIP, confirmed by refit)", () => {
  it("finds the planted near-tie: two of A's wins over B put them level", async () => {
    // A and B met 20 times (11–9) and each beat C as often: removing two of A's wins over B levels them
    const lb = await board([...battles("A", "B", 11, 9), ...battles("A", "C", 30, 10), ...battles("B", "C", 30, 10)]);
    const [first, second, third] = lb.models;
    expect(first?.model).toBe("A");
    expect(first?.fragility).toMatchObject({ votes: 2, with: "B" });
    // a wide gap takes many more votes to close
    expect(second?.model).toBe("B");
    expect(second?.fragility?.with).toBe("C");
    expect(second?.fragility?.votes as number).toBeGreaterThan(10);
    // the last has nobody below it
    expect(third?.fragility).toBeNull();
  });

  it("is confirmed by refitting without the votes it names, and not with one fewer", async () => {
    const list = [...battles("A", "B", 60, 45, 10), ...battles("A", "C", 40, 30), ...battles("B", "C", 40, 28)];
    const lb = await board(list);
    const top = lb.models[0];
    const votes = top?.fragility?.votes as number;
    expect(votes).toBeGreaterThan(0);
    expect(top?.fragility?.approximate).not.toBeNull();
    // the most gap-closing battles are A's wins over B: removing `votes` of them swaps the order, one fewer does not
    const refit = async (removed: number) => {
      const kept = [
        ...battles("A", "B", 60 - removed, 45, 10),
        ...battles("A", "C", 40, 30),
        ...battles("B", "C", 40, 28),
      ];
      const again = await board(kept, { fragility: false });
      const rating = (m: string) => again.models.find((x) => x.model === m)?.rating as number;
      return rating("A") - rating("B");
    };
    expect(await refit(votes)).toBeLessThanOrEqual(1e-9);
    expect(await refit(votes - 1)).toBeGreaterThan(0);
  });

  it("leaves unranked models out: a model under the vote minimum has no rank, no spread and no fragility", async () => {
    const lb = await board([...battles("A", "B", 30, 20), ...battles("B", "C", 25, 25), ...battles("A", "D", 1, 0)], {
      listing: { minVotes: 10 },
    });
    const d = lb.models.find((m) => m.model === "D");
    expect(d).toMatchObject({ ranked: false, rankSpread: null });
    expect(d?.fragility ?? null).toBeNull();
    const ranked = lb.models.filter((m) => m.ranked);
    expect(ranked.map((m) => m.rank).sort()).toEqual(ranked.map((m) => m.rankSpread?.[0]).sort());
    for (const m of ranked) expect(m.rankSpread?.[1] as number).toBeLessThanOrEqual(ranked.length);
    // the fragility of the last ranked model is null: D, below it on the board, is not ranked
    expect(ranked.at(-1)?.fragility).toBeNull();
  });
});
