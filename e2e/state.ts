// The browser tests' server's database and image folder (written by serve.ts), for tests that seed what only real
// traffic or staff work would have made.
import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import pg from "pg";
import { closeDb, createDb, type Db } from "../lib/db";
import { applyMigrations } from "../lib/db/migrate";

/** The folder the server's console imports benchmarks from. */
export function serverBenchmarkDir(): string {
  return (JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE as string, "utf8")) as { benchmarkDir: string })
    .benchmarkDir;
}

export async function withServerDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE as string, "utf8")) as {
    databaseUrl: string;
    dataDir: string;
  };
  process.env.ARENA_DATA_DIR = state.dataDir;
  const db = createDb(state.databaseUrl);
  try {
    return await work(db);
  } finally {
    await closeDb(db);
  }
}

/** Reloads until `check` passes: the jobs process works on its own schedule. */
export async function until(page: Page, check: () => Promise<void>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.waitForTimeout(1000);
      await page.reload();
    }
  }
}

/** A new, migrated database on the browser tests' PostgreSQL server, for a second app instance of a test's own. */
export async function scratchServerDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const state = JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE as string, "utf8")) as { databaseUrl: string };
  const name = `arena_e2e_${crypto.randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: state.databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(state.databaseUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
