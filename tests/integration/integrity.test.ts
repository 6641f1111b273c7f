// Vote integrity end to end: a contrarian voter among honest ones is flagged by the outlier test, banned after
// review, and their votes leave the next snapshot.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, type Db } from "../../lib/db";
import { flaggedVoters, flaggedVotersCached } from "../../lib/integrity/review";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { createRandom } from "../../lib/numeric";
import { migratedScratchDatabase } from "./db-admin";
import { runCli } from "./run-cli";

let db: Db;
let url: string;
let dropDatabase: () => Promise<void>;
const MODELS = ["m0", "m1", "m2", "m3", "m4"];
let contrarian: string;

beforeAll(async () => {
  ({ url, drop: dropDatabase } = await migratedScratchDatabase());
  db = createDb(url);
  await db.prisma.provider.create({ data: { id: "p", type: "openai_compatible" } });
  await db.prisma.model.createMany({
    data: MODELS.map((id) => ({ id, providerId: "p", providerModelId: id, displayName: id.toUpperCase() })),
  });
  const random = createRandom(11);
  const conversations: { id: string; visitorId: string; modelAId: string; modelBId: string; mode: "battle" }[] = [];
  const votes: {
    id: string;
    conversationId: string;
    visitorId: string;
    winner: "model_a" | "model_b" | "tie";
    modelAId: string;
    modelBId: string;
    createdAt: Date;
  }[] = [];
  const add = (visitorId: string, a: number, b: number, winner: "model_a" | "model_b" | "tie", k: number) => {
    const id = crypto.randomUUID();
    conversations.push({ id, visitorId, modelAId: MODELS[a] as string, modelBId: MODELS[b] as string, mode: "battle" });
    votes.push({
      id: crypto.randomUUID(),
      conversationId: id,
      visitorId,
      winner,
      modelAId: MODELS[a] as string,
      modelBId: MODELS[b] as string,
      createdAt: new Date(Date.UTC(2026, 10, 1) + k * 1000),
    });
  };
  let k = 0;
  const visitors = Array.from({ length: 61 }, () => crypto.randomUUID());
  contrarian = visitors[60] as string;
  await db.prisma.visitor.createMany({ data: visitors.map((id) => ({ id, termsAcceptedAt: new Date() })) });
  for (let v = 0; v < 60; v++) {
    for (let n = 0; n < 20; n++) {
      // honest voters follow true strengths, 100 Elo points apart per step (m4 strongest)
      const i = Math.floor(random() * 5);
      const j = (i + 1 + Math.floor(random() * 4)) % 5;
      const p = 1 / (1 + 10 ** (((j - i) * 100) / 400));
      const r = random();
      add(visitors[v] as string, i, j, r < 0.1 ? "tie" : r < 0.1 + 0.9 * p ? "model_a" : "model_b", k++);
    }
  }
  // the contrarian always votes for the weaker model against m4
  for (let n = 0; n < 20; n++) add(contrarian, n % 4, 4, "model_a", k++);
  await db.prisma.conversation.createMany({ data: conversations.map((c) => ({ ...c, turnCount: 1 })) });
  await db.prisma.vote.createMany({ data: votes });
});

afterAll(async () => {
  await closeDb(db);
  await dropDatabase();
});

describe("vote integrity", () => {
  it("flags the contrarian for review; a ban takes their votes out of the next snapshot", async () => {
    const flagged = await flaggedVoters(db);
    // the console's cached answer is the same, and is kept while nothing changes
    const cached = await flaggedVotersCached(db);
    expect(cached).toEqual(flagged);
    expect(await flaggedVotersCached(db)).toBe(cached);
    expect(flagged[0]).toMatchObject({ voter: contrarian, votes: 20, tail: "above" });
    expect(flagged.length).toBeLessThanOrEqual(4); // a few honest voters at α = 0.05 at most

    process.env.DATABASE_URL = url;
    const listed = await runCli(["integrity"]);
    expect(listed.code).toBe(0);
    expect(listed.out.split("\n")[0]).toContain(contrarian);
    expect((await runCli(["integrity", "--ban", contrarian])).out).toContain(`banned ${contrarian}`);
    expect((await runCli(["integrity", "--ban", "not-a-uuid"])).code).toBe(2);

    const result = await recomputeSnapshots(db, { rounds: 5 });
    expect(result.excluded.bannedVisitor).toBe(20);
    expect(result.votes).toBe(1220);
    expect((await flaggedVoters(db)).map((f) => f.voter)).not.toContain(contrarian);
    // the ban (made by another process) changes the cached answer too
    expect((await flaggedVotersCached(db)).map((f) => f.voter)).not.toContain(contrarian);
  });
});
