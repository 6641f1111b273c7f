// VisionArena-Bench end to end on the real engine, against the fake model server as candidates, anchor, judge and
// embedding endpoint: curation from seeded battles is seeded and topical, judging asks each game once (also across a
// killed process), an unparseable verdict is asked once more and then kept as invalid, and the score of a synthetic
// judge with known preferences recovers the known order — plain and style-controlled, from the database and from
// the exported arena-hard-auto files alike.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import {
  boardKey,
  executeJudging,
  exportStoredBench,
  judgingStatuses,
  loadStoredBench,
  planJudgings,
  readJudgments,
} from "../../lib/bench";
import {
  computeBenchBoard,
  curateBench,
  readAnswerFiles,
  scoreJudgments,
  scoreStyleControlled,
} from "../../lib/bench/engine";
import { closeDb, createDb, type Db } from "../../lib/db";
import { createRun, executeRun } from "../../lib/evals";
import { ingestImage } from "../../lib/images";
import { loadModelsConfig, syncRegistry } from "../../lib/providers";
import { storeSetting } from "../../lib/settings";
import { migratedScratchDatabase } from "./db-admin";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-"));
let db: Db;
let url: string;
let drop: () => Promise<void>;
let fake: FakeModelServer;
const CANDIDATES = ["strong", "mid", "weak"];
// the judge's known preference: strong > mid > anchor > weak
const RANKING = ["strong", "mid", "anchor", "weak"];
const TOPICS = [
  ["What breed is this dog", "Is this dog a puppy or an adult dog", "What colour is the dog's collar"],
  ["Solve the equation shown in this math worksheet", "What is the answer to the math problem", "Explain the math"],
  ["Translate the text on this street sign", "What does the sign say in English", "Read the sign text aloud"],
];
let modelsFile: string;

beforeAll(async () => {
  ({ url, drop } = await migratedScratchDatabase());
  fake = await startFakeModelServer({
    fallback: {},
    models: {
      judge: { judgeRanking: RANKING, firstTokenDelayMs: 5 },
      forgetful: { judgeRanking: RANKING, judgeForgetsVerdict: true },
      mute: { reply: "Both answers are fine and I will not say more." },
    },
  });
  modelsFile = writeFakeModelsFile(dir, fake.baseURL, [
    ...["anchor", ...CANDIDATES],
    { id: "judge", priceInputPerMTok: 2.5, priceOutputPerMTok: 10 },
    "forgetful",
    "mute",
    { id: "embedder", vision: false },
  ]);
  Object.assign(process.env, { ARENA_MODELS_FILE: modelsFile, ARENA_DATA_DIR: dir });
  db = createDb(url);
  await syncRegistry(db.prisma, loadModelsConfig().config);
  await seedBattles();
});

afterAll(async () => {
  await closeDb(db);
  await fake.close();
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** 45 single-turn English battles with an image each over three topics, plus some that curation must leave out. */
async function seedBattles() {
  const details = "sunny rainy tiny huge old new red blue green wooden metal plastic morning evening city".split(" ");
  for (let i = 0; i < 45; i++) {
    const topic = i % 3;
    const shade = (n: number) => (n * 53 + i * 29) % 256;
    const png = await sharp({
      create: { width: 16 + i, height: 16, channels: 3, background: { r: shade(1), g: shade(2), b: shade(3) } },
    })
      .png()
      .toBuffer();
    const image = await ingestImage(db.pool, `p${i}.png`, png);
    const text = `${TOPICS[topic]?.[i % 3]}, ${details[i % 15]} ${details[(i * 7 + 3) % 15]} scene ${i}?`;
    await seedConversation({ text, sha: image.sha256 });
  }
  const png = await sharp({ create: { width: 9, height: 9, channels: 3, background: "#777777" } })
    .png()
    .toBuffer();
  const image = await ingestImage(db.pool, "other.png", png);
  await seedConversation({ text: "Left out: a demo battle", sha: image.sha256, isDemo: true });
  await seedConversation({ text: "Left out: French", sha: image.sha256, language: "French" });
  await seedConversation({ text: "Left out: two turns", sha: image.sha256, turnCount: 2 });
  await seedConversation({ text: "Left out: moderated", sha: image.sha256, moderationStatus: "flagged" as const });
}

let seeded = 0;

async function seedConversation(input: {
  text: string;
  sha: string;
  isDemo?: boolean;
  language?: string;
  turnCount?: number;
  moderationStatus?: "flagged";
}) {
  await db.prisma.conversation.create({
    data: {
      // ids in seeding order: curation reads the pool by id, so the seeded set (and every judged prompt, whose hash
      // decides the fake judge's verdict) is the same in every run, not a new draw with each run's random ids
      id: `00000000-0000-4000-8000-${String(++seeded).padStart(12, "0")}`,
      mode: "battle",
      modelAId: "strong",
      modelBId: "weak",
      turnCount: input.turnCount ?? 1,
      language: input.language ?? "English",
      isDemo: input.isDemo ?? false,
      moderationStatus: input.moderationStatus ?? "clear",
      messages: {
        create: ["a", "b"].map((side) => ({
          side: side as "a" | "b",
          turn: 1,
          role: "user" as const,
          content: input.text,
          images: { create: [{ imageSha256: input.sha, position: 0 }] },
        })),
      },
    },
  });
}

const judgePrompts = (model: string) =>
  fake.requests.filter((r) => r.model === model && r.messageCount > 0).map((r) => r.userTexts[0] ?? "");

describe("VisionArena-Bench", () => {
  let setRef = "";

  it("curates a seeded, topical set from eligible battles only, through the embedding endpoint", async () => {
    const first = await curateBench(db, { name: "va-bench", size: 12, seed: 3, embedder: "embedder" });
    setRef = `va-bench@${first.set.version}`;
    expect(first).toMatchObject({ pool: 45, selected: 12, embedder: "embedder" });
    expect(fake.requests.some((r) => r.model === "embedder" && r.userTexts.length === 45)).toBe(true);
    expect(first.topics.filter((t) => t.id >= 0).length).toBeGreaterThanOrEqual(2);
    const again = await curateBench(db, { name: "va-bench", size: 12, seed: 3, embedder: "embedder" });
    expect(again.set.version).toBe(first.set.version + 1);
    const ids = async (setId: string) =>
      (await db.prisma.promptItem.findMany({ where: { setId }, orderBy: { position: "asc" } })).map(
        (i) => i.questionId,
      );
    expect(await ids(again.set.id)).toEqual(await ids(first.set.id)); // same battles + seed → same set
    const items = await db.prisma.promptItem.findMany({ where: { setId: first.set.id }, include: { images: true } });
    expect(
      items.every(
        (i) => i.images.length === 1 && !String((i.turns as { content: string }[])[0]?.content).startsWith("Left out"),
      ),
    ).toBe(true);
    expect(items.every((i) => typeof (i.metadata as { topic?: string }).topic === "string")).toBe(true);
    // uniform over the topics found: a topic that did not run dry has at most one prompt fewer than any other
    const clusters = first.topics.filter((t) => t.id >= 0);
    const most = Math.max(...clusters.map((t) => t.selected));
    for (const t of clusters) expect(t.selected + t.duplicates === t.size || t.selected >= most - 1).toBe(true);
    expect(clusters.reduce((n, t) => n + t.selected, 0)).toBe(12);
    // the local fallback needs no endpoint
    const local = await curateBench(db, { name: "va-local", size: 9, seed: 1 });
    expect(local).toMatchObject({ selected: 9, embedder: "local:tfidf+sharp" });
  });

  it("judges each game once, with the anchor as A in game 1, and recovers the judge's known order", async () => {
    for (const model of ["anchor", ...CANDIDATES]) {
      const run = await createRun(db, { set: setRef, model });
      expect((await executeRun(db, run.id, { concurrency: 4 })).status).toBe("done");
    }
    fake.reset();
    const { judgings } = await planJudgings(db, { set: setRef, anchor: "anchor", judge: "judge" });
    expect(judgings.map((j) => j.model)).toEqual(["mid", "strong", "weak"]);
    for (const { judging } of judgings) {
      expect(await executeJudging(db, judging.id, { concurrency: 8 })).toMatchObject({
        status: "done",
        judged: 24,
        failed: 0,
      });
    }
    expect(judgePrompts("judge")).toHaveLength(72);
    const first = judgePrompts("judge")[0] ?? "";
    expect(first).toContain("<|The Start of Assistant A's Answer|>");
    // asking again is free: every judgment is cached
    const again = await planJudgings(db, { set: setRef, anchor: "anchor", judge: "judge" });
    expect(again.judgings.map((j) => j.judging.id)).toEqual(judgings.map((j) => j.judging.id));
    for (const { judging } of again.judgings) {
      expect(await executeJudging(db, judging.id)).toMatchObject({ judged: 0, skipped: 24 });
    }
    expect(judgePrompts("judge")).toHaveLength(72);
    const [status] = (await judgingStatuses(db)).filter((s) => s.candidate === "strong");
    expect(status).toMatchObject({ games: 24, judged: 24, invalid: 0, calls: 24 });
    expect(status?.costUsd).toBeGreaterThan(0);

    const stored = await loadStoredBench(db, { set: setRef, anchor: "anchor" });
    const score = await scoreJudgments(stored.records, { baseline: "anchor", avgTokens: stored.avgTokens });
    expect(score.models.map((m) => m.model)).toEqual(["strong", "mid", "anchor", "weak"]);
    const byModel = Object.fromEntries(score.models.map((m) => [m.model, m]));
    // two places above the anchor wins by >>, one place by >; from the candidate's side
    expect(byModel.strong?.counts.much_better).toBeGreaterThan(12);
    expect(byModel.strong?.counts.better).toBe(0);
    expect(byModel.mid?.counts.much_better).toBe(0);
    expect(byModel.mid?.counts.better).toBeGreaterThan(byModel.mid?.counts.worse ?? 0);
    expect(byModel.weak?.counts.worse).toBeGreaterThan(byModel.weak?.counts.better ?? 0);
    for (const m of score.models) expect(m.counts.invalid).toBe(0);
    expect(byModel.anchor?.score).toBe(50);
    expect(byModel.weak?.score).toBeLessThan(50);
    // intervals hold the score; strong may sweep its 24 games (win chance 0.9 each), mid cannot (0.7): a real width
    expect(byModel.strong?.ci[0]).toBeLessThanOrEqual(byModel.strong?.score as number);
    expect(byModel.mid?.ci[0]).toBeLessThan(byModel.mid?.score as number);
    expect(byModel.mid?.ci[1]).toBeGreaterThan(byModel.mid?.score as number);
    const styled = await scoreStyleControlled(stored.records, stored.styles, { baseline: "anchor" });
    expect(styled.models.map((m) => m.model)).toEqual(["strong", "mid", "anchor", "weak"]);
    expect(Object.keys(styled.coefficients)).toEqual(["length", "header_density", "list_density", "bold_density"]);

    // the export reads back through the arena-hard-auto file reader to the same leaderboard
    const exported = await exportStoredBench(db, { set: setRef, anchor: "anchor" }, path.join(dir, "export"));
    const files = fs.readdirSync(exported.judgmentDir).map((f) => path.join(exported.judgmentDir, f));
    const fromFiles = await scoreJudgments(readJudgments(files), {
      baseline: "anchor",
      avgTokens: (
        await readAnswerFiles(fs.readdirSync(exported.answerDir).map((f) => path.join(exported.answerDir, f)))
      ).avgTokens,
    });
    expect(fromFiles.models).toEqual(score.models);
    const line = JSON.parse(fs.readFileSync(files[0] as string, "utf8").split("\n")[0] as string);
    expect(line.games[0].user_prompt).toContain("I am anchor."); // game 1: the anchor is assistant A
  });

  it("keeps the stored bench board that read last when two scorings finish out of order", async () => {
    const selection = { set: setRef, anchor: "anchor", judge: "judge" };
    const stored = async () =>
      (await db.pool.query(`SELECT value FROM "Setting" WHERE key = $1`, [boardKey(selection)])).rows[0]?.value;
    const board = await computeBenchBoard(db, { selection });
    expect(board?.score.models.map((m) => m.model)).toEqual(["strong", "mid", "anchor", "weak"]);
    const readFrom = Date.parse(board?.readFrom as string);
    expect((await stored()).readFrom).toBe(board?.readFrom);
    // a scoring that read before the last judging and finished after the one that read it: not stored
    const early = { ...board, readFrom: new Date(readFrom - 60_000).toISOString(), pending: 99 };
    expect(await storeSetting(db, boardKey(selection), early)).toBe(false);
    expect(await stored()).toMatchObject({ readFrom: board?.readFrom, pending: 0 });
    // one that read later replaces it
    const late = { ...board, readFrom: new Date(readFrom + 1).toISOString(), pending: 1 };
    expect(await storeSetting(db, boardKey(selection), late)).toBe(true);
    expect(await stored()).toMatchObject({ readFrom: late.readFrom, pending: 1 });
    await computeBenchBoard(db, { selection });
    expect(await stored()).toMatchObject({ pending: 0 });
  });

  it("asks once more when the verdict is missing, and keeps an unparseable one as invalid", async () => {
    fake.reset();
    const forgetful = await planJudgings(db, { set: setRef, anchor: "anchor", judge: "forgetful", models: ["mid"] });
    const judging = forgetful.judgings[0]?.judging.id as string;
    expect(await executeJudging(db, judging)).toMatchObject({ judged: 24, invalid: 0 });
    expect(fake.requests.filter((r) => r.model === "forgetful")).toHaveLength(48); // two calls per game
    const games = await db.prisma.judgment.findMany({ where: { judgeRunId: judging } });
    expect(games.every((g) => g.calls === 2 && g.verdict !== null && g.judgment.includes("let me weigh them"))).toBe(
      true,
    );

    const mute = await planJudgings(db, { set: setRef, anchor: "anchor", judge: "mute", models: ["mid"] });
    const muteId = mute.judgings[0]?.judging.id as string;
    expect(await executeJudging(db, muteId)).toMatchObject({ judged: 0, invalid: 24 });
    expect(await executeJudging(db, muteId)).toMatchObject({ invalid: 0, skipped: 24 }); // kept, not asked again
    const stored = await loadStoredBench(db, { set: setRef, anchor: "anchor", judge: "mute" });
    await expect(scoreJudgments(stored.records, { baseline: "anchor" })).rejects.toThrow(/no valid verdict/);
  });

  it("resumes a judging whose process was killed mid-way without asking any stored game again", async () => {
    fake.setModel("judge", { judgeRanking: RANKING, firstTokenDelayMs: 60 });
    const run = await createRun(db, { set: setRef, model: "strong", settings: { temperature: 0.5 } });
    await executeRun(db, run.id);
    const anchorRun = await db.prisma.evalRun.findFirst({
      where: { modelId: "anchor" },
      orderBy: { createdAt: "desc" },
    });
    const { createJudging } = await import("../../lib/bench");
    const judging = await createJudging(db, {
      candidateRunId: run.id,
      anchorRunId: anchorRun?.id as string,
      judge: "judge",
    });
    fake.reset();
    const child = spawn(
      process.execPath,
      [
        "bin/arena.mjs",
        "bench",
        "judge",
        "--set",
        setRef,
        "--anchor",
        "anchor",
        "--judge",
        "judge",
        "--models",
        "strong",
        "--here",
        "--concurrency",
        "2",
      ],
      { env: { ...process.env, DATABASE_URL: url }, stdio: "ignore" },
    );
    let stored = 0;
    const deadline = Date.now() + 60_000;
    while (stored < 6 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stored = await db.prisma.judgment.count({ where: { judgeRunId: judging.id } });
    }
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const kept = await db.prisma.judgment.findMany({ where: { judgeRunId: judging.id } });
    expect(kept.length).toBeGreaterThanOrEqual(6);
    expect(kept.length).toBeLessThan(24);
    const before = judgePrompts("judge").length;
    fake.setModel("judge", { judgeRanking: RANKING });
    // the killed process's session lock lasts until its server backend notices the closed socket, which can take
    // a moment after the kill: until then a second execution is rightly refused as busy
    let result = await executeJudging(db, judging.id, { concurrency: 4 });
    for (let waited = 0; result.status === "busy" && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      result = await executeJudging(db, judging.id, { concurrency: 4 });
    }
    expect(result).toMatchObject({
      status: "done",
      judged: 24 - kept.length,
      skipped: kept.length,
    });
    const resumed = judgePrompts("judge").slice(before);
    expect(resumed).toHaveLength(24 - kept.length); // zero repeated calls
    expect(await db.prisma.judgment.count({ where: { judgeRunId: judging.id, verdict: { not: null } } })).toBe(24);
  });
});
