// `arena restore DIR`: a backup brought into an empty database and image store, then proven: every file's digest
// checked before anything is written, the tables loaded in one transaction at the schema the backup was taken
// from (and rolled back whole if a count differs), the images put back and read again, then the migrations this
// build has beyond the backup's applied.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { applyMigrations, latestMigration } from "../db/migrate";
import { raw, sql } from "../db/sql";
import type { ImageStore } from "../images/store";
import { type Manifest, readManifest } from "./manifest";
import { BackupError, quote, tableSql } from "./tables";

export interface RestoreOptions {
  store: ImageStore;
  onProgress?: (step: "verify" | "tables" | "images", done: number, total: number) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  images: number;
  /** migrations applied after loading, beyond the backup's */
  migrated: string[];
}

function fileDigest(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash("sha256");
    fs.createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}

/** Every file of the backup is there with its digest, before the database is touched. */
async function verifyFiles(dir: string, manifest: Manifest, onProgress: RestoreOptions["onProgress"]) {
  const expected = [...manifest.tables, ...manifest.images];
  for (const [i, { file, sha256 }] of expected.entries()) {
    const full = path.join(dir, file);
    if (!fs.existsSync(full)) throw new BackupError(`${file} is missing from the backup`);
    if ((await fileDigest(full)) !== sha256) {
      throw new BackupError(`${file} does not match its digest in the manifest (damaged or changed)`);
    }
    onProgress?.("verify", i + 1, expected.length);
  }
}

/**
 * Restores the backup in `dir` into the database at `connectionString`, which must be empty or hold the backup's
 * schema with no rows (the caller applies migrations up to `manifest.migration` first: see prepareDatabase).
 */
export async function restoreBackup(
  connectionString: string,
  dir: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const manifest = readManifest(dir);
  await verifyFiles(dir, manifest, options.onProgress);
  const client = new pg.Client({ connectionString });
  await client.connect();
  let rows = 0;
  try {
    const at = await latestMigration(client);
    if (at !== manifest.migration) {
      throw new BackupError(
        `the database is at migration ${at ?? "(none)"}; the backup needs ${manifest.migration} (restore into an empty database)`,
      );
    }
    await client.query(sql`BEGIN`);
    for (const table of manifest.tables) {
      const { rows: present } = await client.query<{ any: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM ${raw(quote(table.name))}) AS any`,
      );
      if (present[0]?.any) {
        throw new BackupError(`the database is not empty (table ${table.name} has rows): restore into an empty one`);
      }
    }
    const derived = await tablesWithTriggers(client);
    // the rows are loaded as they were, with what triggers derived from them (ConversationStyle's sums): firing the
    // triggers again while loading would count every answer twice
    for (const table of derived) await client.query(sql`ALTER TABLE ${raw(quote(table))} DISABLE TRIGGER USER`);
    for (const [i, table] of manifest.tables.entries()) {
      await pipeline(
        fs.createReadStream(path.join(dir, table.file)),
        zlib.createGunzip(),
        client.query(copyFrom(`COPY ${tableSql(table)} FROM STDIN`)),
      );
      const { rows: counted } = await client.query<{ n: string }>(
        sql`SELECT count(*) AS n FROM ${raw(quote(table.name))}`,
      );
      if (Number(counted[0]?.n) !== table.rows) {
        throw new BackupError(`table ${table.name}: loaded ${counted[0]?.n} rows, the manifest says ${table.rows}`);
      }
      rows += table.rows;
      options.onProgress?.("tables", i + 1, manifest.tables.length);
    }
    for (const table of derived) await client.query(sql`ALTER TABLE ${raw(quote(table))} ENABLE TRIGGER USER`);
    await resetSequences(client);
    await client.query(sql`COMMIT`);
  } catch (error) {
    await client.query(sql`ROLLBACK`).catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }

  for (const [i, image] of manifest.images.entries()) {
    const bytes = fs.readFileSync(path.join(dir, image.file));
    await options.store.put(image.storageKey, bytes, image.mime);
    const back = await options.store.get(image.storageKey);
    if (!back || crypto.createHash("sha256").update(back).digest("hex") !== image.sha256) {
      throw new BackupError(`image ${image.id}: the store did not give back the bytes written`);
    }
    options.onProgress?.("images", i + 1, manifest.images.length);
  }
  const forward = await applyMigrations(connectionString);
  return { manifest, rows, images: manifest.images.length, migrated: forward.applied };
}

/** The public schema's tables with triggers of their own (not the foreign keys' internal ones). */
async function tablesWithTriggers(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    sql`SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT t.tgisinternal AND n.nspname = 'public' ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

/** Sequences owned by columns continue after the largest value loaded (COPY does not advance them). */
async function resetSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    sql`SELECT s.oid::regclass::text AS seq, t.oid::regclass::text AS tbl, quote_ident(a.attname) AS col
       FROM pg_class s JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
       JOIN pg_namespace n ON n.oid = s.relnamespace
      WHERE s.relkind = 'S' AND n.nspname = 'public'`,
  );
  for (const row of rows) {
    await client.query(
      sql`SELECT setval('${raw(row.seq.replaceAll("'", "''"))}', coalesce((SELECT max(${raw(row.col)}) FROM ${raw(row.tbl)}), 0) + 1, false)`,
    );
  }
}
