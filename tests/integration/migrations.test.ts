import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { applyMigrations, listMigrations, MigrationError } from "../../lib/db/migrate";
import { query, scratchDatabase } from "./db-admin";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function fresh() {
  const db = await scratchDatabase(inject("serverUrl"));
  cleanups.push(db.drop);
  return db.url;
}

describe("migrations", () => {
  it("apply to an empty database, record Prisma-compatible rows, and create every table", async () => {
    const url = await fresh();
    const files = listMigrations();
    expect(files.length).toBeGreaterThan(0);
    const result = await applyMigrations(url);
    expect(result.applied).toEqual(files.map((f) => f.name));
    expect(result.latest).toBe(files.at(-1)?.name);

    const rows = await query<{ migration_name: string; checksum: string }>(
      url,
      `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows).toEqual(files.map((f) => ({ migration_name: f.name, checksum: f.checksum })));

    const tables = (
      await query<{ table_name: string }>(
        url,
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
      )
    ).map((t) => t.table_name);
    for (const table of [
      "User",
      "Visitor",
      "Model",
      "Provider",
      "Conversation",
      "Message",
      "Image",
      "Vote",
      "ResponseMeta",
      "BattleCategory",
      "LeaderboardSnapshot",
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("are idempotent: a second run applies nothing", async () => {
    const url = await fresh();
    await applyMigrations(url);
    const again = await applyMigrations(url);
    expect(again.applied).toEqual([]);
    expect(again.warnings).toEqual([]);
  });

  it("run safely from several app instances at once", async () => {
    const url = await fresh();
    const results = await Promise.all([applyMigrations(url), applyMigrations(url), applyMigrations(url)]);
    expect(results.map((r) => r.applied.length).sort()).toEqual([0, 0, listMigrations().length]);
    const [row] = await query<{ count: string }>(url, `SELECT count(*) FROM "_prisma_migrations"`);
    expect(Number(row?.count)).toBe(listMigrations().length);
  });

  it("roll a failing migration back whole and name it", async () => {
    const url = await fresh();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-mig-"));
    fs.mkdirSync(path.join(dir, "001_good"));
    fs.writeFileSync(path.join(dir, "001_good", "migration.sql"), "CREATE TABLE good (id int);");
    fs.mkdirSync(path.join(dir, "002_bad"));
    fs.writeFileSync(
      path.join(dir, "002_bad", "migration.sql"),
      "CREATE TABLE half (id int);\nSELECT * FROM missing_table;",
    );
    await expect(applyMigrations(url, dir)).rejects.toThrow(MigrationError);
    await expect(applyMigrations(url, dir)).rejects.toThrow(/002_bad failed and was rolled back/);
    const tables = (
      await query<{ table_name: string }>(
        url,
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
      )
    ).map((t) => t.table_name);
    expect(tables).toContain("good");
    expect(tables).not.toContain("half");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("warn when an applied migration was edited afterwards", async () => {
    const url = await fresh();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-mig-"));
    fs.mkdirSync(path.join(dir, "001_one"));
    fs.writeFileSync(path.join(dir, "001_one", "migration.sql"), "CREATE TABLE one (id int);");
    await applyMigrations(url, dir);
    fs.writeFileSync(path.join(dir, "001_one", "migration.sql"), "CREATE TABLE one (id bigint);");
    const result = await applyMigrations(url, dir);
    expect(result.warnings).toEqual([expect.stringContaining("001_one was edited")]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
