// Offline runs through the real provider adapter against the fake server: resumable with no completed answer asked
// twice, 429 + Retry-After honoured, failures recorded and retried on resume, tokens and cost kept, and the run
// executed by the jobs queue (pg-boss).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeModelServer } from "../../e2e/fake-models/server";
import type { Db } from "../../lib/db";
import { createRun, evalJobs, executeRun, importPromptSet, queueRun, runStatuses } from "../../lib/evals";
import { JobRunner } from "../../lib/jobs";
import { type ArenaFixture, startFixture } from "./arena-fixture";

let fixture: ArenaFixture;
let db: Db;
let url: string;
let dir: string;
let fake: FakeModelServer;
const REPLY = "A short answer of eight tokens or so.";

beforeAll(async () => {
  fixture = await startFixture("runs", {
    behaviours: { cand: { reply: REPLY, tokenDelayMs: 15 }, flaky: { reply: REPLY, tokenDelayMs: 1 } },
    entries: [
      { id: "cand", displayName: "Cand", priceInputPerMTok: 2, priceOutputPerMTok: 8 },
      { id: "flaky", displayName: "Flaky" },
    ],
    sync: true,
  });
  ({ db, url, dataDir: dir, fake } = fixture);
  // twelve items: one with an image, one with two turns
  fs.mkdirSync(path.join(dir, "images"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "images", "dot.png"),
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
      .png()
      .toBuffer(),
  );
  const lines = Array.from({ length: 12 }, (_, i) => ({
    question_id: `q${i}`,
    turns:
      i === 0
        ? [{ content: [`Question ${i}: what is this?`, ["dot"]] }]
        : i === 1
          ? [{ content: `Question ${i}: first` }, { content: `Question ${i}: second` }]
          : [{ content: `Question ${i}: tell me something.` }],
  }));
  fs.writeFileSync(path.join(dir, "question.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n"));
  await importPromptSet(db, { file: path.join(dir, "question.jsonl"), name: "twelve" });
});

afterAll(() => fixture.close());

/** The questions (first user text) the fake server was asked, for one model. */
const asked = (model: string) =>
  fake.requests.filter((r) => r.model === model).map((r) => (r.userTexts[0] ?? "").split(":")[0] as string);

describe("offline runs", () => {
  it("resumes a stopped run with only the missing items: no completed answer is asked for twice", async () => {
    fake.reset();
    const run = await createRun(db, { set: "twelve", model: "cand", settings: { temperature: 0, maxTokens: 256 } });
    const controller = new AbortController();
    const first = await executeRun(db, run.id, {
      concurrency: 3,
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 5) controller.abort();
      },
    });
    expect(first.status).toBe("cancelled");
    const kept = await db.prisma.evalAnswer.findMany({ where: { runId: run.id }, include: { item: true } });
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept.length).toBeLessThan(12);
    const keptQuestions = new Set(kept.map((a) => `Question ${a.item.questionId.slice(1)}`));
    const before = fake.requests.length;

    const second = await executeRun(db, run.id, { concurrency: 3 });
    expect(second).toMatchObject({ status: "done", answered: 12, failed: 0, skipped: kept.length });
    const resumedAsks = asked("cand").slice(before);
    expect(resumedAsks.filter((q) => keptQuestions.has(q))).toEqual([]); // zero repeated calls
    expect(resumedAsks.length).toBe(12 - kept.length + (keptQuestions.has("Question 1") ? 0 : 1)); // two turns for q1

    const answers = await db.prisma.evalAnswer.findMany({ where: { runId: run.id }, include: { item: true } });
    expect(answers).toHaveLength(12);
    const twoTurns = answers.find((a) => a.item.questionId === "q1");
    expect(twoTurns?.turns).toEqual([REPLY, REPLY]);
    // tokens as the provider counted them (the fake: 10 per prompt + 85 per image; one per word out), and the cost
    const withImage = answers.find((a) => a.item.questionId === "q0");
    expect(withImage).toMatchObject({ inputTokens: 95, finishReason: "stop" });
    expect(withImage?.outputTokens).toBeGreaterThan(0);
    expect(withImage?.costUsd).toBeCloseTo(
      ((withImage?.inputTokens as number) * 2 + (withImage?.outputTokens as number) * 8) / 1e6,
      12,
    );
    const [status] = await runStatuses(db, run.id);
    expect(status).toMatchObject({ status: "done", items: 12, answered: 12, failed: 0 });
    expect(status?.costUsd).toBeGreaterThan(0);
    // the image reached the model
    expect(fake.requests.find((r) => r.userTexts[0]?.startsWith("Question 0"))?.images).toHaveLength(1);
  });

  it("waits out a 429 with Retry-After, records what fails for good, and retries it on resume", async () => {
    fake.reset();
    fake.setModel("flaky", { reply: REPLY, failure: { kind: "http", status: 429, retryAfterSeconds: 1 } });
    const run = await createRun(db, { set: "twelve", model: "flaky" });
    const started = Date.now();
    const pending = executeRun(db, run.id, { concurrency: 4, attempts: 4, backoffMs: 10 });
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    fake.setModel("flaky", { reply: REPLY });
    const result = await pending;
    expect(result).toMatchObject({ status: "done", answered: 12, failed: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // the provider paused for its Retry-After
    const retried = await db.prisma.evalAnswer.count({ where: { runId: run.id, attempts: { gt: 1 } } });
    expect(retried).toBeGreaterThan(0);

    // a refusal that retrying cannot fix (HTTP 400) is recorded, the run is failed, and a resume answers it
    fake.setModel("flaky", { reply: REPLY, failure: { kind: "http", status: 400 } });
    const again = await createRun(db, { set: "twelve", model: "flaky" });
    expect(await executeRun(db, again.id, { backoffMs: 10 })).toMatchObject({ status: "failed", failed: 12 });
    const failedAnswer = await db.prisma.evalAnswer.findFirst({ where: { runId: again.id } });
    expect(failedAnswer).toMatchObject({ errorCode: "provider_error", attempts: 1 });
    expect((await runStatuses(db, again.id))[0]?.error).toMatch(/12 of 12 items failed/);
    fake.setModel("flaky", { reply: REPLY });
    expect(await executeRun(db, again.id)).toMatchObject({ status: "done", answered: 12 });
  });

  it("is executed by the jobs queue", async () => {
    const runner = await JobRunner.start(url, { db });
    try {
      await runner.handle(evalJobs());
      const run = await createRun(db, { set: "twelve", model: "cand" });
      await queueRun(run.id, { url });
      const deadline = Date.now() + 30_000;
      let status = (await runStatuses(db, run.id))[0];
      while (status?.status !== "done" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await runStatuses(db, run.id))[0];
      }
      expect(status).toMatchObject({ status: "done", answered: 12 });
    } finally {
      await runner.stop(0);
    }
  });

  it("refuses unknown sets, models and settings", async () => {
    await expect(createRun(db, { set: "nope", model: "cand" })).rejects.toThrow("no prompt set 'nope'");
    await expect(createRun(db, { set: "twelve", model: "nope" })).rejects.toThrow("no model 'nope'");
    await expect(createRun(db, { set: "twelve", model: "cand", settings: { temperature: 9 } })).rejects.toThrow(
      /run settings/,
    );
  });
});
