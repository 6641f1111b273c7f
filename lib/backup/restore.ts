// `arena restore DIR`: a backup brought into an empty database and image store, then proven: the manifest read as
// untrusted input (names, paths and storage keys checked, every table of the schema present), every file's digest
// checked before anything is written, the images put back and read again, then the tables loaded in one
// transaction at the schema the backup was taken from (rolled back whole, and the images added taken back, if
// anything fails), then the migrations this build has beyond the backup's applied.
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
import { BackupError, quote, type TableShape, tableSql, tablesInLoadOrder } from "./tables";

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

/**
 * A file the manifest names, as a path that stays inside the backup's folder: the manifest's shape already keeps
 * names to tables/… and images/…, and a symbolic link in the folder pointing elsewhere is refused here.
 */
function confined(root: string, file: string): string {
  const full = path.resolve(root, file);
  if (!fs.existsSync(full)) throw new BackupError(`${file} is missing from the backup`);
  const real = fs.realpathSync(full);
  const inside = path.relative(root, real);
  if (inside.startsWith("..") || path.isAbsolute(inside)) {
    throw new BackupError(`${file} leads outside the backup's folder (to ${real}): refused`);
  }
  if (!fs.statSync(real).isFile()) throw new BackupError(`${file} is not a file`);
  return real;
}

/** Every file of the backup is there, inside its folder, with its digest, before anything is written anywhere. */
async function verifyFiles(root: string, manifest: Manifest, onProgress: RestoreOptions["onProgress"]) {
  const expected = [...manifest.tables, ...manifest.images];
  const paths = new Map<string, string>();
  for (const [i, { file, sha256 }] of expected.entries()) {
    const full = confined(root, file);
    if ((await fileDigest(full)) !== sha256) {
      throw new BackupError(`${file} does not match its digest in the manifest (damaged or changed)`);
    }
    paths.set(file, full);
    onProgress?.("verify", i + 1, expected.length);
  }
  return paths;
}

/**
 * The manifest's tables against the schema they are loaded into: every table of it present (a backup with tables
 * left out would restore a database missing its votes), none it does not have, every column one of its own.
 */
function matchSchema(manifest: Manifest, schema: TableShape[]): Manifest["tables"] {
  const listed = new Map(manifest.tables.map((t) => [t.name, t]));
  if (listed.size !== manifest.tables.length) throw new BackupError("the manifest lists a table twice");
  const missing = schema.filter((t) => !listed.has(t.name)).map((t) => t.name);
  if (missing.length)
    throw new BackupError(`the backup leaves out table${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  const known = new Map(schema.map((t) => [t.name, new Set(t.columns)]));
  for (const table of manifest.tables) {
    const columns = known.get(table.name);
    if (!columns) throw new BackupError(`the backup holds table ${table.name}, which the schema does not have`);
    const strange = table.columns.find((c) => !columns.has(c));
    if (strange) throw new BackupError(`table ${table.name}: column ${strange} is not in the schema`);
  }
  // loaded parents first, as the schema orders them
  return schema.map((t) => listed.get(t.name) as Manifest["tables"][number]);
}

async function refuseRows(client: pg.ClientBase, tables: { name: string }[]) {
  for (const table of tables) {
    const { rows } = await client.query<{ any: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM ${raw(quote(table.name))}) AS any`,
    );
    if (rows[0]?.any) {
      throw new BackupError(`the database is not empty (table ${table.name} has rows): restore into an empty one`);
    }
  }
}

/** The images put in the store and read back; returns the keys this restore added (taken back on a failure). */
async function putImages(
  manifest: Manifest,
  paths: Map<string, string>,
  options: RestoreOptions,
  added: string[],
): Promise<void> {
  for (const [i, image] of manifest.images.entries()) {
    const bytes = fs.readFileSync(paths.get(image.file) as string);
    const there = await options.store.has(image.storageKey);
    await options.store.put(image.storageKey, bytes, image.mime);
    if (!there) added.push(image.storageKey);
    const back = await options.store.get(image.storageKey);
    if (!back || crypto.createHash("sha256").update(back).digest("hex") !== image.sha256) {
      throw new BackupError(`image ${image.id}: the store did not give back the bytes written`);
    }
    options.onProgress?.("images", i + 1, manifest.images.length);
  }
}

/**
 * Restores the backup in `dir` into the database at `connectionString`, which must be empty or hold the backup's
 * schema with no rows (the caller applies migrations up to `manifest.migration` first: see prepareDatabase).
 * Nothing is trusted: the manifest's names and paths are checked, every digest before anything is written, the
 * images go first and the tables after in one transaction, and a failure takes back the images it added, so the
 * target is left as it was.
 */
export async function restoreBackup(
  connectionString: string,
  dir: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const manifest = readManifest(dir);
  const paths = await verifyFiles(fs.realpathSync(dir), manifest, options.onProgress);
  const client = new pg.Client({ connectionString });
  await client.connect();
  let rows = 0;
  const added: string[] = [];
  try {
    const at = await latestMigration(client);
    if (at !== manifest.migration) {
      throw new BackupError(
        `the database is at migration ${at ?? "(none)"}; the backup needs ${manifest.migration} (restore into an empty database)`,
      );
    }
    const tables = matchSchema(manifest, await tablesInLoadOrder(client));
    await refuseRows(client, tables);
    await putImages(manifest, paths, options, added);

    await client.query(sql`BEGIN`);
    await refuseRows(client, tables);
    const derived = await tablesWithTriggers(client);
    // the rows are loaded as they were, with what triggers derived from them (ConversationStyle's sums): firing the
    // triggers again while loading would count every answer twice
    for (const table of derived) await client.query(sql`ALTER TABLE ${raw(quote(table))} DISABLE TRIGGER USER`);
    for (const [i, table] of tables.entries()) {
      await pipeline(
        fs.createReadStream(paths.get(table.file) as string),
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
      options.onProgress?.("tables", i + 1, tables.length);
    }
    for (const table of derived) await client.query(sql`ALTER TABLE ${raw(quote(table))} ENABLE TRIGGER USER`);
    await resetSequences(client);
    await client.query(sql`COMMIT`);
  } catch (error) {
    await client.query(sql`ROLLBACK`).catch(() => undefined);
    for (const key of added) await options.store.delete(key).catch(() => undefined);
    throw error;
  } finally {
    await client.end();
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
