// A battle from first prompt to revealed vote, through the real provider adapter and a fake OpenAI server.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import {
  acceptTerms,
  addFollowUp,
  castVote,
  continueWithPair,
  conversationView,
  openConversation,
  prepareTurn,
  reportAnswer,
  requestStop,
  streamTurn,
  type TurnEvent,
  visitorHistory,
} from "../../lib/arena";
import { record } from "../../lib/arena/answer-record";
import { ANSWER_HEARTBEAT_MS } from "../../lib/arena/history";
import { reactionCounts, reactionInput, reactToAnswer } from "../../lib/arena/reactions";
import { lockVoterSql } from "../../lib/arena/votes";
import { closeDb, createDb, type Db, isDatabaseUnavailable } from "../../lib/db";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { imageStore } from "../../lib/images";
import { writeSetting } from "../../lib/settings/settings";
import { promptKeys } from "../support/prompt-keys";
import { doneSides } from "../support/turn-events";

let db: Db;
let fake: FakeModelServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-flow-"));

beforeAll(async () => {
  fake = await startFakeModelServer({
    models: {
      "alpha-vl": { reply: "## Alpha\nA **blue** square.", tokenDelayMs: 1 },
      "beta-vl": { reply: "Beta sees blue.", tokenDelayMs: 1 },
    },
  });
  const file = writeFakeModelsFile(
    dataDir,
    fake.baseURL,
    [
      { id: "alpha", model: "alpha-vl", displayName: "Alpha VL", organization: "Alpha Labs" },
      { id: "beta", model: "beta-vl", displayName: "Beta VL", organization: "Beta Corp" },
      { id: "gamma", model: "beta-vl", displayName: "Gamma Text", organization: "Gamma Inc", vision: false },
    ],
    { apiKeyEnv: "FAKE_KEY" },
  );
  Object.assign(process.env, {
    ARENA_MODELS_FILE: file,
    ARENA_DATA_DIR: dataDir,
    ARENA_SECRET: "integration-secret-1234",
    ARENA_BLOCKLIST: "forbidden phrase",
  });
  db = createDb(inject("databaseUrl"));
});
afterAll(async () => {
  await closeDb(db);
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function events(stream: ReadableStream<Uint8Array>): Promise<TurnEvent[]> {
  const text = await new Response(stream).text();
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

/** How many prompts this hour's allowance has counted for the visitor. */
async function promptsCounted(visitorId: string): Promise<number> {
  const buckets = await db.prisma.rateLimitBucket.findMany({ where: { key: `visitor:${visitorId}` } });
  return buckets.reduce((sum, b) => sum + b.count, 0);
}

async function newVisitor() {
  return (await acceptTerms(db, null, "hash")).id;
}

const image = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#2244cc" } })
    .png()
    .toBuffer();

async function battle(visitorId: string, prompt = "What colour is this?") {
  return openConversation(db, {
    visitorId,
    ipHash: null,
    mode: "battle",
    prompt,
    uploads: [{ name: "x.png", bytes: await image() }],
  });
}

function answerText(all: TurnEvent[], side: "a" | "b") {
  return all
    .filter((e): e is Extract<TurnEvent, { type: "delta" }> => e.type === "delta" && e.side === side)
    .map((e) => e.text)
    .join("");
}

/**
 * A pool that runs `meanwhile` once, before the first statement matching `pattern`, whichever connection sends it
 * (outside a transaction Prisma's adapter uses the pool's query, inside one a client of the pool's).
 */
function pausingPool(url: string, pattern: RegExp, meanwhile: () => Promise<void>) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let paused = false;
  const gate = async (query: unknown) => {
    const text = typeof query === "string" ? query : (query as { text?: string }).text;
    if (paused || !text || !pattern.test(text)) return;
    paused = true;
    await meanwhile();
  };
  const gated = <Q extends (...args: never[]) => unknown>(query: Q): Q =>
    (async (...args: never[]) => {
      await gate(args[0]);
      return query(...args);
    }) as unknown as Q;
  pool.query = gated(pool.query.bind(pool));
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  pool.connect = (async (callback?: unknown) => {
    if (callback) return connect(callback); // the pool's own query borrows a client with a callback
    const client = await connect();
    if (!(client as { gated?: true }).gated) {
      client.query = gated(client.query.bind(client));
      Object.assign(client, { gated: true });
    }
    return client;
  }) as typeof pool.connect;
  return Object.assign(pool, { paused: () => paused });
}

describe("a battle", () => {
  it("streams both answers, stores them with their measurements, and reveals the models on the vote", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    expect(conversation.isDemo).toBe(false);
    // the fake server received the image as an image part, once per side
    const turn = await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    expect(turn.at(-1)).toEqual({ type: "end" });
    expect(doneSides(turn)).toEqual(["a", "b"]);
    const texts = [answerText(turn, "a"), answerText(turn, "b")].sort();
    expect(texts).toEqual(["## Alpha\nA **blue** square.", "Beta sees blue."]);
    expect(fake.requests.slice(-2).map((r) => r.images.length)).toEqual([1, 1]);

    const meta = await db.prisma.responseMeta.findMany({ where: { message: { conversationId: conversation.id } } });
    const alpha = meta.find((m) => m.modelId === "alpha")!;
    expect(alpha).toMatchObject({ headerCount: 1, boldCount: 1, listCount: 0, finishReason: "stop" });
    expect(alpha.tokens).toBeGreaterThan(3);
    expect(alpha.latencyFirstTokenMs).not.toBeNull();
    expect(alpha.latencyTotalMs).toBeGreaterThanOrEqual(alpha.latencyFirstTokenMs as number);

    const hidden = await conversationView(db, conversation.id, { visitorId });
    expect(hidden.sides.a?.model).toBeNull();
    const result = await castVote(db, {
      conversationId: conversation.id,
      visitorId,
      winner: "model_a",
      ipHash: null,
    });
    expect(result).toMatchObject({ winner: "model_a", anonymous: true, created: true, exclusionReasons: [] });
    expect([result.models.a.displayName, result.models.b.displayName].sort()).toEqual(["Alpha VL", "Beta VL"]);
    const shown = await conversationView(db, conversation.id, { share: true });
    expect(shown.sides.a?.model?.id).toBe(result.models.a.id);
  });

  it("shows a battle as one moment: an answer finishing while the page reads it is never finished with no text", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    const plan = await prepareTurn(db, { conversationId: conversation.id, visitorId });
    const a = plan.targets.find((t) => t.side === "a")!;
    // the page reads through a pool that lets A's answer finish (as answerSide records it) after the page has read
    // the messages and before it reads their answers' state
    const pool = pausingPool(inject("databaseUrl"), /FROM "public"."ResponseMeta"/, async () => {
      expect(await record(db, a.messageId, "Alpha's whole answer.", { finishReason: "stop" })).toBeNull();
    });
    const page = { prisma: new PrismaClient({ adapter: new PrismaPg(pool) }), pool: db.pool };
    try {
      const seen = (await conversationView(page, conversation.id, { visitorId })).sides.a?.messages.at(-1);
      expect(pool.paused()).toBe(true);
      // as it was when the page began reading: still being written (the page asks again), not finished and empty
      expect([seen?.status, seen?.content]).toEqual(["pending", ""]);
    } finally {
      await page.prisma.$disconnect();
      await pool.end();
    }
    const after = (await conversationView(db, conversation.id, { visitorId })).sides.a?.messages.at(-1);
    expect([after?.status, after?.content]).toEqual(["done", "Alpha's whole answer."]);
  });

  it("takes a page read that gets no connection in time for a busy database (503), not a bug", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    // the web's pool, one connection here, lent for at most 1 s (ARENA_DB_ACQUIRE_TIMEOUT_MS); someone else takes
    // it just as the page's snapshot asks for it (a transaction borrows its connection without a callback)
    const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 1, connectionTimeoutMillis: 1_000 });
    const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
    let taken: pg.PoolClient | null = null;
    pool.connect = (async (callback?: unknown) => {
      if (callback) return connect(callback);
      taken ??= await connect();
      return connect();
    }) as typeof pool.connect;
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    try {
      const error = await conversationView({ prisma, pool: db.pool }, conversation.id, { visitorId }).catch(
        (e: unknown) => e,
      );
      expect(taken).not.toBeNull();
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      (taken as pg.PoolClient | null)?.release();
      await prisma.$disconnect();
      await pool.end();
    }
  });

  it("accepts the same vote twice, refuses a different second vote, and refuses votes before the answers", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await expect(
      castVote(db, { conversationId: conversation.id, visitorId, winner: "tie", ipHash: null }),
    ).rejects.toMatchObject({
      kind: "conflict",
      code: "answers_pending",
    });
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const vote = { conversationId: conversation.id, visitorId, ipHash: null };
    expect((await castVote(db, { ...vote, winner: "tie (bothbad)" })).created).toBe(true);
    expect((await castVote(db, { ...vote, winner: "tie (bothbad)" })).created).toBe(false);
    await expect(castVote(db, { ...vote, winner: "model_b" })).rejects.toMatchObject({
      kind: "conflict",
      code: "already_voted",
    });
    const stored = await db.prisma.vote.findMany({ where: { conversationId: conversation.id } });
    expect(stored.map((v) => v.winner)).toEqual(["tie_bothbad"]);
    // another visitor cannot vote on it
    const stranger = await newVisitor();
    await expect(castVote(db, { ...vote, visitorId: stranger, winner: "tie" })).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("keeps a failed side's error and partial text, and retries only that side", async () => {
    fake.setModel("beta-vl", {
      reply: "partial answer then gone",
      tokenDelayMs: 5,
      failure: { kind: "cut", afterTokens: 2 },
    });
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    const first = await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const failed = first.find((e) => e.type === "error") as Extract<TurnEvent, { type: "error" }>;
    expect(failed).toMatchObject({ code: "provider_error" });
    expect(first.filter((e) => e.type === "done")).toHaveLength(1);
    await expect(
      castVote(db, { conversationId: conversation.id, visitorId, winner: "tie", ipHash: null }),
    ).rejects.toMatchObject({
      code: "answers_pending",
    });
    const view = await conversationView(db, conversation.id, { visitorId });
    const failedSide = view.sides[failed.side]!.messages.at(-1)!;
    expect(failedSide).toMatchObject({ status: "error", content: "partial answer" });

    fake.setModel("beta-vl", { reply: "Beta recovered.", tokenDelayMs: 1 });
    const retry = await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    expect(retry.filter((e) => e.type === "start").map((e) => (e as { side: string }).side)).toEqual([failed.side]);
    expect(answerText(retry, failed.side)).toBe("Beta recovered.");
    await expect(prepareTurn(db, { conversationId: conversation.id, visitorId })).rejects.toMatchObject({
      code: "nothing_to_answer",
    });
    expect(
      (await castVote(db, { conversationId: conversation.id, visitorId, winner: "tie", ipHash: null })).created,
    ).toBe(true);
  });

  it("sends follow-ups to both sides with their own histories, and regenerates before the vote", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    expect(
      (
        await addFollowUp(db, {
          conversationId: conversation.id,
          visitorId,
          ipHash: null,
          prompt: "And the shape?",
        })
      ).turn,
    ).toBe(2);
    const before = fake.requests.length;
    // the image goes to both sides in every turn's history, yet is read from the store once for the turn
    const store = imageStore();
    const read = store.get.bind(store);
    let reads = 0;
    store.get = (key) => {
      reads++;
      return read(key);
    };
    try {
      await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    } finally {
      store.get = read;
    }
    expect(reads).toBe(1);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    for (const request of sent) {
      expect(request.userTexts).toEqual(["What colour is this?", "And the shape?"]);
      expect(request.messageCount).toBe(3); // prompt, its own answer, follow-up
      expect(request.images).toHaveLength(1);
    }
    await events(
      streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId, regenerate: true })),
    );
    const superseded = await db.prisma.message.count({ where: { conversationId: conversation.id, superseded: true } });
    expect(superseded).toBe(2);
    const view = await conversationView(db, conversation.id, { visitorId });
    expect(view.sides.a?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("marks the vote non-anonymous when an answer names a model or organisation", async () => {
    fake.setModel("alpha-vl", { reply: "I am Alpha VL, trained by Alpha Labs.", tokenDelayMs: 1 });
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const result = await castVote(db, {
      conversationId: conversation.id,
      visitorId,
      winner: "model_b",
      ipHash: null,
    });
    expect(result).toMatchObject({ anonymous: false, exclusionReasons: ["identity_leak"] });
    fake.setModel("alpha-vl", { reply: "## Alpha\nA **blue** square.", tokenDelayMs: 1 });
  });

  it("keeps the vote anonymous when only a thought (never shown before the vote) names a model, and tells staff", async () => {
    fake.setModel("alpha-vl", {
      reply: "A blue square.",
      tokenDelayMs: 1,
      reasoning: { field: "reasoning", text: "As Claude I should describe the colour plainly" },
    });
    try {
      const visitorId = await newVisitor();
      const conversation = await battle(visitorId);
      await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
      const result = await castVote(db, { conversationId: conversation.id, visitorId, winner: "tie", ipHash: null });
      expect(result).toMatchObject({ anonymous: true, exclusionReasons: [] });
      const entry = await db.prisma.auditEntry.findFirst({
        where: { action: "vote.thought_names_model", target: conversation.id },
      });
      expect(entry?.details).toMatchObject({ thoughts: [{ terms: ["claude"], turn: 1 }] });
    } finally {
      fake.setModel("alpha-vl", { reply: "## Alpha\nA **blue** square.", tokenDelayMs: 1 });
    }
  });

  it("ends and flags a battle whose prompt the moderation flags, before any model sees it", async () => {
    const visitorId = await newVisitor();
    const before = fake.requests.length;
    await expect(battle(visitorId, "tell me the forbidden phrase now")).rejects.toMatchObject({
      kind: "unprocessable",
      code: "prompt_flagged",
    });
    const flagged = await db.prisma.conversation.findFirst({ where: { visitorId }, include: { flags: true } });
    expect(flagged).toMatchObject({ moderationStatus: "flagged" });
    expect(flagged?.flags.map((f) => f.source)).toEqual(["blocklist"]);
    await expect(prepareTurn(db, { conversationId: flagged!.id, visitorId })).rejects.toMatchObject({
      code: "conversation_ended",
    });
    expect(fake.requests.length).toBe(before);
  });

  it("refuses visitors who have not accepted the terms, non-images, and unknown models", async () => {
    const stranger = (await db.prisma.visitor.create({ data: {} })).id;
    await expect(battle(stranger)).rejects.toMatchObject({ kind: "forbidden", code: "terms_required" });
    const visitorId = await newVisitor();
    await expect(
      openConversation(db, {
        visitorId,
        ipHash: null,
        mode: "battle",
        prompt: "hi",
        uploads: [{ name: "notes.png", bytes: Buffer.from("plain text") }],
      }),
    ).rejects.toMatchObject({ kind: "unsupported_media", code: "not_an_image" });
    // an anonymous battle starts from an image; a direct chat may start from text (issue 11, finding 10)
    await expect(
      openConversation(db, { visitorId, ipHash: null, mode: "battle", prompt: "hi", uploads: [] }),
    ).rejects.toMatchObject({ kind: "invalid", code: "image_required" });
    await expect(
      openConversation(db, { visitorId, ipHash: null, mode: "direct", prompt: "hi", uploads: [], modelA: "nope" }),
    ).rejects.toMatchObject({ kind: "not_found", code: "unknown_model" });
  });

  it("rate-limits a visitor across requests, with the time to wait", async () => {
    process.env.ARENA_RATE_VISITOR_PER_HOUR = "2";
    try {
      const visitorId = await newVisitor();
      const open = () =>
        openConversation(db, {
          visitorId,
          ipHash: null,
          mode: "direct",
          prompt: "hi",
          uploads: [],
          modelA: "alpha",
        });
      await open();
      await open();
      const error = await open().catch((e) => e);
      expect(error).toMatchObject({ kind: "rate_limited", code: "rate_limited" });
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      delete process.env.ARENA_RATE_VISITOR_PER_HOUR;
    }
  });
});

describe("claims and limits", () => {
  it("lets only one of two simultaneous requests answer a turn; the other learns an answer is being written", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    const outcomes = await Promise.allSettled([
      prepareTurn(db, { conversationId: conversation.id, visitorId }),
      prepareTurn(db, { conversationId: conversation.id, visitorId }),
    ]);
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o) => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost[0]?.reason).toMatchObject({ kind: "conflict", code: "answer_in_progress" });
    const plan = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof prepareTurn>>>).value;
    expect(plan.targets.map((t) => t.side).sort()).toEqual(["a", "b"]);
    await events(streamTurn(db, plan));
    const answers = await db.prisma.message.count({
      where: { conversationId: conversation.id, role: "assistant", superseded: false },
    });
    expect(answers).toBe(2);
  });

  it("counts prompts per IP across visitors, and refuses a visitor without terms before counting", async () => {
    process.env.ARENA_RATE_IP_PER_HOUR = "2";
    const ipHash = `ip-${Date.now()}`;
    try {
      const open = (visitorId: string) =>
        openConversation(db, { visitorId, ipHash, mode: "direct", prompt: "hi", uploads: [], modelA: "alpha" });
      await open(await newVisitor());
      await open(await newVisitor());
      const error = await open(await newVisitor()).catch((e) => e);
      expect(error).toMatchObject({ kind: "rate_limited", code: "rate_limited" });
      const stranger = (await db.prisma.visitor.create({ data: {} })).id;
      await expect(open(stranger)).rejects.toMatchObject({ kind: "forbidden", code: "terms_required" });
    } finally {
      delete process.env.ARENA_RATE_IP_PER_HOUR;
    }
  });

  it("settles simultaneous votes on one battle: one counts, the same vote is harmless, a different one is refused", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const vote = (winner: "model_a" | "model_b") =>
      castVote(db, { conversationId: conversation.id, visitorId, ipHash: "ip", winner });
    const outcomes = await Promise.allSettled([vote("model_a"), vote("model_a"), vote("model_b"), vote("model_a")]);
    const created = outcomes.filter((o) => o.status === "fulfilled" && o.value.created);
    expect(created).toHaveLength(1);
    const winner = (created[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof castVote>>>).value.winner;
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled") expect(outcome.value.winner).toBe(winner);
      else expect(outcome.reason).toMatchObject({ kind: "conflict", code: "already_voted" });
    }
    expect(await db.prisma.vote.count({ where: { conversationId: conversation.id } })).toBe(1);
    const ended = await db.prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
    expect(ended.endedAt).not.toBeNull();
  });

  it("keeps votes beyond the visitor's daily cap (set in the console) but does not count them", async () => {
    await writeSetting(db, "votes.dailyCountedCap", 2);
    try {
      const visitorId = await newVisitor();
      for (let i = 0; i < 3; i++) {
        const conversation = await battle(visitorId);
        await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
        const result = await castVote(db, { conversationId: conversation.id, visitorId, winner: "tie", ipHash: null });
        expect(result.created).toBe(true); // the visitor is not told
      }
      const votes = await db.prisma.vote.findMany({ where: { visitorId }, orderBy: { createdAt: "asc" } });
      expect(votes.map((v) => v.counted)).toEqual([true, true, false]);
    } finally {
      await writeSetting(db, "votes.dailyCountedCap", null);
    }
  });

  it("decides one visitor's votes one at a time, so simultaneous votes cannot pass the daily cap together", async () => {
    await writeSetting(db, "votes.dailyCountedCap", 1);
    const visitorId = await newVisitor();
    const [first, second] = [await battle(visitorId), await battle(visitorId)];
    for (const c of [first, second]) {
      await events(streamTurn(db, await prepareTurn(db, { conversationId: c.id, visitorId })));
    }
    // another vote of the same visitor, in flight: it holds the visitor's lock and has counted itself
    const other = await db.pool.connect();
    try {
      await other.query("BEGIN");
      await other.query(lockVoterSql(visitorId));
      await other.query(
        `INSERT INTO "Vote" (id, "conversationId", "visitorId", winner, "modelAId", "modelBId", turn, counted)
         SELECT $1, id, "visitorId", 'tie', "modelAId", "modelBId", 1, true FROM "Conversation" WHERE id = $2`,
        [crypto.randomUUID(), first.id],
      );
      let settled = false;
      const voting = castVote(db, { conversationId: second.id, visitorId, winner: "model_a", ipHash: null }).finally(
        () => {
          settled = true;
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false); // waits for the other vote to be decided
      await other.query("COMMIT");
      await voting;
      const mine = await db.prisma.vote.findUniqueOrThrow({ where: { conversationId: second.id } });
      expect(mine.counted).toBe(false); // the other vote took the day's only counted place
    } finally {
      other.release();
      await writeSetting(db, "votes.dailyCountedCap", null);
    }
  });

  it("fails a side at once when its model has used up its hourly budget", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    const windowMs = 3_600_000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    const used = await db.prisma.rateLimitBucket.findMany({ where: { windowStart, key: { startsWith: "model:" } } });
    expect(used.length).toBeGreaterThan(0); // earlier battles counted in the same window, stored in UTC
    const limit = Math.max(...used.map((b) => b.count)) + 5;
    // alpha has spent its budget; beta has room left
    await db.prisma.rateLimitBucket.update({
      where: { key_windowStart: { key: "model:alpha", windowStart } },
      data: { count: limit },
    });
    process.env.ARENA_RATE_MODEL_PER_HOUR = String(limit);
    try {
      const all = await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
      const stored = await db.prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
      const alphaSide = stored.modelAId === "alpha" ? "a" : "b";
      const errors = all.filter((e): e is Extract<TurnEvent, { type: "error" }> => e.type === "error");
      expect(errors).toEqual([expect.objectContaining({ side: alphaSide, code: "provider_rate_limited" })]);
      expect(answerText(all, alphaSide === "a" ? "b" : "a")).not.toBe("");
    } finally {
      delete process.env.ARENA_RATE_MODEL_PER_HOUR;
    }
  });
});

describe("timeouts", () => {
  it("fails a side whose provider never starts answering, after the first-token limit", async () => {
    fake.setModel("beta-vl", { failure: { kind: "hang" } });
    process.env.ARENA_FIRST_TOKEN_TIMEOUT_MS = "300";
    try {
      const visitorId = await newVisitor();
      const conversation = await battle(visitorId);
      const started = Date.now();
      const all = await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
      // the behaviour: the side fails at the configured 300 ms, not at the 30 s default (a wide margin for a loaded machine)
      expect(Date.now() - started).toBeLessThan(15_000);
      const failed = all.find((e) => e.type === "error");
      expect(failed).toMatchObject({ code: "provider_timeout", message: "the model did not start answering in time" });
      const stored = await db.prisma.responseMeta.findFirst({
        where: { message: { conversationId: conversation.id }, modelId: "beta" },
      });
      expect(stored).toMatchObject({ errorCode: "provider_timeout", latencyFirstTokenMs: null });
    } finally {
      delete process.env.ARENA_FIRST_TOKEN_TIMEOUT_MS;
      fake.setModel("beta-vl", { reply: "Beta sees blue.", tokenDelayMs: 1 });
    }
  });
});

describe("hardening (issue 11)", () => {
  it("opens one turn at a time: of ten simultaneous follow-ups one is taken, the others refused at once", async () => {
    const visitorId = await newVisitor();
    const { id } = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: id, visitorId })));
    // five "web processes", each with its own connections, two requests each
    const instances = Array.from({ length: 5 }, () => createDb(inject("databaseUrl")));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        addFollowUp(instances[i % 5] as Db, { conversationId: id, visitorId, ipHash: null, prompt: `follow-up ${i}` }),
      ),
    );
    await Promise.all(instances.map((instance) => closeDb(instance)));
    const taken = results.filter((r) => r.status === "fulfilled");
    expect(taken).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      // refused without waiting on the lock (conversation_busy) or after the one taken (answers_pending)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: "conflict" });
      expect(["conversation_busy", "answers_pending"]).toContain((r as PromiseRejectedResult).reason.code);
    }
    // the allowance counts the one prompt taken: the refused ones were refused before or given back
    expect(await promptsCounted(visitorId)).toBe(2);
    const prompts = await db.prisma.message.findMany({ where: { conversationId: id, turn: 2, role: "user" } });
    expect(prompts).toHaveLength(2); // one per side
    expect(new Set(prompts.map((p) => p.content)).size).toBe(1);
    expect((await db.prisma.conversation.findUniqueOrThrow({ where: { id } })).turnCount).toBe(2);
    // and the models are sent that one prompt
    await events(streamTurn(db, await prepareTurn(db, { conversationId: id, visitorId })));
    const last = fake.requests.at(-1);
    expect(last?.userTexts).toHaveLength(2);
  });

  it("treats an answer whose process stopped sending heartbeats as failed: Retry works at once", async () => {
    const visitorId = await newVisitor();
    const { id } = await battle(visitorId);
    const plan = await prepareTurn(db, { conversationId: id, visitorId }); // claimed, never streamed: a killed process
    await expect(prepareTurn(db, { conversationId: id, visitorId })).rejects.toMatchObject({
      code: "answer_in_progress",
    });
    await db.pool.query(
      `UPDATE "ResponseMeta" SET "createdAt" = now() - interval '25 seconds' WHERE "messageId" = ANY($1::uuid[])`,
      [plan.targets.map((t) => t.messageId)],
    );
    const view = await conversationView(db, id, { visitorId });
    expect(view.sides.a?.messages.at(-1)?.status).toBe("error");
    const retry = await prepareTurn(db, { conversationId: id, visitorId });
    expect(retry.targets.map((t) => t.side).sort()).toEqual(["a", "b"]);
    await events(streamTurn(db, retry));
    // a live stream keeps its answer "pending" past that window through its heartbeats
    const fresh = await battle(visitorId);
    const live = await prepareTurn(db, { conversationId: fresh.id, visitorId });
    await db.pool.query(
      `UPDATE "ResponseMeta" SET "createdAt" = now() - interval '25 seconds', "heartbeatAt" = now()
        WHERE "messageId" = ANY($1::uuid[])`,
      [live.targets.map((t) => t.messageId)],
    );
    await expect(prepareTurn(db, { conversationId: fresh.id, visitorId })).rejects.toMatchObject({
      code: "answer_in_progress",
    });
    await events(streamTurn(db, live));
  });

  it("answers 404 for ids that only look like UUIDs, on every conversation entry point", async () => {
    const visitorId = await newVisitor();
    const fake36 = "-".repeat(36);
    for (const id of [fake36, "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", "00000000-0000-0000-0000-00000000000"]) {
      await expect(conversationView(db, id, { visitorId })).rejects.toMatchObject({ kind: "not_found" });
      await expect(prepareTurn(db, { conversationId: id, visitorId })).rejects.toMatchObject({ kind: "not_found" });
      await expect(castVote(db, { conversationId: id, visitorId, winner: "tie", ipHash: null })).rejects.toMatchObject({
        kind: "not_found",
      });
      await expect(
        addFollowUp(db, { conversationId: id, visitorId, ipHash: null, prompt: "hi" }),
      ).rejects.toMatchObject({ kind: "not_found" });
    }
  });

  it("reads a malformed visitor cookie as no cookie, and never believes a client's own address", async () => {
    const { visitorIdFrom, ipHashFrom } = await import("../../lib/http/visitor");
    for (const cookie of ["arena_vid=%", "arena_vid=%E0%A4%A", "arena_vid=a.b; other=%"]) {
      expect(visitorIdFrom(new Request("http://x/", { headers: { cookie } }))).toBeNull();
    }
    const forged = new Request("http://x/", {
      headers: { "x-forwarded-for": "1.2.3.4", "x-real-ip": "1.2.3.4", "x-arena-client-ip": "1.2.3.4" },
    });
    expect(ipHashFrom(forged)).toBeNull();
  });
});

describe("the registry sync (found by the fault run)", () => {
  it("syncs from many processes at once without a unique violation", async () => {
    const { scratchDatabase } = await import("./db-admin");
    const { applyMigrations } = await import("../../lib/db/migrate");
    const { syncRegistry, loadModelsConfig } = await import("../../lib/providers");
    const scratch = await scratchDatabase(inject("databaseUrl"));
    await applyMigrations(scratch.url);
    const instances = Array.from({ length: 6 }, () => createDb(scratch.url));
    try {
      const { config } = loadModelsConfig();
      const results = await Promise.allSettled(instances.map((instance) => syncRegistry(instance.prisma, config)));
      expect(
        results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason)),
      ).toEqual([]);
      expect(await instances[0]?.prisma.model.count()).toBe(3);
    } finally {
      await Promise.all(instances.map((instance) => closeDb(instance)));
      await scratch.drop();
    }
  });
});

describe("Stop (issue 26)", () => {
  const slow = { reply: Array.from({ length: 400 }, (_, i) => `word${i}`).join(" "), tokenDelayMs: 20 };

  /** Reads a turn's events until `until` says enough, then hands back the rest as they come. */
  async function readUntil(stream: ReadableStream<Uint8Array>, until: (seen: TurnEvent[]) => boolean) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const seen: TurnEvent[] = [];
    let buffer = "";
    const pump = async (stop: (seen: TurnEvent[]) => boolean) => {
      while (!stop(seen)) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const line of lines) if (line.trim()) seen.push(JSON.parse(line));
      }
      return seen;
    };
    await pump(until);
    return { seen, rest: () => pump(() => false) };
  }

  it("ends both answers at what was shown, closes the providers' requests, and the battle can be voted", async () => {
    // alpha thinks first: its thought so far is kept though the stream never reaches its end
    fake.setModel("alpha-vl", {
      ...slow,
      reasoning: { field: "reasoning_content", text: "I look at the blue square" },
    });
    fake.setModel("beta-vl", slow);
    try {
      const visitorId = await newVisitor();
      const conversation = await battle(visitorId);
      const before = fake.requests.length;
      const plan = await prepareTurn(db, { conversationId: conversation.id, visitorId });
      const turn = await readUntil(streamTurn(db, plan), (seen) =>
        ["a", "b"].every((side) => seen.some((e) => e.type === "delta" && e.side === side)),
      );
      // a stranger cannot stop it
      await expect(
        requestStop(db, { conversationId: conversation.id, visitorId: await newVisitor() }),
      ).rejects.toMatchObject({ kind: "not_found" });
      expect((await requestStop(db, { conversationId: conversation.id, visitorId })).sort()).toEqual(["a", "b"]);
      const all = await turn.rest();
      expect(all.filter((e) => e.type === "done").map((e) => (e as { finishReason: string }).finishReason)).toEqual([
        "stopped",
        "stopped",
      ]);
      const stored = await db.prisma.responseMeta.findMany({ where: { message: { conversationId: conversation.id } } });
      expect(stored.map((m) => m.finishReason)).toEqual(["stopped", "stopped"]);
      expect(stored.find((m) => m.modelId === "alpha")?.reasoning).toBe("I look at the blue square");
      const view = await conversationView(db, conversation.id, { visitorId });
      for (const side of ["a", "b"] as const) {
        const answer = view.sides[side]!.messages.at(-1)!;
        expect(answer).toMatchObject({ status: "done", stopped: true, content: answerText(all, side) });
        expect(answer.content.length).toBeLessThan(slow.reply.length);
      }
      // the fake server saw both connections close before the end of their streams
      await expect.poll(() => fake.requests.slice(before).map((r) => r.closedByClient)).toEqual([true, true]);
      // a Stop after the end stops nothing; the battle is voted on what was shown
      expect(await requestStop(db, { conversationId: conversation.id, visitorId })).toEqual([]);
      const vote = await castVote(db, { conversationId: conversation.id, visitorId, winner: "model_a", ipHash: null });
      expect(vote.created).toBe(true);
    } finally {
      fake.setModel("alpha-vl", { reply: "## Alpha\nA **blue** square.", tokenDelayMs: 1 });
      fake.setModel("beta-vl", { reply: "Beta sees blue.", tokenDelayMs: 1 });
    }
  });

  it("reaches an answer another instance writes at that instance's next heartbeat", async () => {
    fake.setModel("alpha-vl", slow);
    fake.setModel("beta-vl", slow);
    try {
      const visitorId = await newVisitor();
      const conversation = await battle(visitorId);
      const plan = await prepareTurn(db, { conversationId: conversation.id, visitorId });
      const turn = await readUntil(streamTurn(db, plan), (seen) => seen.some((e) => e.type === "delta"));
      // what requestStop writes when another instance receives the Stop: the request, without the local abort
      await db.pool.query(`UPDATE "ResponseMeta" SET "stopRequestedAt" = now() WHERE "messageId" = ANY($1::uuid[])`, [
        plan.targets.map((t) => t.messageId),
      ]);
      // the premise: the slow answer (400 words, 20 ms apart) outlasts a heartbeat by far
      expect(ANSWER_HEARTBEAT_MS).toBeLessThan((400 * slow.tokenDelayMs) / 2);
      const all = await turn.rest();
      // the behaviour: both sides end as stopped (an answer that ran out by itself would end as "stop"), picked up
      // from the database at this instance's heartbeat (every ANSWER_HEARTBEAT_MS) without the local abort
      expect(all.filter((e) => e.type === "done")).toHaveLength(2);
      expect(all.every((e) => e.type !== "done" || e.finishReason === "stopped")).toBe(true);
    } finally {
      fake.setModel("alpha-vl", { reply: "## Alpha\nA **blue** square.", tokenDelayMs: 1 });
      fake.setModel("beta-vl", { reply: "Beta sees blue.", tokenDelayMs: 1 });
    }
  });
});

describe("reporting an answer (issues 27, 40)", () => {
  it("puts the report on the desk once, with the answer, its model, the note and the other side; excluding removes the battle, not the visitor", async () => {
    const { moderationQueue, openReportsByModel, reviewFlag } = await import("../../lib/admin/moderation");
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const openBefore = await openReportsByModel(db);
    const first = await reportAnswer(db, {
      conversationId: conversation.id,
      visitorId,
      side: "b",
      reason: "harmful",
      note: "It insults the person in the picture.",
    });
    expect(first.created).toBe(true);
    const again = await reportAnswer(db, { conversationId: conversation.id, visitorId, side: "b", reason: "harmful" });
    expect(again).toEqual({ id: first.id, created: false });
    await expect(
      reportAnswer(db, { conversationId: conversation.id, visitorId: await newVisitor(), side: "a", reason: "wrong" }),
    ).rejects.toMatchObject({ kind: "not_found" });
    const queued = (await moderationQueue(db)).find((f) => f.id === first.id);
    const view = await conversationView(db, conversation.id, { visitorId });
    const answerOf = (side: "a" | "b") => view.sides[side]?.messages.find((m) => m.role === "assistant")?.content;
    const flagRow = await db.prisma.moderationFlag.findUniqueOrThrow({ where: { id: first.id } });
    const battleRow = await db.prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
    expect(flagRow.modelId).toBe(battleRow.modelBId);
    expect(queued).toMatchObject({
      source: "answer_report",
      sourceLabel: "Reported answer",
      report: {
        side: "b",
        turn: 1,
        reason: "harmful",
        reasonLabel: "harmful or offensive",
        // the note survives the second, note-less report
        note: "It insults the person in the picture.",
        model: { id: battleRow.modelBId },
        answer: { side: "b", text: answerOf("b") },
        other: { side: "a", text: answerOf("a"), model: { id: battleRow.modelAId } },
      },
    });
    expect((await openReportsByModel(db)).get(battleRow.modelBId as string)).toBe(
      (openBefore.get(battleRow.modelBId as string) ?? 0) + 1,
    );
    // a report is not "banned" with its sender: that action belongs to flagged prompts and images
    await expect(reviewFlag(db, first.id, "ban", "staff@example.com")).rejects.toMatchObject({
      code: "not_for_reports",
    });
    await reviewFlag(db, first.id, "exclude", "staff@example.com");
    const after = await db.prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
    expect(after.moderationStatus).toBe("banned");
    const visitor = await db.prisma.visitor.findUniqueOrThrow({ where: { id: visitorId } });
    expect(visitor.bannedAt).toBeNull();
    expect(await db.prisma.moderationFlag.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "banned",
      resolution: "excluded",
    });
  });

  it("files ten simultaneous identical reports as one, refuses banned visitors, and limits reports per hour", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const instances = Array.from({ length: 5 }, () => createDb(inject("databaseUrl")));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        reportAnswer(instances[i % 5] as Db, {
          conversationId: conversation.id,
          visitorId,
          side: "a",
          reason: "wrong",
        }),
      ),
    );
    await Promise.all(instances.map((instance) => closeDb(instance)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db.prisma.moderationFlag.count({ where: { conversationId: conversation.id } })).toBe(1);
    // the limit: 20 an hour by default, the ten above included
    for (let k = 10; k < 20; k++)
      await reportAnswer(db, { conversationId: conversation.id, visitorId, side: "a", reason: "wrong" });
    await expect(
      reportAnswer(db, { conversationId: conversation.id, visitorId, side: "b", reason: "broken" }),
    ).rejects.toMatchObject({ kind: "rate_limited" });
    // a banned visitor files nothing
    const banned = await newVisitor();
    const theirs = await battle(banned);
    await db.prisma.visitor.update({ where: { id: banned }, data: { bannedAt: new Date() } });
    await expect(
      reportAnswer(db, { conversationId: theirs.id, visitorId: banned, side: "a", reason: "harmful" }),
    ).rejects.toMatchObject({ code: "visitor_banned" });
    expect(await db.prisma.moderationFlag.count({ where: { conversationId: theirs.id } })).toBe(0);
  });

  it("marks a confirmed answer: share pages hide it, and a confirmed identity leak takes the vote off the anonymous board", async () => {
    const { reviewFlag } = await import("../../lib/admin/moderation");
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    await castVote(db, { conversationId: conversation.id, visitorId, winner: "model_a", ipHash: null });
    expect((await db.prisma.vote.findUniqueOrThrow({ where: { conversationId: conversation.id } })).anonymous).toBe(
      true,
    );
    const report = await reportAnswer(db, {
      conversationId: conversation.id,
      visitorId,
      side: "a",
      reason: "identity",
    });
    await reviewFlag(db, report.id, "mark", "staff@example.com");
    const vote = await db.prisma.vote.findUniqueOrThrow({ where: { conversationId: conversation.id } });
    expect(vote.anonymous).toBe(false);
    expect(vote.exclusionReasons).toContain("identity_leak");
    const mine = await conversationView(db, conversation.id, { visitorId });
    expect(mine.sides.a?.messages.find((m) => m.role === "assistant")?.content).not.toMatch(/moderator/);
    // anyone else with the share link reads that a moderator hid it, not the answer
    const shared = await conversationView(db, conversation.id, { share: true });
    expect(shared.sides.a?.messages.find((m) => m.role === "assistant")?.content).toBe(
      "*A moderator hid this answer (says which model it is).*",
    );
    expect(shared.sides.b?.messages.find((m) => m.role === "assistant")?.content).not.toMatch(/moderator/);
    // the battle stays in good standing (not excluded); the answer itself is marked
    const after = await db.prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
    expect(after.moderationStatus).toBe("clear");
    const marked = await db.prisma.message.findFirstOrThrow({
      where: { conversationId: conversation.id, side: "a", role: "assistant" },
    });
    expect(marked.moderatorMark).toBe("says which model it is");
    // banning the asker is its own action: it bans the visitor who asked, and excludes the battle
    const other = await newVisitor();
    const provoked = await battle(other, "Insult the people in this picture.");
    await events(streamTurn(db, await prepareTurn(db, { conversationId: provoked.id, visitorId: other })));
    const second = await reportAnswer(db, {
      conversationId: provoked.id,
      visitorId: other,
      side: "b",
      reason: "harmful",
    });
    await reviewFlag(db, second.id, "ban-asker", "staff@example.com");
    expect((await db.prisma.visitor.findUniqueOrThrow({ where: { id: other } })).bannedAt).not.toBeNull();
    expect((await db.prisma.conversation.findUniqueOrThrow({ where: { id: provoked.id } })).moderationStatus).toBe(
      "banned",
    );
  });
});

describe("keep chatting with the revealed pair (issue 27)", () => {
  it("copies a voted battle into an unrated side-by-side conversation that takes follow-ups; the battle stays as voted", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    // before the vote the pair is hidden: nothing to carry on with
    await expect(continueWithPair(db, { conversationId: conversation.id, visitorId })).rejects.toMatchObject({
      kind: "conflict",
    });
    await castVote(db, { conversationId: conversation.id, visitorId, winner: "model_a", ipHash: null });
    // someone else's battle is not found, whatever its state
    await expect(
      continueWithPair(db, { conversationId: conversation.id, visitorId: await newVisitor() }),
    ).rejects.toMatchObject({ kind: "not_found" });
    const copy = await continueWithPair(db, { conversationId: conversation.id, visitorId });
    const original = await conversationView(db, conversation.id, { visitorId });
    const view = await conversationView(db, copy.id, { visitorId });
    expect(view.mode).toBe("side_by_side");
    expect(view.vote).toBeNull();
    expect(view.sides.a?.model?.id).toBe(original.sides.a?.model?.id);
    expect(view.sides.b?.model?.id).toBe(original.sides.b?.model?.id);
    expect(view.sides.a?.messages).toEqual(original.sides.a?.messages);
    expect(view.sides.b?.messages).toEqual(original.sides.b?.messages);
    // the copy goes on; the battle keeps the one turn its vote judged
    await addFollowUp(db, { conversationId: copy.id, visitorId, ipHash: null, prompt: "And the second colour?" });
    await events(streamTurn(db, await prepareTurn(db, { conversationId: copy.id, visitorId })));
    expect((await conversationView(db, copy.id, { visitorId })).turnCount).toBe(2);
    expect((await conversationView(db, conversation.id, { visitorId })).turnCount).toBe(1);
  });
});

describe("images in follow-up turns (issue 27)", () => {
  it("stores a follow-up's new image on both sides and sends both models every turn's images", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const second = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#cc2244" } })
      .png()
      .toBuffer();
    const followUp = await addFollowUp(db, {
      conversationId: conversation.id,
      visitorId,
      ipHash: null,
      prompt: "And this one?",
      uploads: [{ name: "second.png", bytes: second }],
    });
    expect(followUp).toEqual({ turn: 2, images: 1 });
    const before = fake.requests.length;
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    for (const request of sent) expect(request.images).toHaveLength(2);
    const view = await conversationView(db, conversation.id, { visitorId });
    for (const side of ["a", "b"] as const) {
      const prompts = view.sides[side]?.messages.filter((m) => m.role === "user") ?? [];
      expect(prompts.map((m) => m.images.length)).toEqual([1, 1]);
      expect(prompts[1]?.images[0]).not.toBe(prompts[0]?.images[0]);
    }
    // more than the per-turn limit, or a file that is not an image, is refused and nothing is written
    await expect(
      addFollowUp(db, {
        conversationId: conversation.id,
        visitorId,
        ipHash: null,
        prompt: "Too many",
        uploads: Array.from({ length: 5 }, (_, k) => ({ name: `${k}.png`, bytes: second })),
      }),
    ).rejects.toMatchObject({ code: "too_many_images" });
    await expect(
      addFollowUp(db, {
        conversationId: conversation.id,
        visitorId,
        ipHash: null,
        prompt: "Not an image",
        uploads: [{ name: "notes.txt", bytes: new TextEncoder().encode("hello") }],
      }),
    ).rejects.toBeTruthy();
    expect((await conversationView(db, conversation.id, { visitorId })).turnCount).toBe(2);
  });
});

describe("refused follow-ups (issue 40)", () => {
  const uniqueImage = (seed: number) =>
    sharp({ create: { width: 30 + seed, height: 20, channels: 3, background: { r: seed, g: 90, b: 200 } } })
      .png()
      .toBuffer();
  const stored = async (bytes: Buffer) =>
    db.prisma.image.count({ where: { sha256: crypto.createHash("sha256").update(bytes).digest("hex") } });

  it("never sends a follow-up image to a text-only model, and stores nothing for it", async () => {
    const visitorId = await newVisitor();
    const chat = await openConversation(db, {
      visitorId,
      ipHash: null,
      mode: "direct",
      modelA: "gamma",
      prompt: "Tell me about squares.",
      uploads: [],
    });
    await events(streamTurn(db, await prepareTurn(db, { conversationId: chat.id, visitorId })));
    const bytes = await uniqueImage(7);
    const requestsBefore = fake.requests.length;
    const counted = await promptsCounted(visitorId);
    await expect(
      addFollowUp(db, {
        conversationId: chat.id,
        visitorId,
        ipHash: null,
        prompt: "And this picture?",
        uploads: [{ name: "p.png", bytes }],
      }),
    ).rejects.toMatchObject({ kind: "invalid", code: "model_without_vision" });
    expect(await stored(bytes)).toBe(0);
    expect(await promptsCounted(visitorId)).toBe(counted);
    expect((await conversationView(db, chat.id, { visitorId })).turnCount).toBe(1);
    expect(fake.requests.length).toBe(requestsBefore);
    // the same follow-up without the image goes through
    await addFollowUp(db, { conversationId: chat.id, visitorId, ipHash: null, prompt: "And a circle?" });
    expect((await conversationView(db, chat.id, { visitorId })).turnCount).toBe(2);
  });

  it("spends no allowance and stores no image for a follow-up refused as pending, unknown or someone else's", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId);
    const counted = await promptsCounted(visitorId);
    const bytes = await uniqueImage(11);
    const attempt = (conversationId: string, who = visitorId) =>
      addFollowUp(db, {
        conversationId,
        visitorId: who,
        ipHash: "ip-hash-40",
        prompt: "again?",
        uploads: [{ name: "q.png", bytes }],
      });
    // the first turn has not been answered yet: a client retrying on 409 many times
    for (let k = 0; k < 5; k++)
      await expect(attempt(conversation.id)).rejects.toMatchObject({ code: "answers_pending" });
    await expect(attempt(crypto.randomUUID())).rejects.toMatchObject({ kind: "not_found" });
    const stranger = await newVisitor();
    await expect(attempt(conversation.id, stranger)).rejects.toMatchObject({ kind: "not_found" });
    expect(await promptsCounted(visitorId)).toBe(counted);
    expect(await promptsCounted(stranger)).toBe(0);
    expect(await db.prisma.rateLimitBucket.count({ where: { key: "ip:ip-hash-40" } })).toBe(0);
    expect(await stored(bytes)).toBe(0);
  });
});

describe("answer versions after Regenerate (issue 40)", () => {
  it("keeps every version, lets the vote judge the one shown, and exports which one it was", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId, "Versions: what colour is this?");
    fake.setModel("alpha-vl", { reply: "Alpha first answer.", tokenDelayMs: 1 });
    fake.setModel("beta-vl", { reply: "Beta first answer.", tokenDelayMs: 1 });
    try {
      await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
      fake.setModel("alpha-vl", { reply: "Alpha second answer.", tokenDelayMs: 1 });
      fake.setModel("beta-vl", { reply: "Beta second answer.", tokenDelayMs: 1 });
      await events(
        streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId, regenerate: true })),
      );
    } finally {
      fake.setModel("alpha-vl", { reply: "## Alpha\nA **blue** square.", tokenDelayMs: 1 });
      fake.setModel("beta-vl", { reply: "Beta sees blue.", tokenDelayMs: 1 });
    }
    const before = await conversationView(db, conversation.id, { visitorId });
    const answerA = before.sides.a?.messages.find((m) => m.role === "assistant");
    expect(answerA?.versions).toEqual([expect.stringMatching(/first answer/), expect.stringMatching(/second answer/)]);
    expect(answerA?.version).toBe(2);
    // the visitor paged side A back to its first version and voted with it on screen
    await castVote(db, {
      conversationId: conversation.id,
      visitorId,
      winner: "model_a",
      ipHash: null,
      versions: { a: 1, b: 2 },
    });
    const vote = await db.prisma.vote.findUniqueOrThrow({ where: { conversationId: conversation.id } });
    expect(vote.shownVersions).toEqual({ a: { shown: 1, of: 2 }, b: { shown: 2, of: 2 } });
    const after = await conversationView(db, conversation.id, { visitorId });
    const judged = after.sides.a?.messages.find((m) => m.role === "assistant");
    expect(judged?.content).toMatch(/first answer/);
    expect(judged?.version).toBe(1);
    // the share page shows the judged version; the export holds it and says which it was
    const shared = await conversationView(db, conversation.id, { share: true });
    expect(shared.sides.a?.messages.find((m) => m.role === "assistant")?.content).toMatch(/first answer/);
    expect(shared.sides.a?.messages.find((m) => m.role === "assistant")?.versions).toBeUndefined();
    const { battleBatches } = await import("../../lib/export");
    let record: { answer_versions: unknown; conversation_a: unknown } | undefined;
    for await (const batch of battleBatches(db, { salt: "s" })) {
      record = batch.records.find((r) => r.question_id === conversation.id) ?? record;
    }
    expect(record?.answer_versions).toEqual({ a: { shown: 1, of: 2 }, b: { shown: 2, of: 2 } });
    expect(JSON.stringify(record?.conversation_a)).toMatch(/first answer/);
  });
});

describe("vision reactions after the vote (issue 43)", () => {
  it("takes one reason per side only after the vote, from the owner only; changes, takes back, counts and exports it", async () => {
    const visitorId = await newVisitor();
    const conversation = await battle(visitorId, "Reactions: how many squares?");
    await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
    const react = (input: Partial<Parameters<typeof reactToAnswer>[1]>) =>
      reactToAnswer(db, { conversationId: conversation.id, visitorId, side: "a", reason: "wrong_count", ...input });
    // never before the vote, never someone else's, never an id that is not one
    await expect(react({})).rejects.toMatchObject({ kind: "conflict", code: "not_voted" });
    await castVote(db, { conversationId: conversation.id, visitorId, winner: "model_b", ipHash: null });
    const stranger = await newVisitor();
    await expect(react({ visitorId: stranger })).rejects.toMatchObject({ kind: "not_found" });
    await expect(react({ conversationId: "not-a-uuid" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(react({ reason: "misread_text", note: "a note" })).rejects.toMatchObject({ kind: "invalid" });
    expect(reactionInput.safeParse({ side: "a", reason: "rude" }).success).toBe(false);
    expect(reactionInput.safeParse({ side: "a", reason: "other", note: "x\u0000y" }).success).toBe(false);
    expect(reactionInput.safeParse({ side: "a", reason: "other", note: "x".repeat(201) }).success).toBe(false);
    // one per side: a second tap changes it; the other side has its own
    expect(await react({})).toEqual({ side: "a", reason: "wrong_count", note: null });
    expect(await react({ reason: "other", note: "  it called the square a circle " })).toEqual({
      side: "a",
      reason: "other",
      note: "it called the square a circle",
    });
    await react({ side: "b", reason: "misread_text" });
    const vote = await db.prisma.vote.findUniqueOrThrow({ where: { conversationId: conversation.id } });
    const stored = await db.prisma.voteReaction.findMany({ where: { voteId: vote.id }, orderBy: { side: "asc" } });
    expect(stored.map((r) => [r.side, r.modelId, r.reason])).toEqual([
      ["a", vote.modelAId, "other"],
      ["b", vote.modelBId, "misread_text"],
    ]);
    // counted per model, and per category once the battle is labelled
    await db.prisma.battleCategory.create({
      data: { conversationId: conversation.id, category: "ocr", labeller: "rules", labellerVersion: "1", value: true },
    });
    const counts = await reactionCounts(db, vote.modelBId);
    expect(counts.total.misread_text).toBeGreaterThanOrEqual(1);
    expect(counts.byCategory.ocr?.misread_text).toBeGreaterThanOrEqual(1);
    expect(counts.votedAnswers).toBeGreaterThanOrEqual(1);
    // the export carries them by side (JSON Lines and Parquet share the record)
    const { battleBatches } = await import("../../lib/export");
    let record: { reactions: unknown } | undefined;
    for await (const batch of battleBatches(db, { salt: "s" })) {
      record = batch.records.find((r) => r.question_id === conversation.id) ?? record;
    }
    expect(record?.reactions).toEqual({
      a: { reason: "other", note: "it called the square a circle" },
      b: { reason: "misread_text" },
    });
    // the owner's view of the battle says what was said; a share page does not
    expect((await conversationView(db, conversation.id, { visitorId })).reactions).toEqual({
      a: { reason: "other", note: "it called the square a circle" },
      b: { reason: "misread_text", note: null },
    });
    expect((await conversationView(db, conversation.id, { share: true })).reactions).toBeUndefined();
    // taken back: gone from the table and the export
    expect(await react({ side: "b", reason: null })).toEqual({ side: "b", reason: null, note: null });
    expect(await db.prisma.voteReaction.count({ where: { voteId: vote.id } })).toBe(1);
  });
});

describe("battle with this model (issue 40)", () => {
  it("always includes the chosen model, on either side, and keeps the vote off the anonymous board", async () => {
    const visitorId = await newVisitor();
    const sides = new Set<string>();
    // twelve battles: both sides come up but for a chance of 1 in 2,048
    for (let k = 0; k < 12; k++) {
      const conversation = await openConversation(db, {
        visitorId,
        ipHash: null,
        mode: "battle",
        prompt: `With beta ${k}`,
        uploads: [{ name: "x.png", bytes: await image() }],
        withModel: "beta",
      });
      const row = await db.prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
      expect([row.modelAId, row.modelBId]).toContain("beta");
      sides.add(row.modelAId === "beta" ? "a" : "b");
      if (k === 0) {
        await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId })));
        await castVote(db, { conversationId: conversation.id, visitorId, winner: "model_a", ipHash: null });
        const vote = await db.prisma.vote.findUniqueOrThrow({ where: { conversationId: conversation.id } });
        expect(vote.anonymous).toBe(false);
        expect(vote.exclusionReasons).toContain("model_chosen");
      }
    }
    expect(sides).toEqual(new Set(["a", "b"]));
    const pixel = await image();
    const ask = (withModel: string) =>
      openConversation(db, {
        visitorId,
        ipHash: null,
        mode: "battle",
        prompt: "With whom?",
        uploads: [{ name: "x.png", bytes: pixel }],
        withModel,
      });
    await expect(ask("nobody")).rejects.toMatchObject({ kind: "not_found" });
    // a text-only model cannot battle over an image
    await expect(ask("gamma")).rejects.toMatchObject({ code: "not_in_battles" });
  });
});

describe("the public gallery (issue 40)", () => {
  it("lists a voted battle its owner shows, newest or most liked, by category; taking it back or a ban removes it", async () => {
    const { galleryPage, likeGalleryBattle, showInGallery, withdrawFromGallery } = await import("../../lib/arena");
    const { reviewFlag } = await import("../../lib/admin/moderation");
    const owner = await newVisitor();
    const voted = async (prompt: string) => {
      const conversation = await battle(owner, prompt);
      await events(streamTurn(db, await prepareTurn(db, { conversationId: conversation.id, visitorId: owner })));
      await castVote(db, { conversationId: conversation.id, visitorId: owner, winner: "model_a", ipHash: null });
      return conversation.id;
    };
    const first = await voted("Gallery one: what colour is this?");
    const second = await voted("Gallery two: what colour is this?");
    // not voted yet, someone else's, or not a battle: refused
    const unvoted = await battle(owner, "Gallery three");
    await expect(showInGallery(db, { conversationId: unvoted.id, visitorId: owner })).rejects.toMatchObject({
      code: "not_shareable",
    });
    await expect(showInGallery(db, { conversationId: first, visitorId: await newVisitor() })).rejects.toMatchObject({
      kind: "not_found",
    });
    const listed = async (options = {}) => (await galleryPage(db, options)).items.map((i) => i.id);
    expect(await listed()).not.toContain(first);
    await showInGallery(db, { conversationId: first, visitorId: owner });
    await showInGallery(db, { conversationId: second, visitorId: owner });
    await showInGallery(db, { conversationId: second, visitorId: owner }); // again: harmless
    const newest = await listed();
    expect(newest.indexOf(second)).toBeLessThan(newest.indexOf(first));
    const item = (await galleryPage(db)).items.find((i) => i.id === first);
    expect(item).toMatchObject({
      prompt: "Gallery one: what colour is this?",
      models: { a: expect.any(String) },
      winner: "model_a",
    });
    expect(item?.image).toMatch(/^[0-9a-f]{64}$/);
    // likes: once per visitor; the most liked first
    const fans = [await newVisitor(), await newVisitor()];
    for (const [i, fan] of fans.entries())
      await likeGalleryBattle(db, { conversationId: first, visitorId: fan, ipHash: `fan-address-${i}` });
    expect(
      await likeGalleryBattle(db, { conversationId: first, visitorId: fans[0] as string, ipHash: "fan-address-0" }),
    ).toEqual({ likes: 2 });
    // and once per address: sixty fresh cookies from one address add one like, not sixty
    for (let i = 0; i < 60; i++)
      await likeGalleryBattle(db, { conversationId: second, visitorId: await newVisitor(), ipHash: "one-address" });
    expect((await galleryPage(db)).items.find((i) => i.id === second)?.likes).toBe(1);
    const liked = await listed({ sort: "liked" });
    expect(liked.indexOf(first)).toBeLessThan(liked.indexOf(second));
    await expect(
      likeGalleryBattle(db, { conversationId: unvoted.id, visitorId: fans[0] as string, ipHash: null }),
    ).rejects.toMatchObject({
      kind: "not_found",
    });
    // by category: a label the battle has, and one it has not
    await db.prisma.battleCategory.create({
      data: { conversationId: first, category: "ocr", labeller: "test", labellerVersion: "1", value: true },
    });
    expect(await listed({ category: "ocr" })).toEqual(expect.arrayContaining([first]));
    expect(await listed({ category: "ocr" })).not.toContain(second);
    // taking it out and putting it back is no bump to the top of "newest": it keeps its first share's place
    const before = await listed();
    await withdrawFromGallery(db, { conversationId: first, visitorId: owner });
    await showInGallery(db, { conversationId: first, visitorId: owner });
    expect(await listed()).toEqual(before);
    // its owner takes it back
    await withdrawFromGallery(db, { conversationId: second, visitorId: owner });
    expect(await listed()).not.toContain(second);
    // a moderator's ban removes it too
    const report = await reportAnswer(db, { conversationId: first, visitorId: owner, side: "a", reason: "harmful" });
    await reviewFlag(db, report.id, "exclude", "staff@example.com");
    expect(await listed()).not.toContain(first);
  });
});

describe("a visitor's history (issue 27)", () => {
  it("lists only this visitor's conversations, newest first, with models hidden until the vote", async () => {
    const visitorId = await newVisitor();
    const first = await battle(visitorId, "First: what colour is this?");
    await events(streamTurn(db, await prepareTurn(db, { conversationId: first.id, visitorId })));
    await castVote(db, { conversationId: first.id, visitorId, winner: "tie", ipHash: null });
    const second = await battle(visitorId, "Second: what shape is this?");
    await battle(await newVisitor(), "Someone else's question");
    const items = await visitorHistory(db, visitorId);
    expect(items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(items[0]).toMatchObject({ mode: "battle", prompt: "Second: what shape is this?", vote: null, models: null });
    expect(items[0]?.href).toBe(`/?c=${second.id}`);
    expect(items[0]?.image).toMatch(/^[0-9a-f]{64}$/);
    expect(items[1]).toMatchObject({ vote: "tie" });
    expect(items[1]?.models).toHaveLength(2);
  });
});

describe("de-duplication keys", () => {
  it("every conversation the flows above wrote (opened, followed up with images, regenerated) has the stored prompt key its messages give", async () => {
    const keys = await promptKeys(db);
    expect(keys.filter((k) => k.stored !== k.reference)).toEqual([]);
    expect(keys.filter((k) => k.stored !== null).length).toBeGreaterThan(10);
  });
});
