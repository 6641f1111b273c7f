// The composite board with style control on its human battles (issue 43: "style control as configured"): the
// human component's rows carry FastChat's standardised style features with shared coefficients β; the ground
// truth carries none. An extension of arena-rank's composite, held here to what it must do.
import { describe, expect, it } from "vitest";
import { createRandom } from "../numeric";
import { BattleTable } from "./battle-table";
import { compositeLeaderboard } from "./composite-board";
import type { Battle, Winner } from "./types";

/**
 * Three models of equal strength; "verbose" writes twice the tokens, and voters prefer longer answers: without
 * style control it looks best, with it the three are level and the length coefficient is plainly positive.
 */
function verboseBattles(seed: number, n: number): Battle[] {
  const rand = createRandom(seed);
  const models = ["verbose", "terse", "plain"];
  const battles: Battle[] = [];
  for (let i = 0; i < n; i++) {
    const a = models[i % 3] as string;
    const b = models[(i + 1 + (i % 2)) % 3] as string;
    const tokens = (m: string) => (m === "verbose" ? 600 : 300) + Math.floor(rand() * 200);
    const [ta, tb] = [tokens(a), tokens(b)];
    const lengthEffect = 1.2 * ((ta - tb) / (ta + tb + 1)) * 3;
    const p = 1 / (1 + Math.exp(-lengthEffect));
    const winner: Winner = rand() < 0.1 ? "tie" : rand() < p ? "model_a" : "model_b";
    battles.push({ modelA: a, modelB: b, winner, style: [ta, 0, 0, 0, tb, 0, 0, 0] as never });
  }
  return battles;
}

describe("the composite board with style control", () => {
  it("takes the human battles' length out of the ratings, as the live style boards do", () => {
    const table = BattleTable.from(verboseBattles(5, 3000));
    const parts = [{ table, rows: table.allRows(), lossWeight: 1 }];
    const plain = compositeLeaderboard(parts);
    const styled = compositeLeaderboard(parts, { styleFeatures: ["tokens"] });
    const rating = (board: typeof plain, model: string) => board.models.find((m) => m.model === model)?.rating ?? 0;
    expect(plain.styleControl).toBe(false);
    expect(styled.styleControl).toBe(true);
    // plain: the verbose model leads by far; styled: the gap is within the intervals' reach
    expect(rating(plain, "verbose") - rating(plain, "terse")).toBeGreaterThan(60);
    expect(Math.abs(rating(styled, "verbose") - rating(styled, "terse"))).toBeLessThan(25);
    const length = styled.styleCoefficients?.[0];
    expect(length?.feature).toBe("tokens");
    expect(length?.ciLower).toBeGreaterThan(0);
    expect(length?.ciUpper).toBeGreaterThan(length?.value as number);
  });

  it("keeps the ground truth's pull: a benchmark component moves the styled board as it moves the plain one", () => {
    const table = BattleTable.from(verboseBattles(6, 1500));
    const truth = BattleTable.from(
      Array.from({ length: 300 }, (_, k) => ({
        modelA: "plain",
        modelB: k % 2 ? "terse" : "verbose",
        winner: "model_a" as Winner,
      })),
    );
    const human = { table, rows: table.allRows(), lossWeight: 1 };
    const alone = compositeLeaderboard([human], { styleFeatures: ["tokens"] });
    const joined = compositeLeaderboard([human, { table: truth, rows: truth.allRows(), lossWeight: 0.5 }], {
      styleFeatures: ["tokens"],
    });
    const plainGain = (board: typeof alone) =>
      (board.models.find((m) => m.model === "plain")?.rating ?? 0) -
      (board.models.find((m) => m.model === "terse")?.rating ?? 0);
    expect(plainGain(joined) - plainGain(alone)).toBeGreaterThan(30);
    // the style coefficient stays the human battles' own
    expect(joined.styleCoefficients?.[0]?.ciLower).toBeGreaterThan(0);
  });

  it("refuses style control over human battles without style counts, rather than fitting none", () => {
    const table = BattleTable.from([{ modelA: "a", modelB: "b", winner: "model_a" }]);
    expect(() =>
      compositeLeaderboard([{ table, rows: table.allRows(), lossWeight: 1 }], { styleFeatures: ["tokens"] }),
    ).toThrow(/style counts/);
  });
});
