// What one visitor (or one model) must not be able to do to the arena (issue 25), against a real PostgreSQL and
// the fake model server: a follow-up storm on a pool of web bounds, regenerations past their limits, a banned
// visitor voting, a model answering NULs, stalling or without end, a model left out of the models file.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "../../lib/admin";
import { addFollowUp, castVote, conversationView, prepareTurn, streamTurn, type TurnEvent } from "../../lib/arena";
import { closeDb, createDb, type Db } from "../../lib/db";
import { webWaits } from "../../lib/db/waits";
import { battleBatches } from "../../lib/export";
import { Prisma } from "../../lib/generated/prisma/client";
import { banVisitor } from "../../lib/integrity";
import { modelProfile } from "../../lib/leaderboard";
import { snapshotTick } from "../../lib/leaderboard/scheduler";
import { loadModelsConfig, syncRegistry } from "../../lib/providers";
import { openImageBattle } from "../support/battles";
import { type ArenaFixture, startArena } from "./arena-fixture";

let arena: ArenaFixture;
let db: Db;

beforeAll(async () => {
  arena = await startArena("one-visitor", { alpha: "A calm answer.", beta: "Another calm answer." });
  db = arena.db;
  Object.assign(process.env, {
    ARENA_NSFW_CHECK: "0",
    ARENA_RATE_REGENERATE_PER_BATTLE: "3",
    ARENA_STALL_TIMEOUT_MS: "1500",
  });
});
afterAll(() => arena?.close());

async function events(stream: ReadableStream<Uint8Array>): Promise<TurnEvent[]> {
  const text = await new Response(stream).text();
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as TurnEvent);
}

const battle = (on: Db = db) => openImageBattle(on, { prompt: "What is this?", background: "#3366aa", ipHash: "hash" });

const answer = (id: string, visitorId: string, options: { regenerate?: boolean } = {}, on: Db = db) =>
  prepareTurn(on, { conversationId: id, visitorId, ...options }).then((plan) => events(streamTurn(on, plan)));

describe("one visitor against the arena", () => {
  it("a storm of follow-ups on a small pool with the web's bounds never needs a second connection under the lock", async () => {
    // two connections only: the old code took one for the lock and waited forever for a second one (the limiter)
    process.env.ARENA_DB_POOL_SIZE = "2";
    const web = createDb(arena.url, { ...webWaits(), acquireMs: 3_000 });
    delete process.env.ARENA_DB_POOL_SIZE;
    try {
      const { id, visitorId } = await battle(web);
      await answer(id, visitorId, {}, web);
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          addFollowUp(web, { conversationId: id, visitorId, ipHash: null, prompt: `more ${i}` }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      // each refused for what it is; none timed out waiting for a connection (the deadlock's symptom)
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
        expect(["conversation_busy", "answers_pending", "rate_limited"]).toContain(r.reason.code);
      }
    } finally {
      await closeDb(web);
    }
  }, 60_000);

  it("refuses regenerations past the battle's limit before any answer is replaced, and calls no model for them", async () => {
    const { id, visitorId } = await battle();
    await answer(id, visitorId);
    for (let i = 0; i < 3; i++) await answer(id, visitorId, { regenerate: true });
    const calls = arena.fake.requests.length;
    await expect(prepareTurn(db, { conversationId: id, visitorId, regenerate: true })).rejects.toMatchObject({
      kind: "rate_limited",
    });
    await expect(prepareTurn(db, { conversationId: id, visitorId, sides: ["a"] })).rejects.toMatchObject({
      kind: "rate_limited",
    });
    expect(arena.fake.requests.length).toBe(calls);
    // the last answers are still there, finished: the battle can be voted on
    await castVote(db, { conversationId: id, visitorId, winner: "tie", ipHash: null });
  });

  it("a ban reaches the next snapshot even when no vote follows it", async () => {
    const { id, visitorId } = await battle();
    await answer(id, visitorId);
    await castVote(db, { conversationId: id, visitorId, winner: "model_a", ipHash: null });
    expect((await snapshotTick(db, { rounds: 5 })).reason).toBe("recomputed");
    expect((await snapshotTick(db, { rounds: 5 })).reason).toBe("no_new_votes");
    await banVisitor(db, visitorId, "test");
    await audit(db, "cli", "visitor.ban", visitorId);
    expect((await snapshotTick(db, { rounds: 5 })).reason).toBe("recomputed");
  });

  it("refuses a banned visitor's vote and regeneration, and stores nothing", async () => {
    const { id, visitorId } = await battle();
    await answer(id, visitorId);
    await db.prisma.visitor.update({ where: { id: visitorId }, data: { bannedAt: new Date() } });
    await expect(
      castVote(db, { conversationId: id, visitorId, winner: "model_a", ipHash: null }),
    ).rejects.toMatchObject({
      kind: "forbidden",
      code: "visitor_banned",
    });
    await expect(prepareTurn(db, { conversationId: id, visitorId, regenerate: true })).rejects.toMatchObject({
      code: "visitor_banned",
    });
    await expect(prepareTurn(db, { conversationId: id, visitorId })).rejects.toMatchObject({ code: "visitor_banned" });
    expect(await db.prisma.vote.count({ where: { conversationId: id } })).toBe(0);
  });
});

describe("one model against the arena", () => {
  const storedAnswers = (id: string) =>
    db.prisma.message.findMany({
      where: { conversationId: id, role: "assistant", superseded: false },
      include: { response: true },
      orderBy: { side: "asc" },
    });

  it("stores an answer with NUL characters as finished text without them (no 'database unavailable')", async () => {
    arena.fake.setModel("alpha-vl", { reply: "zero\u0000byte \u0000answer" });
    arena.fake.setModel("beta-vl", { reply: "clean answer" });
    try {
      const { id, visitorId } = await battle();
      const all = await answer(id, visitorId);
      expect(all.filter((e) => e.type === "error")).toEqual([]);
      const texts = (await storedAnswers(id)).map((m) => m.content);
      expect(texts.sort()).toEqual(["clean answer", "zerobyte answer"]);
      expect(JSON.stringify(all)).not.toContain("\\u0000");
    } finally {
      arena.fake.setModel("alpha-vl", { reply: "A calm answer." });
      arena.fake.setModel("beta-vl", { reply: "Another calm answer." });
    }
  });

  it("keeps a model's thinking out of the answer and the stream, stored apart with its time", async () => {
    // paced, so the thinking arrives before the answer (all at once, the answer would come in the same read)
    arena.fake.setModel("alpha-vl", {
      reply: "<think>The sign says OPEN 9-5 in red.</think>\n\nIt says OPEN 9-5.",
      tokenDelayMs: 20,
    });
    try {
      const { id, visitorId } = await battle();
      const all = await answer(id, visitorId);
      expect(all.filter((e) => e.type === "error")).toEqual([]);
      // nothing of the thought reaches the browser before the vote
      expect(JSON.stringify(all)).not.toContain("in red");
      // sides are drawn at random: the thinking model's answer
      const a = (await storedAnswers(id)).find((m) => m.response?.modelId === "alpha");
      expect(a?.content).toBe("It says OPEN 9-5.");
      expect(a?.response?.reasoning).toBe("The sign says OPEN 9-5 in red.");
      expect(a?.response?.thinkingMs).toBeGreaterThanOrEqual(0);
      // style features count the answer only
      expect(a?.response?.tokens).toBeLessThan(10);
      // the browser heard that the side was thinking, before its first word, never what
      const side = a?.side as "a" | "b";
      const order = all.filter((e) => "side" in e && e.side === side).map((e) => e.type);
      expect(order.indexOf("thinking")).toBeGreaterThan(-1);
      expect(order.indexOf("thinking")).toBeLessThan(order.indexOf("delta"));
      // before the vote the conversation shows no thought; the vote reveals it with the models
      const hidden = await conversationView(db, id, { visitorId });
      expect(JSON.stringify(hidden)).not.toContain("in red");
      const vote = await castVote(db, { conversationId: id, visitorId, winner: "tie", ipHash: null });
      expect(vote.thoughts[side]).toEqual([
        { turn: 1, text: "The sign says OPEN 9-5 in red.", ms: a?.response?.thinkingMs },
      ]);
      const shown = await conversationView(db, id, { visitorId });
      expect(shown.sides[side]?.messages.find((m) => m.role === "assistant")?.thought?.text).toBe(
        "The sign says OPEN 9-5 in red.",
      );
      // exports carry its tokens and time beside FastChat's fields, never the thought
      let record: Record<string, unknown> | undefined;
      for await (const batch of battleBatches(db, { salt: "s" }))
        record ??= batch.records.find((r) => r.question_id === id) as Record<string, unknown> | undefined;
      // as exported (conv_metadata is kept as its JSON text until written)
      const exported = JSON.parse(JSON.stringify(record)) as { conv_metadata: Record<string, unknown> };
      expect(exported.conv_metadata).toMatchObject({ [`thinking_ms_${side}`]: a?.response?.thinkingMs });
      expect(JSON.stringify(record)).not.toContain("in red");
      // and the model page says how long it thinks
      expect((await modelProfile(db, "alpha"))?.thinking).toMatchObject({ answers: 1, meanTokens: null });
      expect((await modelProfile(db, "beta"))?.thinking).toBeNull();
    } finally {
      arena.fake.setModel("alpha-vl", { reply: "A calm answer." });
    }
  });

  it("learns a model's parameter rules from its 400s, retries at once, and sends them right the next time", async () => {
    // as OpenAI's o-series and gpt-5: no max_tokens, no temperature but the default
    arena.fake.setModel("alpha-vl", { reply: "Reasoned answer.", refuses: ["max_tokens", "temperature"] });
    const sent = () => arena.fake.requests.filter((r) => r.model === "alpha-vl");
    try {
      const before = sent().length;
      const first = await battle();
      const all = await answer(first.id, first.visitorId);
      expect(all.filter((e) => e.type === "error")).toEqual([]);
      // one refusal per parameter, then the answer
      const tries = sent().slice(before);
      expect(tries.map((r) => r.params)).toEqual([
        { max_tokens: 2048, max_completion_tokens: undefined, temperature: 0.7 },
        { max_tokens: undefined, max_completion_tokens: 2048, temperature: 0.7 },
        { max_tokens: undefined, max_completion_tokens: 2048, temperature: undefined },
      ]);
      for (let i = 0; i < 50; i++) {
        if ((await db.prisma.model.findUniqueOrThrow({ where: { id: "alpha" } })).paramRules) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await db.prisma.model.findUniqueOrThrow({ where: { id: "alpha" } })).paramRules).toEqual({
        maxTokens: "max_completion_tokens",
        temperature: "omit",
      });
      const logged = await db.prisma.auditEntry.findMany({
        where: { action: "model.params_learned", target: "alpha" },
      });
      expect(logged.length).toBe(2);
      // the next battle sends the right parameters at once
      const next = await battle();
      const mark = sent().length;
      await answer(next.id, next.visitorId);
      expect(
        sent()
          .slice(mark)
          .map((r) => r.params),
      ).toEqual([{ max_tokens: undefined, max_completion_tokens: 2048, temperature: undefined }]);
    } finally {
      arena.fake.setModel("alpha-vl", { reply: "A calm answer." });
      await db.prisma.model.update({ where: { id: "alpha" }, data: { paramRules: Prisma.DbNull } });
    }
  });

  it("tells a visitor that a side could not answer, without a raw status, and offers Retry only where it can help", async () => {
    arena.fake.setModel("alpha-vl", { failure: { kind: "http", status: 400, message: "Invalid image data" } });
    arena.fake.setModel("beta-vl", { failure: { kind: "http", status: 503 } });
    try {
      const { id, visitorId } = await battle();
      const errors = (await answer(id, visitorId)).filter((e) => e.type === "error");
      expect(errors).toHaveLength(2);
      for (const error of errors) expect(JSON.stringify(error)).not.toMatch(/HTTP|40\d|50\d/);
      // sides are drawn at random: find which one alpha (the 400) answered on
      const { modelAId } = await db.prisma.conversation.findUniqueOrThrow({ where: { id } });
      const alphaSide = modelAId === "alpha" ? "a" : "b";
      const refused = errors.find((e) => e.type === "error" && e.side === alphaSide);
      const failed = errors.find((e) => e.type === "error" && e.side !== alphaSide);
      expect(refused).toMatchObject({ message: "This model could not answer this request.", retryable: false });
      expect(failed).toMatchObject({ message: "This model's service had a problem answering; press Retry." });
      expect(failed).not.toHaveProperty("retryable");
    } finally {
      arena.fake.setModel("alpha-vl", { reply: "A calm answer." });
      arena.fake.setModel("beta-vl", { reply: "Another calm answer." });
    }
  });

  it("cuts an answer at the model's ceiling, stored finished and marked", async () => {
    await db.prisma.model.update({ where: { id: "alpha" }, data: { maxAnswerChars: 120 } });
    await db.prisma.model.update({ where: { id: "beta" }, data: { maxAnswerChars: 120 } });
    arena.fake.setModel("alpha-vl", { reply: "word ".repeat(400) });
    arena.fake.setModel("beta-vl", { reply: "word ".repeat(400) });
    try {
      const { id, visitorId } = await battle();
      const all = await answer(id, visitorId);
      expect(all.filter((e) => e.type === "done")).toHaveLength(2);
      for (const message of await storedAnswers(id)) {
        expect(message.content).toHaveLength(120);
        expect(message.response?.finishReason).toBe("length");
        expect(message.response?.params).toMatchObject({ cutAtChars: 120 });
      }
    } finally {
      await db.prisma.model.updateMany({ data: { maxAnswerChars: null } });
      arena.fake.setModel("alpha-vl", { reply: "A calm answer." });
      arena.fake.setModel("beta-vl", { reply: "Another calm answer." });
    }
  });

  it("frees a battle whose model went silent after it started, long before the total timeout", async () => {
    arena.fake.setModel("alpha-vl", { reply: "one two three four", failure: { kind: "hang", afterTokens: 2 } });
    try {
      const { id, visitorId } = await battle();
      const all = await answer(id, visitorId);
      const failed = all.filter((e) => e.type === "error");
      // the stall bound (1.5 s here), not ARENA_TOTAL_TIMEOUT_MS (180 s, past this test's own timeout)
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ code: "provider_timeout", message: expect.stringMatching(/partway/) });
    } finally {
      arena.fake.setModel("alpha-vl", { reply: "A calm answer." });
    }
  }, 60_000);

  it("disables a model the models file no longer lists, unless an admin took it over in the console", async () => {
    await db.prisma.model.create({
      data: { id: "gone", providerId: "fake", providerModelId: "gone-vl", displayName: "Gone" },
    });
    await db.prisma.model.create({
      data: {
        id: "console-made",
        providerId: "fake",
        providerModelId: "c-vl",
        displayName: "Console",
        consoleEditedAt: new Date(),
      },
    });
    await syncRegistry(db.prisma, loadModelsConfig().config);
    const models = await db.prisma.model.findMany({ select: { id: true, enabled: true } });
    const enabled = Object.fromEntries(models.map((m) => [m.id, m.enabled]));
    expect(enabled).toMatchObject({ alpha: true, beta: true, gone: false, "console-made": true });
  });
});
