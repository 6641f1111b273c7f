// Decides which PostgreSQL the app uses and brings its schema up to date:
// DATABASE_URL when set, otherwise an embedded PostgreSQL 17 in a data folder inside the project.
import path from "node:path";
import { type Config, config } from "../config";
import { checkReachable, describeDatabaseUrl } from "./connection";
import { startEmbeddedPostgres } from "./embedded";
import { applyMigrations, type MigrationResult } from "./migrate";

/** Below Linux's ephemeral range (32768–60999), so an outgoing connection never holds it when we start. */
export const DEFAULT_EMBEDDED_PORT = 15432;

export interface PreparedDatabase {
  url: string;
  source: "embedded" | "external";
  /** host:port/database, safe to print */
  target: string;
  migrations: MigrationResult;
  notes: string[];
  stop(): Promise<void>;
}

export interface PrepareOptions {
  config?: Config;
  log?: (line: string) => void;
  /** apply migrations only up to this one (a restore; default: all of them) */
  migrateUpTo?: string;
}

export async function prepareDatabase({
  config: c = config(),
  log = () => {},
  migrateUpTo,
}: PrepareOptions = {}): Promise<PreparedDatabase> {
  const external = c.DATABASE_URL?.trim();
  if (external) {
    await checkReachable(external);
    const migrations = await applyMigrations(external, undefined, { upTo: migrateUpTo });
    return {
      url: external,
      source: "external",
      target: describeDatabaseUrl(external),
      migrations,
      notes: [],
      stop: async () => {},
    };
  }
  const dataDir = path.resolve(c.ARENA_DATA_DIR, "postgres");
  const port = c.EMBEDDED_PG_PORT;
  log(`starting embedded PostgreSQL 17 in ${path.relative(process.cwd(), dataDir) || dataDir} on port ${port}`);
  const server = await startEmbeddedPostgres({ dataDir, port });
  try {
    const migrations = await applyMigrations(server.url, undefined, { upTo: migrateUpTo });
    return {
      url: server.url,
      source: "embedded",
      target: describeDatabaseUrl(server.url),
      migrations,
      notes: server.recovered,
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
