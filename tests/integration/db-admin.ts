import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDb } from "../../lib/db";
import { applyMigrations } from "../../lib/db/migrate";

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

/** An empty database on the test server, dropped by the returned function. */
export async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `arena_scratch_${crypto.randomBytes(5).toString("hex")}`;
  await createDatabase(serverUrl, name);
  return { url: withDatabase(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/** A scratch database on the tests' server with every migration applied: how most test files begin. */
export async function migratedScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const scratch = await scratchDatabase(inject("databaseUrl"));
  await applyMigrations(scratch.url);
  return scratch;
}

/** Runs one statement on its own connection and returns the rows. */
export async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/** A migrated scratch database holding one demo provider and these models (id = provider model id = name): for the
 *  tests of the schema's own rules, which need models to hang battles on and nothing else. */
export async function databaseWithModels(provider: string, models: readonly string[]) {
  const { url, drop } = await migratedScratchDatabase();
  const db = createDb(url);
  await db.prisma.provider.create({ data: { id: provider, type: "demo" } });
  for (const id of models) {
    await db.prisma.model.create({ data: { id, providerId: provider, providerModelId: id, displayName: id } });
  }
  return { db, drop };
}
