// Backups that restore: battles and votes with images through the arena → `arena backup` → `arena restore` into a
// fresh database and another kind of store (local folder → S3) → the same rows, the same images and the same
// leaderboard to the last digit. And what a restore refuses: a damaged file, a database that holds rows.
import "./fastchat-board";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { castVote, prepareTurn, streamTurn } from "../../lib/arena";
import { backupIfDue, listBackups, readManifest } from "../../lib/backup";
import { closeDb, createDb, type Db } from "../../lib/db";
import { LocalImageStore, S3ImageStore } from "../../lib/images/store";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { openImageBattle } from "../support/battles";
import { startS3 } from "../support/s3";
import { migratedScratchDatabase, query, scratchDatabase } from "./db-admin";
import { runCli } from "./run-cli";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "arena-backup-"));
const drops: (() => Promise<void>)[] = [];
let fake: FakeModelServer;
let s3: S3rver;
let s3Port: number;
let source: { url: string; db: Db };
const saved = { ...process.env };
const forgetStore = () => {
  (globalThis as { arenaImageStore?: unknown }).arenaImageStore = undefined;
};

beforeAll(async () => {
  const database = await migratedScratchDatabase();
  drops.push(database.drop);
  fake = await startFakeModelServer({
    models: {
      "alpha-vl": { reply: "A red **square**.", tokenDelayMs: 0 },
      "beta-vl": { reply: "Red.", tokenDelayMs: 0 },
    },
  });
  ({ s3, port: s3Port } = await startS3(root, "restored"));
  Object.assign(process.env, {
    ARENA_MODELS_FILE: writeFakeModelsFile(root, fake.baseURL, [
      { id: "alpha", model: "alpha-vl", displayName: "Alpha" },
      { id: "beta", model: "beta-vl", displayName: "Beta" },
    ]),
    ARENA_DATA_DIR: path.join(root, "source"),
    ARENA_SECRET: "backup-secret-0123456789",
    ARENA_RATE_VISITOR_PER_HOUR: "1000",
    ARENA_RATE_IP_PER_HOUR: "1000",
    DATABASE_URL: database.url,
  });
  forgetStore();
  source = { url: database.url, db: createDb(database.url) };
  for (let i = 0; i < 12; i++) {
    // quotes, a tab and a backslash: COPY's text format must carry them through
    const { id, visitorId } = await openImageBattle(source.db, {
      prompt: `What colour is picture ${i}?\nIt has "quotes", a tab\there and a backslash \\ too.`,
      background: `rgb(${20 * i}, 0, 0)`,
      size: [24, 24],
      ipHash: "ip-hash",
    });
    await new Response(streamTurn(source.db, await prepareTurn(source.db, { conversationId: id, visitorId }))).text();
    await castVote(source.db, { conversationId: id, visitorId, winner: i % 3 ? "model_a" : "tie", ipHash: "ip-hash" });
  }
  await recomputeSnapshots(source.db, { rounds: 20, seed: 0 });
}, 120_000);

afterAll(async () => {
  await closeDb(source.db);
  await fake.close();
  await s3.close();
  for (const drop of drops) await drop();
  process.env = saved;
  forgetStore();
  fs.rmSync(root, { recursive: true, force: true });
});

async function tableCounts(url: string): Promise<Record<string, number>> {
  const db = createDb(url);
  try {
    const { rows } = await db.pool.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND relname NOT IN ('_prisma_migrations', 'WorkerHeartbeat')
        ORDER BY relname`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of rows) {
      counts[name] = Number((await db.pool.query(`SELECT count(*) AS n FROM "${name}"`)).rows[0].n);
    }
    return counts;
  } finally {
    await closeDb(db);
  }
}

async function boards(url: string) {
  const db = createDb(url);
  try {
    const { rows } = await db.pool.query(
      `SELECT category, "styleControl", payload FROM "LeaderboardSnapshot" ORDER BY category, "styleControl", "createdAt"`,
    );
    return rows;
  } finally {
    await closeDb(db);
  }
}

describe("arena backup and arena restore", () => {
  const backupDir = path.join(root, "backup");
  let target: string;

  it("backs up, and restores into a fresh database and an S3 store: same rows, images and leaderboard", async () => {
    const backup = await runCli(["backup", "--out", backupDir]);
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/backup of \d+ rows in \d+ tables and 12 images/);
    const manifest = readManifest(backupDir);
    expect(manifest.tables.find((t) => t.name === "Vote")?.rows).toBe(12);
    expect(manifest.missingImages).toEqual([]);
    // a second backup into the same folder is refused (it would mix two instants)
    expect((await runCli(["backup", "--out", backupDir])).code).toBe(1);

    const fresh = await scratchDatabase(inject("serverUrl"));
    drops.push(fresh.drop);
    target = fresh.url;
    Object.assign(process.env, {
      DATABASE_URL: fresh.url,
      ARENA_DATA_DIR: path.join(root, "target"),
      ARENA_S3_BUCKET: "restored",
      ARENA_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      ARENA_S3_ACCESS_KEY_ID: "S3RVER",
      ARENA_S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    forgetStore();
    const restore = await runCli(["restore", backupDir]);
    expect(restore.code).toBe(0);
    expect(restore.out).toContain("every count and digest matches the manifest");

    expect(await tableCounts(fresh.url)).toEqual(await tableCounts(source.url));
    expect(await boards(fresh.url)).toEqual(await boards(source.url));
    // what triggers derive (each conversation's style sums) is loaded as it was, not derived a second time
    const styleSums = async (url: string) =>
      (await query(url, `SELECT * FROM "ConversationStyle" ORDER BY "conversationId"`)) as unknown[];
    const sums = await styleSums(source.url);
    expect(sums.length).toBeGreaterThan(0);
    expect(await styleSums(fresh.url)).toEqual(sums);
    // the same votes give the same board again, to the last digit
    const again = createDb(fresh.url);
    const before = createDb(source.url);
    try {
      await Promise.all([
        recomputeSnapshots(before, { rounds: 20, seed: 7 }),
        recomputeSnapshots(again, { rounds: 20, seed: 7 }),
      ]);
      const latestBoards = async (db: Db) =>
        (
          await db.pool.query<{ category: string; styleControl: boolean; models: unknown }>(
            `SELECT DISTINCT ON (category, "styleControl") category, "styleControl", payload->'models' AS models
               FROM "LeaderboardSnapshot" ORDER BY category, "styleControl", "createdAt" DESC`,
          )
        ).rows;
      const recomputed = await latestBoards(again);
      expect(recomputed.length).toBeGreaterThan(1);
      expect(JSON.stringify(recomputed)).toContain('"rating"');
      expect(recomputed).toEqual(await latestBoards(before));
    } finally {
      await closeDb(again);
      await closeDb(before);
    }
    // every image, byte for byte, now in the S3 store
    const local = new LocalImageStore(path.join(root, "source", "images"));
    const bucket = new S3ImageStore(`http://127.0.0.1:${s3Port}`, "restored", "S3RVER", "S3RVER", "us-east-1");
    const { rows: images } = await source.db.pool.query<{ storageKey: string }>(`SELECT "storageKey" FROM "Image"`);
    expect(images.length).toBe(12);
    for (const { storageKey } of images) {
      const [mine, theirs] = await Promise.all([local.get(storageKey), bucket.get(storageKey)]);
      expect(theirs && crypto.createHash("sha256").update(theirs).digest("hex")).toBe(
        mine && crypto.createHash("sha256").update(mine).digest("hex"),
      );
    }
  }, 180_000);

  it("refuses a database that holds rows, and a damaged backup, before writing anything", async () => {
    // the restored database is not empty now
    process.env.DATABASE_URL = target;
    const refused = await runCli(["restore", backupDir]);
    expect(refused.code).toBe(1);

    const damaged = path.join(root, "damaged");
    fs.cpSync(backupDir, damaged, { recursive: true });
    const vote = path.join(damaged, "tables", "Vote.copy.gz");
    const bytes = fs.readFileSync(vote);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0xff, bytes.length - 10);
    fs.writeFileSync(vote, bytes);
    const empty = await scratchDatabase(inject("serverUrl"));
    drops.push(empty.drop);
    process.env.DATABASE_URL = empty.url;
    const restored = await runCli(["restore", damaged]);
    expect(restored.code).toBe(1);
    expect(restored.err).toContain("tables/Vote.copy.gz does not match its digest");
    expect((await tableCounts(empty.url)).Vote).toBe(0);
  }, 120_000);

  it("trusts nothing a backup says: paths, storage keys, links, left-out tables; a failure leaves the target as it was", async () => {
    const probe = path.join(root, "probe");
    fs.mkdirSync(path.join(probe, "secret"), { recursive: true });
    const secret = path.join(probe, "secret", "server-secret.txt");
    fs.writeFileSync(secret, "the server's secret\n");
    const digest = (bytes: Buffer | string) => crypto.createHash("sha256").update(bytes).digest("hex");
    const empty = await scratchDatabase(inject("serverUrl"));
    drops.push(empty.drop);
    const storeDir = path.join(root, "tamper-target");
    for (const key of ["ARENA_S3_BUCKET", "ARENA_S3_ENDPOINT", "ARENA_S3_ACCESS_KEY_ID", "ARENA_S3_SECRET_ACCESS_KEY"])
      delete process.env[key];
    Object.assign(process.env, { DATABASE_URL: empty.url, ARENA_DATA_DIR: storeDir });
    forgetStore();
    /** A copy of the good backup with its manifest changed by `edit` (and `prepare` run on the copy's folder). */
    const tampered = (
      name: string,
      edit: (m: ReturnType<typeof readManifest>) => void,
      prepare?: (dir: string) => void,
    ) => {
      const dir = path.join(probe, name);
      fs.cpSync(backupDir, dir, { recursive: true });
      const manifest = readManifest(dir);
      edit(manifest);
      prepare?.(dir);
      fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
      return dir;
    };
    const refusal = async (dir: string) => {
      const { code, err } = await runCli(["restore", dir]);
      expect(code).toBe(1);
      // nothing written: no row, no image, nothing beside the probe's own files
      const counts = await tableCounts(empty.url).catch(() => ({}) as Record<string, number>);
      expect(Object.values(counts).every((n) => n === 0)).toBe(true);
      expect(fs.existsSync(path.join(storeDir, "images")) ? fs.readdirSync(path.join(storeDir, "images")) : []).toEqual(
        [],
      );
      expect(fs.readdirSync(path.join(probe, "secret"))).toEqual(["server-secret.txt"]);
      return err;
    };

    // a file outside the backup, with its digest written in: refused by name, never read
    const outside = tampered("outside", (m) => {
      const image = m.images[0] as (typeof m.images)[number];
      image.file = "../secret/server-secret.txt";
      image.sha256 = digest(fs.readFileSync(secret));
    });
    expect(await refusal(outside)).toMatch(
      /field images\.0\.file '\.\.\/secret\/server-secret\.txt': not where a backup keeps/,
    );
    // a storage key that walks out of the store
    const key = tampered("key", (m) => {
      (m.images[0] as (typeof m.images)[number]).storageKey = "../../probe/secret/written-by-restore.txt";
    });
    expect(await refusal(key)).toMatch(/field images\.0\.storageKey '\.\.\/\.\.\/probe.*not a key of the image store/);
    // a file of the right name that is a link to somewhere else
    const linked = tampered(
      "linked",
      (m) => {
        const vote = m.tables.find((t) => t.name === "Vote") as (typeof m.tables)[number];
        vote.sha256 = digest(fs.readFileSync(secret));
      },
      (dir) => {
        fs.rmSync(path.join(dir, "tables", "Vote.copy.gz"));
        fs.symlinkSync(secret, path.join(dir, "tables", "Vote.copy.gz"));
      },
    );
    expect(await refusal(linked)).toContain("tables/Vote.copy.gz leads outside the backup's folder");
    // a table name that is not a name
    const injected = tampered("injected", (m) => {
      (m.tables[0] as (typeof m.tables)[number]).name = 'Vote"; DROP TABLE "User';
    });
    expect(await refusal(injected)).toMatch(/field tables\.0\.name .*not a table or column name/);
    // a backup with its votes left out is no backup of this schema
    const noVotes = tampered("no-votes", (m) => {
      m.tables = m.tables.filter((t) => t.name !== "Vote");
    });
    expect(await refusal(noVotes)).toContain("the backup leaves out table Vote");

    // a failure while loading the tables (a count that does not match) comes after the images were written: they
    // are taken back and the database stays empty, so the corrected backup restores at the first try
    const miscounted = tampered("miscounted", (m) => {
      const vote = m.tables.find((t) => t.name === "Vote") as (typeof m.tables)[number];
      vote.rows += 1;
    });
    expect(await refusal(miscounted)).toContain("table Vote: loaded 12 rows, the manifest says 13");
    const again = await runCli(["restore", backupDir]);
    expect(again.code).toBe(0);
    expect((await tableCounts(empty.url)).Vote).toBe(12);
    expect(fs.readdirSync(path.join(storeDir, "images")).length).toBeGreaterThan(0);
  }, 180_000);

  it("takes scheduled backups when due and keeps the newest N", async () => {
    const dir = path.join(root, "scheduled");
    const store = new LocalImageStore(path.join(root, "source", "images"));
    const options = { connectionString: source.url, dir, intervalMs: 3_600_000, keep: 2, store };
    const at = (time: string) => new Date(`2026-11-20T${time}:00Z`);
    expect(await backupIfDue(options, source.db, at("10:00"))).toMatch(/arena-backup-20261120T100000Z$/);
    // not due within the interval: the newest finished backup's time decides, so a restart neither repeats nor skips
    expect(await backupIfDue(options, source.db, at("10:30"))).toBeNull();
    expect(await backupIfDue(options, source.db, at("11:00"))).toMatch(/T110000Z$/);
    fs.mkdirSync(path.join(dir, "arena-backup-20261120T113000Z")); // one a killed process left unfinished
    expect(await backupIfDue(options, source.db, at("12:00"))).toMatch(/T120000Z$/);
    const left = listBackups(dir);
    expect(left.map((b) => b.name)).toEqual(["arena-backup-20261120T120000Z", "arena-backup-20261120T110000Z"]);
    expect(left.every((b) => b.finished)).toBe(true);
    expect(readManifest(path.join(dir, left[0]?.name as string)).tables.length).toBeGreaterThan(10);
  }, 120_000);
});
