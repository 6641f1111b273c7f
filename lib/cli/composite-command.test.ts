// `arena leaderboard HUMAN --component FILE:WEIGHT`: the composite board over battle files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commandOutput } from "../../tests/support/command-output";
import { readBattles } from "../datasets";
import { selectRows } from "../ratings";
import { compositeLeaderboard } from "../ratings/composite-board";
import { leaderboardCommand } from "./leaderboard-command";
import { UsageError } from "./usage";

const HUMAN = path.resolve(__dirname, "../../tests/fixtures/reference/llmfao/battles.json");

const run = (args: string[]) => commandOutput(leaderboardCommand, args);

/** A benchmark's pairwise outcomes in the clean-battle layout: on each item, right beats wrong, equal verdicts tie. */
function groundTruthFile(models: string[], right: (model: string, item: number) => boolean): string {
  const battles = [];
  for (let item = 0; item < 120; item++) {
    for (let i = 0; i < models.length; i++) {
      for (let j = i + 1; j < models.length; j++) {
        const a = models[i] as string;
        const b = models[j] as string;
        const [ra, rb] = [right(a, item), right(b, item)];
        const winner = ra === rb ? (ra ? "tie" : "tie (bothbad)") : ra ? "model_a" : "model_b";
        battles.push({ question_id: `item-${item}`, model_a: a, model_b: b, winner });
      }
    }
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "composite-")), "truth.json");
  fs.writeFileSync(file, JSON.stringify(battles));
  return file;
}

describe("arena leaderboard --component", () => {
  it("prints the composite board as JSON, with every file's weight, equal to the library's fit", async () => {
    const models = ["Claude v1", "Claude Instant v1", "Airoboros L2 70B"];
    // the weakest human model is right most often: the ground truth pulls it up
    const truth = groundTruthFile(models, (m, item) => (m === "Airoboros L2 70B" ? item % 10 < 9 : item % 10 < 4));
    const json = JSON.parse(await run([HUMAN, "--component", `${truth}:0.5`, "--format", "json"]));
    expect(json.composite).toEqual([
      expect.objectContaining({ file: HUMAN, weight: 1 }),
      expect.objectContaining({ file: truth, weight: 0.5, battles: 360 }),
    ]);
    const human = (await readBattles(HUMAN)).table;
    const gt = (await readBattles(truth)).table;
    const board = compositeLeaderboard([
      { table: human, rows: selectRows(human, "overall"), lossWeight: 1 },
      { table: gt, rows: selectRows(gt, "overall", { anonymousOnly: false }), lossWeight: 0.5 },
    ]);
    const airoboros = json.models.find((m: { model: string }) => m.model === "Airoboros L2 70B");
    const expected = board.models.find((m) => m.model === "Airoboros L2 70B");
    expect(airoboros.rating).toBeCloseTo(expected?.rating as number, 3);
    expect(airoboros.ciUpper).toBeGreaterThan(airoboros.rating);

    // with the ground truth's weight at 0, the board is the human one alone; above 0 it moves Airoboros up
    const zero = JSON.parse(await run([HUMAN, "--component", `${truth}:0`, "--format", "json"]));
    const alone = compositeLeaderboard([{ table: human, rows: selectRows(human, "overall"), lossWeight: 1 }]);
    const zeroAiroboros = zero.models.find((m: { model: string }) => m.model === "Airoboros L2 70B");
    expect(zeroAiroboros.rating).toBeCloseTo(
      alone.models.find((m) => m.model === "Airoboros L2 70B")?.rating as number,
      3,
    );
    expect(airoboros.rating).toBeGreaterThan(zeroAiroboros.rating + 10);
  });

  it("prints a table, and refuses what a composite board does not take with one clear line", async () => {
    const truth = groundTruthFile(["Claude v1", "Claude Instant v1"], (m, item) => m === "Claude v1" || item % 2 === 0);
    const table = await run([HUMAN, "--component", `${truth}:1`, "--human-weight", "2"]);
    expect(table).toContain(`composite: ${HUMAN} ×2 + ${truth} ×1`);
    expect(table).toContain("Rank (UB)");
    await expect(run([HUMAN, "--component", truth])).rejects.toThrow(UsageError);
    await expect(run([HUMAN, "--component", `${truth}:-1`])).rejects.toThrow(/weight of 0 or more/);
    await expect(run([HUMAN, "--component", `${truth}:1`, "--fragility"])).rejects.toThrow(/does not go with/);
    // style control on the human battles needs their style counts (conv_metadata): this file has none
    await expect(run([HUMAN, "--component", `${truth}:1`, "--style-control"])).rejects.toThrow(/style counts/);
    await expect(run([HUMAN, "--human-weight", "2"])).rejects.toThrow(/goes with --component/);
  });
});
