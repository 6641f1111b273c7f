import { describe, expect, it } from "vitest";
import { syntheticBattles } from "../../tests/support/ratings/synthetic";
import { createRandom } from "../numeric";
import { BattleTable } from "./battle-table";
import { computeLeaderboard, FINITE_RIDGE, type Leaderboard } from "./leaderboard";
import type { Battle, StyleCounts, Winner } from "./types";

const base = [...syntheticBattles({ models: 8, battles: 3000, seed: 3 })];
const FLIP: Record<Winner, Winner> = {
  model_a: "model_b",
  model_b: "model_a",
  tie: "tie",
  "tie (bothbad)": "tie (bothbad)",
};

function swapSides(battle: Battle): Battle {
  const s = battle.style as StyleCounts;
  return {
    ...battle,
    modelA: battle.modelB,
    modelB: battle.modelA,
    winner: FLIP[battle.winner],
    style: [s[4], s[5], s[6], s[7], s[0], s[1], s[2], s[3]],
  };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const rand = createRandom(seed);
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

async function board(battles: Battle[], options: Parameters<typeof computeLeaderboard>[2] = {}) {
  const table = BattleTable.from(battles);
  return computeLeaderboard(table, table.allRows(), { ci: "none", ...options });
}

const ratings = (b: Leaderboard) => Object.fromEntries(b.models.map((m) => [m.model, m.rating]));

function expectSameRatings(x: Leaderboard, y: Leaderboard, digits = 6) {
  const rx = ratings(x);
  const ry = ratings(y);
  for (const model of Object.keys(rx)) expect(ry[model]).toBeCloseTo(rx[model] as number, digits);
}

describe.each([false, true])("invariances (style control: %s)", (styleControl) => {
  it("shuffling the battles leaves the ratings unchanged", async () => {
    expectSameRatings(await board(base, { styleControl }), await board(shuffled(base, 9), { styleControl }));
  });

  it("swapping sides, with the outcome flipped, leaves the ratings unchanged", async () => {
    const original = await board(base, { styleControl });
    const swapped = await board(base.map(swapSides), { styleControl });
    expectSameRatings(original, swapped);
    if (styleControl) {
      original.styleCoefficients?.forEach((c, k) => {
        expect(swapped.styleCoefficients?.[k]?.value).toBeCloseTo(c.value, 8);
      });
    }
  });
});

describe("doubling every battle", () => {
  it("leaves plain point estimates unchanged and narrows the intervals", async () => {
    const once = await board(base, { ci: "bootstrap", bootstrapRounds: 60 });
    const twice = await board([...base, ...base], { ci: "bootstrap", bootstrapRounds: 60 });
    expectSameRatings(once, twice, 8);
    const width = (b: Leaderboard) => b.models.reduce((s, m) => s + m.ciUpper - m.ciLower, 0);
    // intervals shrink by about 1/√2
    expect(width(twice) / width(once)).toBeGreaterThan(0.6);
    expect(width(twice) / width(once)).toBeLessThan(0.82);
  });

  it("narrows sandwich intervals by exactly 1/√2", async () => {
    const once = await board(base, { ci: "sandwich" });
    const twice = await board([...base, ...base], { ci: "sandwich" });
    for (const m of once.models) {
      const other = twice.models.find((o) => o.model === m.model)!;
      expect((other.ciUpper - other.ciLower) / (m.ciUpper - m.ciLower)).toBeCloseTo(Math.SQRT1_2, 6);
    }
  });
});

describe("edge cases", () => {
  it("keeps ratings finite and warns when a model never lost or never won", async () => {
    const battles: Battle[] = [
      ...Array.from({ length: 5 }, () => ({ modelA: "champ", modelB: "mid", winner: "model_a" as const })),
      ...Array.from({ length: 3 }, () => ({ modelA: "mid", modelB: "weak", winner: "model_a" as const })),
      ...Array.from({ length: 2 }, () => ({ modelA: "weak", modelB: "mid", winner: "model_a" as const })),
      { modelA: "mid", modelB: "weak", winner: "tie" as const },
    ];
    const result = await board(battles, { ci: "bootstrap", bootstrapRounds: 30 });
    for (const m of result.models)
      for (const v of [m.rating, m.ciLower, m.ciUpper]) expect(Number.isFinite(v)).toBe(true);
    expect(result.warnings).toContain("never lost a battle, so its rating is not bounded above: champ");
    expect(result.warnings.join(" ")).toContain(`ridge penalty (${FINITE_RIDGE})`);
    expect(result.models[0]?.model).toBe("champ");
  });

  it("pins an anchor model to the rating asked for, moving everything with it", async () => {
    const plain = await board(base, { ci: "sandwich" });
    const anchored = await board(base, { ci: "sandwich", anchor: { model: "model-003", rating: 1114 } });
    const anchor = anchored.models.find((m) => m.model === "model-003")!;
    expect(anchor.rating).toBeCloseTo(1114, 9);
    const shift = 1114 - plain.models.find((m) => m.model === "model-003")!.rating;
    for (const m of plain.models) {
      const moved = anchored.models.find((o) => o.model === m.model)!;
      expect(moved.rating - m.rating).toBeCloseTo(shift, 9);
      expect(moved.ciLower - m.ciLower).toBeCloseTo(shift, 9);
    }
    await expect(board(base, { anchor: { model: "nobody", rating: 1000 } })).rejects.toThrow("anchor model 'nobody'");
  });

  it("gives the same bootstrap intervals in worker threads as in this thread", async () => {
    const table = BattleTable.from(base);
    const inThread = await computeLeaderboard(table, table.allRows(), { bootstrapRounds: 12, seed: 5, workers: 0 });
    const threaded = await computeLeaderboard(table, table.allRows(), { bootstrapRounds: 12, seed: 5, workers: 2 });
    expect(threaded.models).toEqual(inThread.models);
    const otherSeed = await computeLeaderboard(table, table.allRows(), { bootstrapRounds: 12, seed: 6, workers: 0 });
    expect(otherSeed.models.map((m) => m.ciLower)).not.toEqual(inThread.models.map((m) => m.ciLower));
    // style control resamples battles; three threads (this one and two more) take the rounds from a shared counter
    const styled = { styleControl: true, bootstrapRounds: 9, seed: 5 };
    const styleInThread = await computeLeaderboard(table, table.allRows(), { ...styled, workers: 0 });
    const styleThreaded = await computeLeaderboard(table, table.allRows(), { ...styled, workers: 3 });
    expect(styleThreaded.models).toEqual(styleInThread.models);
    expect(styleThreaded.styleCoefficients).toEqual(styleInThread.styleCoefficients);
  });

  it("computes the battle-count, win-fraction and predicted win-rate matrices", async () => {
    const battles: Battle[] = [
      { modelA: "x", modelB: "y", winner: "model_a" },
      { modelA: "y", modelB: "x", winner: "model_a" },
      { modelA: "x", modelB: "y", winner: "model_a" },
      { modelA: "x", modelB: "y", winner: "tie" },
      { modelA: "y", modelB: "z", winner: "model_b" },
      { modelA: "z", modelB: "y", winner: "model_b" },
    ];
    const result = await board(battles, { matrices: true });
    const m = result.matrices!;
    const at = (grid: unknown[][], r: string, c: string) => grid[m.models.indexOf(r)]?.[m.models.indexOf(c)];
    expect(at(m.battles, "x", "y")).toBe(4);
    expect(at(m.battles, "y", "x")).toBe(4);
    expect(at(m.winFraction, "x", "y")).toBeCloseTo(2 / 3, 12);
    expect(at(m.winFraction, "x", "z")).toBeNull();
    const rx = result.models.find((e) => e.model === "x")!.rating;
    const ry = result.models.find((e) => e.model === "y")!.rating;
    expect(at(m.predictedWinRate, "x", "y")).toBeCloseTo(1 / (1 + 10 ** ((ry - rx) / 400)), 12);
    expect((at(m.predictedWinRate, "x", "y") as number) + (at(m.predictedWinRate, "y", "x") as number)).toBeCloseTo(
      1,
      12,
    );
  });
});
