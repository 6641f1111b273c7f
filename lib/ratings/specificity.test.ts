// Specificity as a fifth style feature (VisionArena §4.4): opt-in, FastChat's four stay the default unchanged.
import { describe, expect, it } from "vitest";
import { syntheticBattles } from "../../tests/support/ratings/synthetic";
import { countNamedEntities } from "../categories/specificity";
import { BattleTable } from "./battle-table";
import { computeLeaderboard } from "./leaderboard";
import { localModels, styleProblem } from "./problems";
import { type Battle, STYLE_FEATURES, styleFeaturesOf } from "./types";

/** Synthetic battles whose winners favour the answer with more named entities. */
function battles(n: number): Battle[] {
  return [...syntheticBattles({ models: 6, battles: n, seed: 3 })].map((battle, i) => {
    const a = (i * 7) % 11;
    const b = (i * 5) % 13;
    const winner = a > b + 2 ? "model_a" : b > a + 2 ? "model_b" : battle.winner;
    return { ...battle, winner, entities: [a, b] as const };
  });
}

describe("specificity", () => {
  it("counts named entities in an answer, code blocks left out", () => {
    expect(countNamedEntities("Barack Obama met Angela Merkel in Berlin.")).toBe(3);
    expect(countNamedEntities("The cat sat on the mat.")).toBe(0);
    expect(countNamedEntities("```\nParis London\n```\nno names here")).toBe(0);
  });

  it("names the feature groups in a fixed order", () => {
    expect(styleFeaturesOf(["length", "markdown"])).toEqual([...STYLE_FEATURES]);
    expect(styleFeaturesOf(["specificity", "length"])).toEqual(["tokens", "specificity"]);
  });

  it("adds (a − b)/(a + b + 1), standardised, as a fifth column, and leaves out battles without counts", () => {
    const list = battles(400);
    list[0] = { ...list[0], entities: undefined } as Battle;
    const table = BattleTable.from(list);
    const rows = table.allRows();
    const models = localModels(table, rows);
    const four = styleProblem(table, rows, models);
    const five = styleProblem(table, rows, models, [...STYLE_FEATURES, "specificity"]);
    expect(four.data.nFeatures).toBe(4);
    expect(four.rows.length).toBe(400);
    expect(five.data.nFeatures).toBe(5);
    expect(five.dropped).toBe(1);
    const raw = Array.from(five.rows, (r) => {
      const [a, b] = (list[r] as Battle).entities as [number, number];
      return (a - b) / (a + b + 1);
    });
    const mean = raw.reduce((s, v) => s + v, 0) / raw.length;
    const std = Math.sqrt(raw.reduce((s, v) => s + (v - mean) ** 2, 0) / raw.length);
    raw.forEach((v, i) => {
      expect(five.data.x[i * 5 + 4]).toBeCloseTo((v - mean) / std, 12);
    });
  });

  it("gives a specificity coefficient only when asked, and a positive one when more entities win", async () => {
    const table = BattleTable.from(battles(2000));
    const rows = table.allRows();
    const plain = await computeLeaderboard(table, rows, { styleControl: true, ci: "none" });
    expect(plain.styleCoefficients?.map((c) => c.feature)).toEqual([...STYLE_FEATURES]);
    const withSpecificity = await computeLeaderboard(table, rows, {
      styleControl: true,
      styleFeatures: [...STYLE_FEATURES, "specificity"],
      bootstrapRounds: 20,
    });
    const coefficient = withSpecificity.styleCoefficients?.find((c) => c.feature === "specificity");
    expect(coefficient?.value).toBeGreaterThan(0);
    expect(coefficient?.ciLower).toBeGreaterThan(0);
  });
});
