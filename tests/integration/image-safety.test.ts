// Image safety before any model sees an image (VisionArena §3.1): the local NSFW classifier and OpenAI's image
// moderation (a fake server speaking its protocol) end a conversation before a provider is called, put the image
// in the moderation queue and tell the visitor why; a banned image's resized, re-encoded copy is refused by its
// perceptual hash. Requests are counted at the fake server.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeModelServer } from "../../e2e/fake-models/server";
import { moderationQueue, reviewFlag } from "../../lib/admin";
import { acceptTerms, castVote, openConversation, prepareTurn, streamTurn } from "../../lib/arena";
import type { Db } from "../../lib/db";
import { exportDataset } from "../../lib/export/export";
import {
  detectFaces,
  explicitScore,
  hammingDistance,
  nsfwScores,
  perceptualHash,
  pooledNsfwScores,
} from "../../lib/image-safety";
import { imageStore } from "../../lib/images";
import { type ArenaFixture, startArena } from "./arena-fixture";

let db: Db;
let arena: ArenaFixture;
let fake: FakeModelServer;
let dataDir: string;
const portrait = fs.readFileSync(path.join(__dirname, "..", "fixtures", "images", "portrait.jpg"));
const chatRequests = () => fake.requests.filter((r) => r.model.endsWith("-vl"));

async function battle(bytes: Buffer, name = "photo.jpg") {
  const visitorId = (await acceptTerms(db, null, null)).id;
  return {
    visitorId,
    opened: openConversation(db, {
      visitorId,
      ipHash: null,
      mode: "battle",
      prompt: "What is in this picture?",
      uploads: [{ name, bytes }],
    }),
  };
}

beforeAll(async () => {
  arena = await startArena("safety", { alpha: "A portrait.", beta: "A woman." });
  ({ db, fake, dataDir } = arena);
});

beforeEach(() => {
  delete process.env.ARENA_NSFW_THRESHOLD;
  delete process.env.OPENAI_MODERATION_API_KEY;
  delete process.env.OPENAI_MODERATION_URL;
  fake.setModeration({});
  fake.reset();
});

afterAll(() => arena.close());

describe("image safety", () => {
  it("classifies on worker threads: the same scores as in process, the event loop free meanwhile, each image once", async () => {
    const images = await Promise.all(
      [0, 1, 2, 3].map((k) =>
        sharp(portrait)
          .resize(300 + k * 20)
          .jpeg()
          .toBuffer(),
      ),
    );
    await pooledNsfwScores(await sharp(portrait).resize(100).png().toBuffer()); // the thread loads its model
    // one image's classification, timed under this run's own load (the other test files' workers share the cores)
    const alone = await sharp(portrait).resize(280).jpeg().toBuffer();
    const started = performance.now();
    await pooledNsfwScores(alone);
    const oneImageMs = performance.now() - started;
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 2);
    const pooled = await Promise.all(images.map((image) => pooledNsfwScores(image)));
    clearInterval(ticker);
    // ~65 ms of classification per image happened elsewhere: this thread never stalled for one image's time (40 ms
    // on an idle machine; a loaded two-core run once stalled 48 ms on scheduling alone, so the bound is that of the
    // image classified alone above when the load makes it longer)
    expect(longest).toBeLessThan(Math.max(40, oneImageMs));
    for (const [k, image] of images.entries()) {
      const local = await nsfwScores(image);
      expect(pooled[k]?.Neutral).toBeCloseTo(local.Neutral, 5);
      expect(pooled[k]?.Porn).toBeCloseTo(local.Porn, 5);
    }
    // the same bytes again: the remembered scores, not a second classification
    expect(pooledNsfwScores(images[0] as Buffer)).toBe(pooledNsfwScores(images[0] as Buffer));
    // bytes the thread cannot read reject (the caller fails closed), and the pool goes on
    await expect(pooledNsfwScores(new TextEncoder().encode("not an image"))).rejects.toThrow();
    expect((await pooledNsfwScores(portrait)).Neutral).toBeGreaterThan(0.9);
  });

  it("lets an ordinary photograph through at the default threshold, to both models", async () => {
    const scores = await nsfwScores(portrait);
    expect(scores.Neutral).toBeGreaterThan(0.9);
    expect(explicitScore(scores)).toBeLessThan(0.01);
    const { visitorId, opened } = await battle(portrait);
    const { id } = await opened;
    await new Response(streamTurn(db, await prepareTurn(db, { conversationId: id, visitorId }))).text();
    expect(chatRequests()).toHaveLength(2);
    expect(chatRequests()[0]?.images).toHaveLength(1);
    await castVote(db, { conversationId: id, visitorId, winner: "model_a", ipHash: null });
  });

  it("blurs the faces of exported images when asked, and says so in the datasheet", async () => {
    expect(await detectFaces(portrait)).toHaveLength(1);
    const out = path.join(dataDir, "export-blurred");
    const summary = await exportDataset(db, { outDir: out, salt: "salt-123456", blurFaces: true, redact: true });
    expect(summary).toMatchObject({ battles: 1, images: 1, blurred: { images: 1, faces: 1 } });
    const [file] = fs.readdirSync(path.join(out, "images"));
    const exported = fs.readFileSync(path.join(out, "images", file as string));
    expect(await detectFaces(exported)).toHaveLength(0);
    // the picture is still there, only the face region changed: the corners are as they were
    const corner = async (bytes: Buffer) =>
      (await sharp(bytes).extract({ left: 0, top: 0, width: 40, height: 40 }).raw().toBuffer()).reduce(
        (a, b) => a + b,
        0,
      );
    const stored = await db.prisma.image.findFirstOrThrow();
    const original = (await imageStore().get(stored.storageKey)) as Buffer;
    expect(Math.abs((await corner(exported)) - (await corner(original))) / (await corner(original))).toBeLessThan(0.02);
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    expect(readme).toContain("Faces were blurred in the images");
    expect(readme).toContain("1 faces in 1 of 1 images");
    expect(readme).toContain("street addresses and personal names");
    // without the option the image is exported as stored
    const plain = path.join(dataDir, "export-plain");
    const unblurred = await exportDataset(db, { outDir: plain, salt: "salt-123456" });
    expect(unblurred.blurred).toBeUndefined();
    expect(fs.readFileSync(path.join(plain, "images", file as string)).equals(original)).toBe(true);
    expect(fs.readFileSync(path.join(plain, "README.md"), "utf8")).toContain("Faces in the images were not blurred.");
  });

  it("ends the battle before any provider call when the classifier flags the image, and queues it with why", async () => {
    // no explicit picture ships with the tests: the threshold is lowered below this photograph's own score
    process.env.ARENA_NSFW_THRESHOLD = "0.000001";
    const { visitorId, opened } = await battle(portrait);
    await expect(opened).rejects.toMatchObject({
      code: "image_flagged",
      kind: "unprocessable",
      message: expect.stringMatching(/flagged by our content filter .*before any model saw it/),
    });
    expect(chatRequests()).toHaveLength(0);
    const conversation = await db.prisma.conversation.findFirstOrThrow({ where: { visitorId } });
    expect(conversation).toMatchObject({ moderationStatus: "flagged", endedAt: expect.any(Date) });
    await expect(prepareTurn(db, { conversationId: conversation.id, visitorId })).rejects.toThrow();
    expect(chatRequests()).toHaveLength(0);
    const [flag] = (await moderationQueue(db)).filter((f) => f.conversation?.id === conversation.id);
    expect(flag).toMatchObject({ source: "nsfw-classifier", reason: expect.stringMatching(/^(Porn|Hentai) /) });
    expect(flag?.imageSha256).toMatch(/^[0-9a-f]{64}$/);
    const image = await db.prisma.image.findUniqueOrThrow({ where: { sha256: flag?.imageSha256 as string } });
    expect(image.moderationStatus).toBe("flagged");
  });

  it("refuses a resized, re-encoded copy of a banned image by its perceptual hash", async () => {
    const [flag] = await moderationQueue(db);
    await reviewFlag(db, flag?.id as string, "ban", "admin@example.com");
    const copy = await sharp(portrait).resize(300).webp({ quality: 70 }).toBuffer();
    const unrelated = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#2288ff" } })
      .png()
      .toBuffer();
    expect(hammingDistance(await perceptualHash(portrait), await perceptualHash(copy))).toBeLessThanOrEqual(8);
    expect(hammingDistance(await perceptualHash(portrait), await perceptualHash(unrelated))).toBeGreaterThan(8);
    await expect((await battle(copy, "copy.webp")).opened).rejects.toMatchObject({
      code: "image_banned",
      message: expect.stringContaining("matches one removed by the moderators"),
    });
    await expect((await battle(portrait)).opened).rejects.toMatchObject({ code: "image_banned" });
    expect(chatRequests()).toHaveLength(0);
    // another picture still starts a battle
    await expect((await battle(unrelated, "blue.png")).opened).resolves.toMatchObject({ mode: "battle" });
    // with the distance set to 0 only the very same hash is refused: the copy is within a few bits, not zero apart
    process.env.ARENA_PHASH_MAX_DISTANCE = "0";
    const far = await sharp(portrait).resize(300).flop().toBuffer();
    await expect((await battle(far, "flopped.png")).opened).resolves.toMatchObject({ mode: "battle" });
    delete process.env.ARENA_PHASH_MAX_DISTANCE;
  });

  it("sends images to OpenAI's moderation endpoint when a key is set, and ends the battle when it flags them", async () => {
    process.env.OPENAI_MODERATION_API_KEY = "sk-moderation";
    process.env.OPENAI_MODERATION_URL = `${fake.baseURL}/moderations`;
    fake.setModeration({ flagImages: true });
    const green = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#22aa44" } })
      .png()
      .toBuffer();
    const { visitorId, opened } = await battle(green, "green.png");
    await expect(opened).rejects.toMatchObject({ code: "image_flagged", message: expect.stringContaining("sexual") });
    const asked = fake.requests.filter((r) => r.model === "omni-moderation-latest");
    expect(asked.some((r) => r.images.length === 1 && r.images[0]?.mediaType === "image/png")).toBe(true);
    expect(asked[0]?.headers.authorization).toBe("Bearer sk-moderation");
    expect(chatRequests()).toHaveLength(0);
    const conversation = await db.prisma.conversation.findFirstOrThrow({ where: { visitorId } });
    const flags = await db.prisma.moderationFlag.findMany({ where: { conversationId: conversation.id } });
    expect(flags).toMatchObject([{ source: "openai-moderation", reason: "sexual" }]);
  });
});
