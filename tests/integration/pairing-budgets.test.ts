// Issue 70, live: each battle records how its pair was drawn and that pair's probability (exports carry both); a
// model past its daily budget, or whose provider is past its own, leaves the draw; the console and the metrics show
// spend against budget. The spend comes from the answers' tokens as the provider counted them and the models' prices.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { listModelsForAdmin } from "../../lib/admin";
import { forgetSpend, spendToday } from "../../lib/budgets";
import { exportDataset } from "../../lib/export/export";
import { databaseMetrics } from "../../lib/metrics/database";
import { writeSetting } from "../../lib/settings";
import { answerAndVote, openImageBattle } from "../support/battles";
import { type ArenaFixture, startArena } from "./arena-fixture";

let arena: ArenaFixture;

beforeAll(async () => {
  arena = await startArena("pairing", { alpha: "A square.", beta: "A blue square.", gamma: "Blue." });
  // gamma costs a dollar an answer token and may spend fifty cents a day: its first answer takes it past its budget
  process.env.ARENA_MODELS_FILE = writeFakeModelsFile(arena.dataDir, arena.fake.baseURL, [
    { id: "alpha", model: "alpha-vl", priceInputPerMTok: 1, priceOutputPerMTok: 2 },
    { id: "beta", model: "beta-vl" },
    { id: "gamma", model: "gamma-vl", weight: 20, priceOutputPerMTok: 1_000_000, dailyBudgetUsd: 0.5 },
  ]);
}, 60_000);
afterAll(() => arena.close());

/** A battle from a new visitor, both answers streamed to the end and voted on; its row as stored. */
async function battle(withModel?: string) {
  const opened = await openImageBattle(arena.db, {
    prompt: "What colour is this square?",
    background: "#1f77b4",
    withModel,
  });
  await answerAndVote(arena.db, opened, "tie");
  return arena.db.prisma.conversation.findUniqueOrThrow({ where: { id: opened.id } });
}

describe("live pairing and budgets", () => {
  it("takes a model past its daily budget out of the draw, and shows its spend in the console and the metrics", async () => {
    // gamma has twenty times the others' weight: it is in nearly every battle until it has spent its budget
    let gammaBattles = 0;
    for (let k = 0; k < 12 && gammaBattles === 0; k++) {
      const row = await battle();
      if (row.modelAId === "gamma" || row.modelBId === "gamma") gammaBattles++;
    }
    expect(gammaBattles).toBe(1);
    forgetSpend(arena.db.pool);
    const spend = new Map((await spendToday(arena.db.pool)).map((s) => [s.modelId, s]));
    // the fake counts one token per word of the reply ("Blue.": 1) at $1 a token
    expect(spend.get("gamma")).toMatchObject({ budgetUsd: 0.5, over: true, priced: true });
    expect(spend.get("gamma")?.spendUsd).toBeGreaterThanOrEqual(1);
    expect(spend.get("beta")).toMatchObject({ spendUsd: 0, priced: false, over: false });
    // alpha's input tokens are priced too: the provider's count of the prompt, stored with the answer (a battle around
    // alpha, so it has answered whatever the draws above were)
    await battle("alpha");
    const alphaAnswer = await arena.db.prisma.responseMeta.findFirst({ where: { modelId: "alpha" } });
    expect(alphaAnswer?.inputTokens).toBeGreaterThan(0);

    for (let k = 0; k < 10; k++) {
      const row = await battle();
      expect([row.modelAId, row.modelBId]).not.toContain("gamma");
    }
    const { models } = await listModelsForAdmin(arena.db);
    expect(models.find((m) => m.id === "gamma")).toMatchObject({ overBudget: true, dailyBudgetUsd: 0.5 });
    const text = await (await databaseMetrics(arena.db)).metrics();
    expect(text).toMatch(/arena_model_over_budget\{model="gamma"\} 1/);
    expect(text).toMatch(/arena_model_over_budget\{model="beta"\} 0/);
    expect(text).toMatch(/arena_model_daily_budget_usd\{model="gamma"\} 0\.5/);

    // the provider's ceiling binds every model of it: with alpha's few cents spent, no battle can be drawn
    await arena.db.prisma.provider.update({ where: { id: "fake" }, data: { dailyBudgetUsd: 0.000001 } });
    forgetSpend(arena.db.pool);
    await expect(battle()).rejects.toMatchObject({ code: "no_models" });
    await arena.db.prisma.provider.update({ where: { id: "fake" }, data: { dailyBudgetUsd: null } });
    forgetSpend(arena.db.pool);
  }, 120_000);

  it("records each battle's policy and pair probability, and exports them", async () => {
    await writeSetting(arena.db, "arena.pairing", { policy: "adaptive", exploration: 0.2 });
    const first = await battle();
    expect(first.pairPolicy).toBe("adaptive");
    expect(first.pairProbability).toBeGreaterThan(0);
    expect(first.pairProbability).toBeLessThanOrEqual(1);
    await writeSetting(arena.db, "arena.pairing", null);
    const uniform = await battle();
    expect(uniform.pairPolicy).toBe("uniform");
    // a battle the visitor asked for around a model is not the policy's draw
    const chosen = await battle("alpha");
    expect([chosen.pairPolicy, chosen.pairProbability]).toEqual([null, null]);

    const out = fs.mkdtempSync(path.join(os.tmpdir(), "pairing-export-"));
    await exportDataset(arena.db, { outDir: out, formats: ["jsonl"], images: false, filters: {} });
    const records = fs
      .readFileSync(path.join(out, "battles.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map(
        (l) => JSON.parse(l) as { question_id: string; pair_policy: string | null; pair_probability: number | null },
      );
    const byId = new Map(records.map((r) => [r.question_id, r]));
    for (const row of [first, uniform, chosen])
      expect(byId.get(row.id)).toMatchObject({ pair_policy: row.pairPolicy, pair_probability: row.pairProbability });
  }, 90_000);
});
