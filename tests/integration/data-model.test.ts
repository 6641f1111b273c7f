import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPrisma } from "../../lib/db/client";
import type { PrismaClient } from "../../lib/generated/prisma/client";

let prisma: PrismaClient;
beforeAll(async () => {
  prisma = createPrisma(inject("databaseUrl"));
  await prisma.provider.create({
    data: { id: "dm-local", type: "openai_compatible", baseURL: "http://127.0.0.1:1/v1", apiKeyEnv: "LOCAL_API_KEY" },
  });
  await prisma.model.createMany({
    data: [
      { id: "dm-a", providerId: "dm-local", providerModelId: "a", displayName: "Model A", vision: true },
      { id: "dm-b", providerId: "dm-local", providerModelId: "b", displayName: "Model B", vision: true, weight: 2 },
    ],
  });
});
afterAll(() => prisma.$disconnect());

async function battle() {
  const visitor = await prisma.visitor.create({ data: { ipHash: "salted-hash", termsAcceptedAt: new Date() } });
  return prisma.conversation.create({
    data: { mode: "battle", visitorId: visitor.id, modelAId: "dm-a", modelBId: "dm-b", turnCount: 1 },
    include: { visitor: true },
  });
}

describe("data model", () => {
  it("stores a battle with per-side histories, a deduplicated image and response metadata", async () => {
    const conv = await battle();
    const image = {
      sha256: "ab".repeat(32),
      mime: "image/png",
      width: 64,
      height: 32,
      bytes: 1234,
      storageKey: "ab/abab.png",
    };
    // The same image uploaded twice is stored once.
    await prisma.image.upsert({ where: { sha256: image.sha256 }, create: image, update: {} });
    await prisma.image.upsert({ where: { sha256: image.sha256 }, create: image, update: {} });
    expect(await prisma.image.count({ where: { sha256: image.sha256 } })).toBe(1);

    for (const side of ["a", "b"] as const) {
      await prisma.message.create({
        data: {
          conversationId: conv.id,
          side,
          turn: 1,
          role: "user",
          content: "What is in the picture?",
          images: { create: [{ imageSha256: image.sha256, position: 0 }] },
        },
      });
      await prisma.message.create({
        data: {
          conversationId: conv.id,
          side,
          turn: 1,
          role: "assistant",
          content: side === "a" ? "# A cat\n- **tabby**" : "A cat.",
          response: {
            create: {
              modelId: side === "a" ? "dm-a" : "dm-b",
              tokens: side === "a" ? 6 : 3,
              headerCount: side === "a" ? 1 : 0,
              listCount: side === "a" ? 1 : 0,
              boldCount: side === "a" ? 1 : 0,
              latencyFirstTokenMs: 120,
              latencyTotalMs: 900,
              finishReason: "stop",
            },
          },
        },
      });
    }
    const sideA = await prisma.message.findMany({
      where: { conversationId: conv.id, side: "a" },
      orderBy: [{ turn: "asc" }, { createdAt: "asc" }],
      include: { images: true, response: true },
    });
    expect(sideA.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(sideA[0]?.images[0]?.imageSha256).toBe(image.sha256);
    expect(sideA[1]?.response?.headerCount).toBe(1);
  });

  it("keeps 'tie (bothbad)' distinct in storage, with FastChat's spelling", async () => {
    const conv = await battle();
    await prisma.vote.create({
      data: {
        conversationId: conv.id,
        visitorId: conv.visitorId,
        winner: "tie_bothbad",
        modelAId: "dm-a",
        modelBId: "dm-b",
      },
    });
    const rows = await prisma.$queryRaw<
      { winner: string }[]
    >`SELECT winner::text AS winner FROM "Vote" WHERE "conversationId" = ${conv.id}::uuid`;
    expect(rows[0]?.winner).toBe("tie (bothbad)");
  });

  it("refuses a second vote on the same battle", async () => {
    const conv = await battle();
    const vote = { conversationId: conv.id, winner: "model_a" as const, modelAId: "dm-a", modelBId: "dm-b" };
    await prisma.vote.create({ data: vote });
    await expect(prisma.vote.create({ data: { ...vote, winner: "model_b" } })).rejects.toMatchObject({ code: "P2002" });
    expect(await prisma.vote.count({ where: { conversationId: conv.id } })).toBe(1);
  });

  it("stores category labels with their labeller, so a relabel sits beside the first", async () => {
    const conv = await battle();
    await prisma.battleCategory.createMany({
      data: [
        { conversationId: conv.id, category: "ocr", labeller: "heuristic", labellerVersion: "1", value: false },
        {
          conversationId: conv.id,
          category: "ocr",
          labeller: "judge:gemini",
          labellerVersion: "vision_v0.1",
          value: true,
        },
      ],
    });
    const labels = await prisma.battleCategory.findMany({
      where: { conversationId: conv.id },
      orderBy: { labeller: "asc" },
    });
    expect(labels.map((l) => [l.labeller, l.value])).toEqual([
      ["heuristic", false],
      ["judge:gemini", true],
    ]);
  });

  it("stores leaderboard snapshots with their parameters", async () => {
    const snapshot = await prisma.leaderboardSnapshot.create({
      data: {
        category: "overall",
        styleControl: true,
        params: { bootstrap: 100, seed: 0 },
        payload: { models: [] },
        voteCount: 0,
      },
    });
    expect(snapshot.published).toBe(false);
    expect(snapshot.source).toBe("live");
  });
});
