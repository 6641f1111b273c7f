// Applies prisma/migrations/*/migration.sql in order, recording them in Prisma's own `_prisma_migrations`
// table (same columns and checksums), so `prisma migrate status` agrees with us. We apply them ourselves
// rather than spawn the Prisma CLI: start-up stays fast and free of the CLI's WebAssembly-path bugs.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { domainError } from "../errors";
import { sql } from "./sql";

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
/** Prisma's own advisory lock key, so our runner and the Prisma CLI never migrate at the same time. */
const MIGRATION_LOCK = 72707369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** Names of the migrations shipped with this build, oldest first. */
export function listMigrationNames(dir = MIGRATIONS_DIR): string[] {
  // The folder is read at run time on purpose; keep the bundler from tracing the whole project because of it.
  if (!fs.existsSync(/*turbopackIgnore: true*/ dir)) return [];
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && fs.existsSync(/*turbopackIgnore: true*/ path.join(dir, entry.name, "migration.sql")),
    )
    .map((entry) => entry.name)
    .sort();
}

export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return listMigrationNames(dir).map((name) => {
    const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
    return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
  });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export interface MigrationResult {
  applied: string[];
  latest: string | null;
  warnings: string[];
}

export class MigrationError extends domainError("internal", "migration_failed") {}

/** Applies pending migrations, each in its own transaction. Safe to call from several instances at once. */
/**
 * Applies the shipped migrations not yet applied, in order. `upTo` stops after the named one (a restore loads a
 * backup into the schema it was taken from, then brings it forward).
 */
export async function applyMigrations(
  connectionString: string,
  dir = MIGRATIONS_DIR,
  options: { upTo?: string } = {},
): Promise<MigrationResult> {
  const all = listMigrations(dir);
  const stop = options.upTo ? all.findIndex((file) => file.name === options.upTo) : all.length - 1;
  if (stop < 0) throw new MigrationError(`migration ${options.upTo} is not among those this build ships`);
  const files = all.slice(0, stop + 1);
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  const warnings: string[] = [];
  try {
    await client.query(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    await client.query(CREATE_TABLE);
    const rows = (
      await client.query<AppliedRow>(
        sql`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
      )
    ).rows;
    const failed = rows.find((row) => row.finished_at === null);
    if (failed) {
      throw new MigrationError(
        `migration ${failed.migration_name} failed earlier and was never resolved; fix the database, then mark it with: npx prisma migrate resolve`,
      );
    }
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    for (const name of done.keys()) {
      if (!files.some((file) => file.name === name)) {
        warnings.push(`the database has migration ${name}, which is not in ${dir} (a newer version of the app?)`);
      }
    }
    for (const file of files) {
      const checksum = done.get(file.name);
      if (checksum !== undefined) {
        if (checksum !== file.checksum) warnings.push(`migration ${file.name} was edited after it was applied`);
        continue;
      }
      try {
        await client.query(sql`BEGIN`);
        await client.query(file.sql);
        await client.query(
          sql`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES (${crypto.randomUUID()}, ${file.checksum}, ${file.name}, now(), now(), 1)`,
        );
        await client.query(sql`COMMIT`);
        applied.push(file.name);
      } catch (error) {
        await client.query(sql`ROLLBACK`).catch(() => undefined);
        const reason = error instanceof Error ? error.message : String(error);
        throw new MigrationError(`migration ${file.name} failed and was rolled back: ${reason}`);
      }
    }
    const latest = await latestMigration(client);
    return { applied, latest, warnings };
  } finally {
    await client.query(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
    await client.end();
  }
}

interface Queryable {
  query<R extends pg.QueryResultRow>(query: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

export async function latestMigration(client: Queryable): Promise<string | null> {
  const result = await client.query<{ migration_name: string }>(
    sql`SELECT migration_name FROM "_prisma_migrations"
     WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name DESC LIMIT 1`,
  );
  return result.rows[0]?.migration_name ?? null;
}
