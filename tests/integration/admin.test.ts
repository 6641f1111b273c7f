// Accounts and the console's operations over a real PostgreSQL: the first admin from the environment, invitations,
// roles, registry edits that the models file no longer overrides and that every process sees, moderation
// decisions, settings, and a recompute asked for from the console.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createModel, listModelsForAdmin, modelPatch, updateModel } from "../../lib/admin/models";
import { moderationQueue, reviewFlag } from "../../lib/admin/moderation";
import { hitLimits } from "../../lib/arena/rate-limit";
import { registrySnapshot } from "../../lib/arena/registry-cache";
import { signInLimits } from "../../lib/auth/sign-in-limits";
import { acceptInvite, authenticate, ensureFirstAdmin, findInvite, inviteUser, setRole } from "../../lib/auth/users";
import { parseConfig } from "../../lib/config";
import { closeDb, createDb, type Db } from "../../lib/db";
import { applyMigrations } from "../../lib/db/migrate";
import { ingestImage, loadImage } from "../../lib/images";
import { JobRunner } from "../../lib/jobs";
import { pendingRecompute, requestRecompute } from "../../lib/leaderboard";
import { leaderboardJobs, snapshotTick } from "../../lib/leaderboard/scheduler";
import { syncRegistry } from "../../lib/providers/registry";
import { cachedSetting, readSetting, writeSetting } from "../../lib/settings/settings";
import { scratchDatabase } from "./db-admin";

let db: Db;
let other: Db; // a second app instance: its own pools and caches
let dropDatabase: () => Promise<void>;
let url: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-admin-test-"));

beforeAll(async () => {
  process.env.ARENA_DATA_DIR = dataDir;
  const scratch = await scratchDatabase(inject("databaseUrl"));
  dropDatabase = scratch.drop;
  url = scratch.url;
  await applyMigrations(scratch.url);
  db = createDb(scratch.url);
  other = createDb(scratch.url);
});

afterAll(async () => {
  await closeDb(db);
  await closeDb(other);
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("accounts", () => {
  const vars = { ARENA_ADMIN_EMAIL: "Root@Arena.test", ARENA_ADMIN_PASSWORD: "first-admin-password" };
  const env = parseConfig(vars);

  it("creates the first admin from the environment, with a hashed password, and follows a changed password", async () => {
    await Promise.all([ensureFirstAdmin(db, env), ensureFirstAdmin(other, env)]); // two processes starting at once
    const admin = await db.prisma.user.findUniqueOrThrow({ where: { email: "root@arena.test" } });
    expect(admin.role).toBe("admin");
    expect(admin.passwordHash).toMatch(/^scrypt\$/);
    expect(admin.passwordHash).not.toContain("first-admin-password");
    expect(await authenticate(db, "ROOT@arena.test", "first-admin-password")).toMatchObject({ role: "admin" });
    expect(await authenticate(db, "root@arena.test", "wrong-password")).toBeNull();
    expect(await authenticate(db, "nobody@arena.test", "first-admin-password")).toBeNull();

    const hashBefore = admin.passwordHash;
    await ensureFirstAdmin(db, env); // unchanged password: the hash is kept
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).passwordHash).toBe(hashBefore);
    await ensureFirstAdmin(db, parseConfig({ ...vars, ARENA_ADMIN_PASSWORD: "a-new-admin-password" }));
    expect(await authenticate(db, "root@arena.test", "first-admin-password")).toBeNull();
    expect(await authenticate(db, "root@arena.test", "a-new-admin-password")).not.toBeNull();
    await expect(
      ensureFirstAdmin(db, parseConfig({ ARENA_ADMIN_EMAIL: "x@y.z", ARENA_ADMIN_PASSWORD_HASH: "plain" })),
    ).rejects.toThrow(/not a hash/);
  });

  it("invites a researcher: one-time link, password set, then signs in; roles change, the last admin stays", async () => {
    const admin = await db.prisma.user.findUniqueOrThrow({ where: { email: "root@arena.test" } });
    const invite = await inviteUser(db, { email: "Ada@Lab.test", role: "researcher" });
    expect(invite.user.role).toBe("researcher");
    const stored = await db.prisma.verificationToken.findMany();
    expect(stored.map((t) => t.token)).not.toContain(invite.token); // only a hash is kept
    expect(await findInvite(db, invite.token)).toMatchObject({ email: "ada@lab.test" });
    await expect(acceptInvite(db, invite.token, "short")).rejects.toMatchObject({
      kind: "invalid",
      code: "weak_password",
    });
    const ada = await acceptInvite(db, invite.token, "ada-lovelace-1843", "Ada");
    expect(ada).toMatchObject({ email: "ada@lab.test", name: "Ada", role: "researcher" });
    await expect(acceptInvite(db, invite.token, "ada-lovelace-1843")).rejects.toMatchObject({ kind: "not_found" });
    expect(await authenticate(db, "ada@lab.test", "ada-lovelace-1843")).toMatchObject({ role: "researcher" });

    await expect(setRole(db, admin.id, "researcher", admin.id)).rejects.toMatchObject({ code: "own_role" });
    await setRole(db, ada.id, "admin", admin.id);
    await setRole(db, admin.id, "researcher", ada.id);
    await expect(setRole(db, ada.id, "user", admin.id)).rejects.toMatchObject({ code: "last_admin" });
    await setRole(db, admin.id, "admin", ada.id);
    await expect(inviteUser(db, { email: "not-an-address", role: "admin" })).rejects.toMatchObject({ kind: "invalid" });
  });
});

describe("password guessing", () => {
  it("stops an address after ten tries from one client, without locking it out for another client", async () => {
    const tries = (ip: string) => hitLimits(db.pool, signInLimits("root@arena.test", ip));
    for (let i = 0; i < 10; i++) await tries("client-a");
    await expect(tries("client-a")).rejects.toMatchObject({ kind: "rate_limited" });
    await expect(tries("client-b")).resolves.toBeUndefined();
  });
});

describe("the model registry", () => {
  const file = {
    providers: { p: { type: "openai-compatible" as const, baseURL: "http://localhost:1/v1", apiKeyEnv: "P_KEY" } },
    models: [
      {
        id: "m1",
        provider: "p",
        model: "m1",
        displayName: "Model One",
        vision: true,
        weight: 1,
        enabled: true,
        battleTargets: [],
      },
      {
        id: "m2",
        provider: "p",
        model: "m2",
        displayName: "Model Two",
        vision: true,
        weight: 1,
        enabled: true,
        battleTargets: [],
      },
    ],
  };

  it("keeps console edits when the models file is synced again at start-up", async () => {
    await syncRegistry(db.prisma, file);
    await updateModel(db, "m1", { displayName: "Model One (edited)", weight: 3, outage: true });
    await syncRegistry(db.prisma, {
      ...file,
      models: file.models.map((m) => ({ ...m, displayName: `${m.displayName}!` })),
    });
    const [m1, m2] = await db.prisma.model.findMany({ where: { id: { in: ["m1", "m2"] } }, orderBy: { id: "asc" } });
    expect(m1).toMatchObject({ displayName: "Model One (edited)", weight: 3, outage: true });
    expect(m2?.displayName).toBe("Model Two!"); // not edited in the console: the file still rules
  });

  it("reaches another process's registry cache within a second of an edit", async () => {
    const before = await registrySnapshot(other.pool);
    expect(before.models.get("m2")?.enabled).toBe(true);
    await updateModel(db, "m2", { enabled: false });
    await createModel(db, {
      id: "m3",
      providerId: "p",
      providerModelId: "m3",
      displayName: "Model Three",
      vision: false,
      enabled: true,
      outage: false,
      weight: 1,
      battleTargets: ["m1"],
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await registrySnapshot(other.pool);
    expect(after.models.get("m2")?.enabled).toBe(false);
    expect(after.models.get("m3")?.battleTargets).toEqual(["m1"]);
  });

  it("keeps a model's parameter rules from the console (reasoning effort, thinking budget, length), and clears them", async () => {
    const rules = { reasoningEffort: "high" as const, thinkingBudget: 2048, maxOutputTokens: 8000 };
    await updateModel(db, "m1", modelPatch.parse({ paramRules: rules }));
    expect((await db.prisma.model.findUniqueOrThrow({ where: { id: "m1" } })).paramRules).toEqual(rules);
    expect(modelPatch.safeParse({ paramRules: { reasoningEffort: "extreme" } }).success).toBe(false);
    await updateModel(db, "m1", { paramRules: null });
    expect((await db.prisma.model.findUniqueOrThrow({ where: { id: "m1" } })).paramRules).toBeNull();
  });

  it("refuses unknown providers, unknown battle targets and duplicate ids", async () => {
    await expect(updateModel(db, "m1", { providerId: "nope" })).rejects.toMatchObject({ kind: "invalid" });
    await expect(updateModel(db, "m1", { battleTargets: ["ghost"] })).rejects.toMatchObject({ kind: "invalid" });
    await expect(updateModel(db, "m1", { battleTargets: ["m1"] })).rejects.toMatchObject({ code: "self_target" });
    await expect(updateModel(db, "ghost", { weight: 1 })).rejects.toMatchObject({ kind: "not_found" });
    await expect(
      createModel(db, {
        ...(await db.prisma.model.findUniqueOrThrow({ where: { id: "m1" } })),
        organization: null,
        paramRules: null,
      }),
    ).rejects.toMatchObject({ kind: "conflict" });
  });
});

describe("moderation decisions", () => {
  async function flaggedConversation(text: string, colour: string) {
    const visitorId = crypto.randomUUID();
    await db.prisma.visitor.create({ data: { id: visitorId, termsAcceptedAt: new Date() } });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const image = await ingestImage(db.pool, "x.png", new Uint8Array(png));
    const conversation = await db.prisma.conversation.create({
      data: { mode: "direct", visitorId, modelAId: "m1", moderationStatus: "flagged", endedAt: new Date() },
    });
    await db.prisma.message.create({
      data: {
        conversationId: conversation.id,
        turn: 1,
        role: "user",
        content: text,
        images: { create: { imageSha256: image.sha256 } },
      },
    });
    const flag = await db.prisma.moderationFlag.create({
      data: { conversationId: conversation.id, source: "blocklist", reason: "contains a blocked term" },
    });
    return { visitorId, conversation, flag, image, png };
  }

  it("lists flagged prompts; release restores the conversation, ban bans the visitor and blocks the image", async () => {
    const kept = await flaggedConversation("a harmless question", "#0a0");
    const bad = await flaggedConversation("something truly bad", "#a00");
    const queue = await moderationQueue(db);
    expect(queue.map((f) => f.conversation?.prompts[0]?.text)).toEqual(["a harmless question", "something truly bad"]);
    expect(queue[1]?.conversation?.prompts[0]?.images).toEqual([bad.image.sha256]);

    await reviewFlag(db, kept.flag.id, "release", "root@arena.test");
    await reviewFlag(db, bad.flag.id, "ban", "root@arena.test");
    await expect(reviewFlag(db, bad.flag.id, "release", "root@arena.test")).rejects.toMatchObject({ kind: "conflict" });
    expect(await moderationQueue(db)).toEqual([]);
    expect(
      (await db.prisma.conversation.findUniqueOrThrow({ where: { id: kept.conversation.id } })).moderationStatus,
    ).toBe("released");
    expect((await db.prisma.visitor.findUniqueOrThrow({ where: { id: kept.visitorId } })).bannedAt).toBeNull();
    expect((await db.prisma.visitor.findUniqueOrThrow({ where: { id: bad.visitorId } })).bannedAt).not.toBeNull();
    expect(await loadImage(db.prisma, bad.image.sha256)).toBeNull();
    expect(await loadImage(db.prisma, kept.image.sha256)).not.toBeNull();
    await expect(ingestImage(db.pool, "again.png", new Uint8Array(bad.png))).rejects.toMatchObject({
      code: "image_banned",
      kind: "unprocessable",
    });
  });
});

describe("settings and the leaderboard console", () => {
  it("stores settings over the environment's defaults, validated, and back", async () => {
    expect(await readSetting(db, "votes.dailyCountedCap", parseConfig({}))).toBe(200);
    expect(await readSetting(db, "votes.dailyCountedCap", parseConfig({ ARENA_DAILY_COUNTED_VOTES: "50" }))).toBe(50);
    await writeSetting(db, "votes.dailyCountedCap", 7);
    expect(await cachedSetting(db, "votes.dailyCountedCap")).toBe(7);
    await expect(writeSetting(db, "votes.dailyCountedCap", -1)).rejects.toThrow();
    await writeSetting(db, "export.licence", "CC BY 4.0");
    expect(await readSetting(db, "export.licence")).toBe("CC BY 4.0");
    await writeSetting(db, "votes.dailyCountedCap", null);
    expect(await readSetting(db, "votes.dailyCountedCap", parseConfig({}))).toBe(200);
  });

  it("runs a recompute the console asked for, even without new votes", async () => {
    const visitorId = crypto.randomUUID();
    await db.prisma.visitor.create({ data: { id: visitorId, termsAcceptedAt: new Date() } });
    for (let i = 0; i < 4; i++) {
      const conversation = await db.prisma.conversation.create({
        data: { mode: "battle", visitorId, modelAId: "m1", modelBId: "m3", turnCount: 1 },
      });
      await db.prisma.vote.create({
        data: {
          conversationId: conversation.id,
          visitorId,
          winner: i % 2 ? "model_a" : "model_b",
          modelAId: "m1",
          modelBId: "m3",
          anonymous: true,
          turn: 1,
        },
      });
    }
    expect((await snapshotTick(db, { rounds: 10 })).reason).toBe("recomputed");
    expect((await snapshotTick(db, { rounds: 10 })).reason).toBe("no_new_votes");
    // "Recompute now": a pg-boss job the jobs process works, even without new votes; clicks coalesce
    const lines: string[] = [];
    const runner = await JobRunner.start(url, { db, log: (line) => lines.push(line) });
    try {
      expect(await pendingRecompute(db)).toBeNull();
      await requestRecompute({ url });
      await requestRecompute({ url });
      await requestRecompute({ url });
      expect(await pendingRecompute(db)).not.toBeNull();
      const queued = await db.pool.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry')`,
        ["leaderboard-recompute"],
      );
      expect(queued.rows[0].n).toBe(1); // stately: one waiting request however often it is asked
      const before = await db.prisma.leaderboardSnapshot.count();
      await runner.handle(leaderboardJobs({ rounds: 10 }));
      for (let i = 0; i < 100 && (await pendingRecompute(db)); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await pendingRecompute(db)).toBeNull();
      expect(await db.prisma.leaderboardSnapshot.count()).toBeGreaterThan(before);
      expect(lines.some((line) => line.includes("(requested)"))).toBe(true);
    } finally {
      await runner.stop(0);
    }
    expect((await snapshotTick(db, { rounds: 10 })).reason).toBe("no_new_votes");
    // the console's model list counts them
    const { models } = await listModelsForAdmin(db);
    expect(models.find((m) => m.id === "m1")).toMatchObject({ battles: 4, votes: 4 });
    expect(models.find((m) => m.id === "m3")).toMatchObject({ battles: 4, votes: 4 });
    expect(models.find((m) => m.id === "m2")).toMatchObject({ battles: 0, votes: 0 });
  });
});
