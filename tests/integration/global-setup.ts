// Integration tests run against a real PostgreSQL: a throw-away embedded server in a temporary folder, or the
// server in DATABASE_URL, where a fresh database is created for this run and dropped after it.
import type { TestProject } from "vitest/node";
import { startTemporaryPostgres } from "../../lib/db/embedded";
import { applyMigrations } from "../../lib/db/migrate";
import { createDatabase, dropDatabase, withDatabase } from "./db-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** a database with every migration applied, shared by the run */
    databaseUrl: string;
    /** any database on the same server, for tests that create their own scratch databases */
    serverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL?.trim();
  let serverUrl: string;
  let stopServer = async () => {};
  if (external) {
    serverUrl = external;
  } else {
    const server = await startTemporaryPostgres("arena-it-");
    serverUrl = server.url;
    stopServer = () => server.stop();
  }
  const name = `arena_test_${Date.now().toString(36)}_${process.pid}`;
  await createDatabase(serverUrl, name);
  const databaseUrl = withDatabase(serverUrl, name);
  await applyMigrations(databaseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("serverUrl", serverUrl);
  return async () => {
    await dropDatabase(serverUrl, name).catch(() => undefined);
    await stopServer();
  };
}
