// Category tagging end to end: real battles and votes, the pg-boss queue on the same PostgreSQL, the rules
// labeller, and a judge model reached through the real OpenAI-compatible adapter on the fake server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { castVote, prepareTurn, streamTurn } from "../../lib/arena";
import { sweepUntagged, taggingJobs } from "../../lib/categories/jobs";
import { JUDGE_PROMPTS } from "../../lib/categories/judge-prompts";
import { RULES_LABELLER } from "../../lib/categories/names";
import { type Judge, judgeFromEnv } from "../../lib/categories/tagger";
import { parseConfig } from "../../lib/config";
import { closeDb, createDb, type Db } from "../../lib/db";
import { JobRunner } from "../../lib/jobs";
import { currentSnapshot } from "../../lib/leaderboard";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { parseModelsConfig, syncRegistry } from "../../lib/providers";
import { openImageBattle } from "../support/battles";
import { migratedScratchDatabase } from "./db-admin";

let db: Db;
let url: string;
let dropDatabase: () => Promise<void>;
let fake: FakeModelServer;
let runner: JobRunner;
let judge: Judge;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-categories-"));
const JUDGE_SAYS = {
  // the judge answers per system prompt: OCR and diagram yes, everything else no
  repliesBySystem: [
    { includes: "optical character recognition", reply: "<decision>yes<decision>" },
    { includes: "chart, diagram, or figure", reply: "<decision>yes</decision>" },
  ],
  reply: "<decision>no<decision>",
};

beforeAll(async () => {
  ({ url, drop: dropDatabase } = await migratedScratchDatabase());
  fake = await startFakeModelServer({
    models: {
      "alpha-vl": { reply: "The sign says OPEN.", tokenDelayMs: 0 },
      "beta-vl": { reply: "I'm sorry, but I can't read text in images.", tokenDelayMs: 0 },
      "judge-vl": JUDGE_SAYS,
    },
  });
  Object.assign(process.env, { ARENA_DATA_DIR: dataDir, ARENA_SECRET: "categories-secret-123456" });
  db = createDb(url);
  // the arena syncs the registry from ARENA_MODELS_FILE on first use
  const modelsFile = writeFakeModelsFile(dataDir, fake.baseURL, [
    { id: "alpha", model: "alpha-vl", displayName: "Alpha" },
    { id: "beta", model: "beta-vl", displayName: "Beta" },
    { id: "judge", model: "judge-vl", displayName: "Judge", weight: 0 },
  ]);
  process.env.ARENA_MODELS_FILE = modelsFile;
  const config = parseModelsConfig(fs.readFileSync(modelsFile, "utf8"), modelsFile);
  await syncRegistry(db.prisma, config);
  judge = (await judgeFromEnv(db, parseConfig({ ARENA_JUDGE_MODEL: "judge" }))) as Judge;
  runner = await JobRunner.start(url, { db, overrides: { "tag-battle": { retryDelay: 1 } } });
  await runner.handle(taggingJobs(judge));
});

afterAll(async () => {
  await runner?.stop(0);
  await closeDb(db);
  await fake.close();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function votedBattle(prompt: string) {
  const { id, visitorId } = await openImageBattle(db, { prompt, background: "#ffffff", size: [40, 30] });
  await new Response(streamTurn(db, await prepareTurn(db, { conversationId: id, visitorId }))).text();
  await castVote(db, { conversationId: id, visitorId, winner: "model_a", ipHash: null });
  return id;
}

async function labelsOf(conversationId: string, labeller: string) {
  const rows = await db.prisma.battleCategory.findMany({ where: { conversationId, labeller } });
  return Object.fromEntries(rows.map((r) => [r.category, r.value]));
}

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("category tagging", () => {
  it("labels voted battles in the background with the rules and the judge, each label with its labeller", async () => {
    const id = await votedBattle("What does the sign say?");
    expect(await labelsOf(id, "rules")).toEqual({}); // the vote did not wait for tagging
    fake.requests.length = 0;
    expect(await sweepUntagged(db, judge, { url })).toBe(1);
    const judged = await waitFor(async () => {
      const labels = await labelsOf(id, "judge:judge");
      return Object.keys(labels).length === 8 ? labels : null;
    });
    expect(judged).toMatchObject({ ocr: true, diagram: true, captioning: false, humor: false, refusal: false });
    const rules = await labelsOf(id, "rules");
    const betaSide =
      (await db.prisma.conversation.findUniqueOrThrow({ where: { id } })).modelAId === "beta" ? "a" : "b";
    expect(rules).toMatchObject({ [`refusal:${betaSide}`]: true, refusal: true, coding: false, ocr: true });
    expect(rules[`refusal:${betaSide === "a" ? "b" : "a"}`]).toBe(false);
    const versions = await db.prisma.battleCategory.findMany({ where: { conversationId: id }, distinct: ["labeller"] });
    expect(versions.map((v) => [v.labeller, v.labellerVersion]).sort()).toEqual([
      ["judge:judge", "visionarena-s12"],
      ["rules", RULES_LABELLER.version],
    ]);
    // each question went to the judge with the paper's system prompt and only the input it names
    const asked = fake.requests.filter((r) => r.model === "judge-vl");
    expect(asked).toHaveLength(8);
    const ask = (category: keyof typeof JUDGE_PROMPTS) =>
      asked.find((r) => r.system === JUDGE_PROMPTS[category].system);
    expect(ask("ocr")?.images).toHaveLength(1);
    expect(ask("ocr")?.userTexts).toEqual(["What does the sign say?"]);
    expect(ask("captioning")?.images).toHaveLength(0);
    expect(ask("homework")?.userTexts).toEqual(["Here is the image."]);
    expect(ask("refusal")?.userTexts[0]).toContain(
      `Model ${betaSide.toUpperCase()}:\nI'm sorry, but I can't read text in images.`,
    );
    // nothing is queued twice
    expect(await sweepUntagged(db, judge, { url })).toBe(0);
  });

  it("retries a battle the judge failed on, keeping its rules labels meanwhile", async () => {
    fake.setModel("judge-vl", { failure: { kind: "http", status: 500 } });
    const id = await votedBattle("Read the label please");
    await sweepUntagged(db, judge, { url });
    await waitFor(async () => Object.keys(await labelsOf(id, "rules")).length > 0);
    expect(await labelsOf(id, "judge:judge")).toEqual({});
    // a retry is pending: the sweep does not queue the battle again
    expect(await sweepUntagged(db, judge, { url })).toBe(0);
    fake.setModel("judge-vl", JUDGE_SAYS);
    const judged = await waitFor(async () => {
      const labels = await labelsOf(id, "judge:judge");
      return Object.keys(labels).length === 8 ? labels : null;
    });
    expect(judged.ocr).toBe(true);
  });

  it("gives the leaderboard a board per judged category, from the judge's labels", async () => {
    await recomputeSnapshots(db, { rounds: 5, judgedBy: judge.labeller.name });
    const ocr = await currentSnapshot(db, "ocr", false);
    expect(ocr?.voteCount).toBe(2);
    expect(await currentSnapshot(db, "captioning", false)).toBeNull();
    // the judge said "no refusal": its word counts, not the rules' (kept per side for the exports)
    expect((await currentSnapshot(db, "no_refusal", false))?.voteCount).toBe(2);
    const snapshot = await db.prisma.leaderboardSnapshot.findFirst({ where: { category: "ocr" } });
    expect(snapshot?.params).toMatchObject({ categoriesLabelledBy: "judge:judge" });
  });
});
