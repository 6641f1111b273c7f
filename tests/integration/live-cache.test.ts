// The jobs process keeps the live battles between recomputes and reads only what changed: its tables and boards
// must be the ones a full read gives, after new votes, late commits, relabelling, moderation, bans and unbans.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "../../lib/admin/audit";
import { castVote } from "../../lib/arena";
import { tagBattles } from "../../lib/categories/tagger";
import { closeDb, type Db } from "../../lib/db";
import { banVisitor, unbanVisitor } from "../../lib/integrity";
import { type LiveBattles, loadLiveBattles } from "../../lib/leaderboard/battles";
import { LiveBattleCache } from "../../lib/leaderboard/live-cache";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { createRandom } from "../../lib/numeric";
import type { Winner } from "../../lib/ratings";
import { seedBattle } from "../support/battles";
import { databaseWithModels } from "./db-admin";
import { runPayloads } from "./run-payloads";

let db: Db;
let dropDatabase: () => Promise<void>;
const MODELS = ["lc-alpha", "lc-beta", "lc-gamma", "lc-delta"];
const PROMPTS = [
  "What is in this picture?",
  "Solve for x: 3x + 5 = 20. What is the value of x?",
  "Write a Python function that reads the table in the image.",
  "Read the text on the sign.",
  "What is in this picture?",
];
const rand = createRandom(11);

/** A battle voted by a new visitor; returns the conversation's and the visitor's ids. */
async function battle(i: number, winner?: Winner) {
  const a = MODELS[i % MODELS.length] as string;
  const b = MODELS[(i + 1 + (i % 3)) % MODELS.length] as string;
  const answer = (side: string) =>
    rand() < 0.1 ? "I can't help with that." : `## Answer ${side}\n- one\n- two\n**${Math.floor(rand() * 100)}**`;
  const { visitor, conversation } = await seedBattle(db, {
    a,
    b,
    language: i % 4 === 0 ? "German" : "English",
    messages: [
      { side: "a", turn: 1, role: "user", content: PROMPTS[i % PROMPTS.length] as string },
      { side: "b", turn: 1, role: "user", content: PROMPTS[i % PROMPTS.length] as string },
      ...(["a", "b"] as const).map((side) => ({
        side,
        turn: 1,
        role: "assistant" as const,
        content: answer(side),
        response: {
          create: {
            modelId: side === "a" ? a : b,
            finishReason: "stop",
            tokens: 50 + Math.floor(rand() * 300),
            headerCount: Math.floor(rand() * 3),
            listCount: Math.floor(rand() * 5),
            boldCount: Math.floor(rand() * 2),
          },
        },
      })),
    ],
  });
  const winners: Winner[] = ["model_a", "model_b", "tie", "tie (bothbad)"];
  await castVote(db, {
    conversationId: conversation.id,
    visitorId: visitor.id,
    winner: winner ?? (winners[Math.floor(rand() * 4)] as Winner),
    ipHash: null,
  });
  return { conversation: conversation.id, visitor: visitor.id };
}

/** Everything a board reads from the live battles, as plain values. */
function contents(live: LiveBattles) {
  const { table } = live;
  return {
    votes: live.votes,
    excluded: live.excluded,
    battles: [...table.a].map((_, r) => ({
      a: table.models[table.a[r] as number],
      b: table.models[table.b[r] as number],
      outcome: table.outcome[r],
      preset: table.isPreset[r],
      refusal: table.isRefusal[r],
      dedup: table.dedupKeep[r],
      turn: table.turn[r],
      tstamp: table.tstamp[r],
      language: table.language[r] === -1 ? null : table.languages[table.language[r] as number],
      judge: table.judge[r] === -1 ? null : table.judges[table.judge[r] as number],
      categories: [...table.categoryIds.subarray(table.categoryOffsets[r], table.categoryOffsets[r + 1])].map(
        (id) => table.categoryNames[id],
      ),
      style: [...table.style.subarray(8 * r, 8 * r + 8)],
      entities: [...table.entities.subarray(2 * r, 2 * r + 2)],
    })),
    // the order categories first appear in decides the order of the boards
    categoryNames: table.categoryNames,
  };
}

const cache = new LiveBattleCache();

/** The cache's read, checked against a full read of the same data; returns how the cache read. */
async function readBoth() {
  const cached = await cache.load(db);
  const full = await loadLiveBattles(db);
  expect(contents(cached)).toEqual(contents(full));
  return cached.report;
}

/** The boards of a recompute through the cache equal those of a full one. */
async function sameBoards() {
  const payloads = (runId: string | null) => runPayloads(db, runId);
  const incremental = await recomputeSnapshots(db, { rounds: 4, reuse: false, liveCache: cache });
  const full = await recomputeSnapshots(db, { rounds: 4, reuse: false });
  expect(Object.keys(await payloads(incremental.runId)).length).toBeGreaterThan(10);
  expect(await payloads(incremental.runId)).toEqual(await payloads(full.runId));
  return incremental.read;
}

const ids: { conversation: string; visitor: string }[] = [];

beforeAll(async () => {
  ({ db, drop: dropDatabase } = await databaseWithModels("lc", MODELS));
  for (let i = 0; i < 60; i++) ids.push(await battle(i));
  await tagBattles(
    db,
    ids.slice(0, 40).map((b) => b.conversation),
  );
  // an hour ago: older than any late commit, so later changes to them must be found, not re-read with the newest
  await db.pool.query(`UPDATE "Vote" SET "createdAt" = "createdAt" - interval '1 hour'`);
  await db.pool.query(`UPDATE "BattleCategory" SET "createdAt" = "createdAt" - interval '1 hour'`);
  await db.pool.query(`UPDATE "Conversation" SET "updatedAt" = "updatedAt" - interval '1 hour'`);
});

afterAll(async () => {
  await closeDb(db);
  await dropDatabase();
});

describe("the live battles kept between recomputes", () => {
  it("are read in full the first time, then only what is new, equal to a full read", async () => {
    expect(await readBoth()).toMatchObject({ mode: "full", reason: "first read", votesRead: 60 });
    expect(await readBoth()).toMatchObject({ mode: "incremental", votesRead: 0, changed: 0 });
    for (let i = 60; i < 70; i++) ids.push(await battle(i));
    expect(await readBoth()).toMatchObject({ mode: "incremental", votesRead: 10, changed: 0 });
    expect(await sameBoards()).toMatchObject({ mode: "incremental" });
  });

  it("take in a vote that committed after the last read with an earlier timestamp", async () => {
    await cache.load(db);
    const late = await battle(70, "model_b");
    await db.pool.query(
      `UPDATE "Vote" SET "createdAt" = "createdAt" - interval '20 seconds' WHERE "conversationId" = $1`,
      [late.conversation],
    );
    ids.push(late);
    expect((await readBoth()).mode).toBe("incremental");
  });

  it("read again the older battles whose labels, named entities or moderation changed", async () => {
    await cache.load(db);
    // labelled (and their entities counted) an hour after their votes
    await tagBattles(
      db,
      ids.slice(40, 50).map((b) => b.conversation),
    );
    expect(await readBoth()).toMatchObject({ mode: "incremental", changed: 10 });
    // relabelled: the same battles labelled again, one of them now a refusal
    await db.prisma.message.updateMany({
      where: { conversationId: ids[3]?.conversation, role: "assistant" },
      data: { content: "I'm sorry, but I can't help with that." },
    });
    await tagBattles(db, [ids[3]?.conversation as string, ids[4]?.conversation as string]);
    // (changes of the last minute are read again each time: a label may commit late)
    expect((await readBoth()).changed).toBeGreaterThanOrEqual(2);
    // flagged by moderation after its vote
    await db.prisma.conversation.update({
      where: { id: ids[5]?.conversation },
      data: { moderationStatus: "flagged" },
    });
    expect(await readBoth()).toMatchObject({ mode: "incremental" });
    expect(await sameBoards()).toMatchObject({ mode: "incremental" });
  });

  it("are read in full after a ban or an unban, and after the labeller changes", async () => {
    const visitor = ids[7]?.visitor as string;
    await banVisitor(db, visitor, "test");
    await audit(db, "cli", "visitor.ban", visitor);
    expect(await readBoth()).toMatchObject({ mode: "full", reason: "visitor.ban since the last read" });
    expect((await loadLiveBattles(db)).excluded.bannedVisitor).toBe(1);
    expect(await sameBoards()).toMatchObject({ mode: "incremental" });

    await unbanVisitor(db, visitor);
    await audit(db, "cli", "visitor.unban", visitor);
    expect(await readBoth()).toMatchObject({ mode: "full", reason: "visitor.unban since the last read" });
    expect((await loadLiveBattles(db)).excluded.bannedVisitor).toBe(0);
    expect(await sameBoards()).toMatchObject({ mode: "incremental" });

    const other = await cache.load(db, { judgedBy: "judge:someone" });
    expect(other.report).toMatchObject({ mode: "full", reason: "settings changed" });
    expect(contents(other)).toEqual(contents(await loadLiveBattles(db, { judgedBy: "judge:someone" })));
  });
});
