import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../lib/db";
import { ingestImage } from "../../lib/images";
import { embedPendingBattles, forgetCandidates, neighbourhoodFor } from "../../lib/neighbourhood";
import { createRandom } from "../../lib/numeric";
import { seedBattle } from "../support/battles";
import { startScratch } from "./arena-fixture";

let db: Db;
let scratch: Awaited<ReturnType<typeof startScratch>>;
const MODELS = ["nb-red", "nb-blue", "nb-mid"];

const picture = (red: boolean, jitter: number) =>
  sharp({
    create: {
      width: 96,
      height: 64,
      channels: 3,
      background: red ? { r: 200 + jitter, g: 30, b: 20 + jitter } : { r: 20, g: 40 + jitter, b: 200 + jitter },
    },
  })
    .png()
    .toBuffer();

async function votedBattle(red: boolean, a: string, b: string, winner: "model_a" | "model_b", jitter: number) {
  const image = await ingestImage(db.pool, "x.png", await picture(red, jitter));
  const { visitor, conversation } = await seedBattle(db, {
    a,
    b,
    messages: [
      {
        side: "a",
        turn: 1,
        role: "user",
        content: red ? "What does the red sign say?" : "How many boats are in this picture?",
        images: { create: [{ imageSha256: image.sha256, position: 0 }] },
      },
    ],
  });
  await db.prisma.vote.create({
    data: { conversationId: conversation.id, visitorId: visitor.id, winner, modelAId: a, modelBId: b },
  });
}

beforeAll(async () => {
  scratch = await startScratch("neighbourhood", { ARENA_SECRET: "integration-secret-1234" });
  db = scratch.db;
  await db.prisma.provider.upsert({ where: { id: "nb" }, create: { id: "nb", type: "demo" }, update: {} });
  for (const id of MODELS) {
    await db.prisma.model.create({
      data: { id, providerId: "nb", providerModelId: id, displayName: id.toUpperCase(), organization: "Org" },
    });
  }
});
afterAll(() => scratch.close());

describe("the neighbourhood board", () => {
  it("says there are too few similar votes when there are none, rather than guessing", async () => {
    forgetCandidates();
    const result = await neighbourhoodFor(db, { image: await picture(true, 0), prompt: "What does the sign say?" });
    expect(result).toMatchObject({ enough: false, candidates: 0, models: [] });
    await expect(neighbourhoodFor(db, { image: null, prompt: "  " })).rejects.toMatchObject({ kind: "invalid" });
  });

  it("embeds voted battles and ranks by the battles like the query: red signs and blue counting pictures differ", async () => {
    const rand = createRandom(11);
    // on red signs nb-red beats the others, on blue pictures nb-blue does (9 times in 10); nb-mid in between
    const strength = (red: boolean, model: string) =>
      model === "nb-mid" ? 0 : (model === "nb-red") === red ? 1.5 : -1.5;
    for (let i = 0; i < 160; i++) {
      const red = i % 2 === 0;
      const a = MODELS[i % 3] as string;
      const b = MODELS[(i + 1 + (i % 2)) % 3] as string;
      const p = 1 / (1 + Math.exp(strength(red, b) - strength(red, a)));
      await votedBattle(red, a, b, rand() < p ? "model_a" : "model_b", Math.floor(rand() * 40));
    }
    expect(await embedPendingBattles(db, 500)).toBe(160);
    expect(await embedPendingBattles(db, 500)).toBe(0); // each battle once
    const stored = await db.prisma.battleEmbedding.findFirstOrThrow();
    expect(stored.image?.length).toBe(1280);
    expect(stored.text.length).toBe(100);
    forgetCandidates();
    const red = await neighbourhoodFor(db, { image: await picture(true, 15), prompt: "Read the sign" });
    const blue = await neighbourhoodFor(db, { image: await picture(false, 15), prompt: "Count the boats" });
    for (const [result, best, worst] of [
      [red, "nb-red", "nb-blue"],
      [blue, "nb-blue", "nb-red"],
    ] as const) {
      expect(result.enough).toBe(true);
      expect(result.candidates).toBe(160);
      expect(result.effectiveVotes).toBeGreaterThanOrEqual(30);
      expect(result.models[0]?.model).toBe(best);
      expect(result.models.at(-1)?.model).toBe(worst);
      const top = result.models[0];
      expect(top?.ciLower).toBeLessThan(top?.rating as number);
      expect(top?.ciUpper).toBeGreaterThan(top?.rating as number);
      expect(result.shrinkage).toBeGreaterThan(0.5);
      // the battles it leaned on most are the query's kind
      expect(result.battles).toHaveLength(20);
      const kinds = await db.prisma.message.findMany({
        where: { conversationId: { in: result.battles.map((x) => x.id) }, role: "user" },
        select: { content: true },
      });
      const sameKind = kinds.filter((k) => k.content.includes(best === "nb-red" ? "sign" : "boats")).length;
      expect(sameKind).toBe(20);
    }
    // the global board (both kinds together) has the two experts close: the neighbourhoods pulled them apart
    const gap = (result: typeof red) =>
      (result.models.find((m) => m.model === "nb-red")?.rating ?? 0) -
      (result.models.find((m) => m.model === "nb-blue")?.rating ?? 0);
    expect(gap(red)).toBeGreaterThan(100);
    expect(gap(blue)).toBeLessThan(-100);
  });
});
