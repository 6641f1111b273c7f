// The model registry as the hot paths need it (the sampling pool, names to reveal, identity words to check). Each
// process keeps its own copy and, at most once a second, asks PostgreSQL whether the registry changed (the
// newest updatedAt and the count: one index-free scan of a few dozen rows); only then are the rows read again. An
// admin's edit therefore reaches every instance within a second, without a restart.
import type pg from "pg";
import { sql } from "../db/sql";
import { type IdentityTerms, identityTerms } from "./identity";

export interface RegistryModel {
  id: string;
  displayName: string;
  providerModelId: string;
  organization: string | null;
  license: string | null;
  isDemo: boolean;
  vision: boolean;
  enabled: boolean;
  outage: boolean;
  weight: number;
  battleTargets: string[];
}

interface Snapshot {
  /** when the version was last confirmed */
  at: number;
  version: string;
  models: Map<string, RegistryModel>;
  terms: IdentityTerms;
}

const CHECK_MS = 1_000;
const cache = new WeakMap<pg.Pool, Promise<Snapshot>>();

const VERSION_SQL = `SELECT COALESCE(max("updatedAt")::text, '') || '/' || count(*) AS version FROM "Model"`;

async function version(pool: pg.Pool): Promise<string> {
  return (await pool.query<{ version: string }>(VERSION_SQL)).rows[0]?.version ?? "";
}

async function load(pool: pg.Pool): Promise<Snapshot> {
  // version first: an edit landing between the two reads shows up as a newer version at the next check
  const current = await version(pool);
  const { rows } = await pool.query<RegistryModel>(
    sql`SELECT id, "displayName", "providerModelId", organization, license, "isDemo", vision, enabled, outage, weight,
            "battleTargets" FROM "Model"`,
  );
  return { at: Date.now(), version: current, models: new Map(rows.map((m) => [m.id, m])), terms: identityTerms(rows) };
}

async function refresh(pool: pg.Pool, previous: Snapshot): Promise<Snapshot> {
  const current = await version(pool);
  return current === previous.version ? { ...previous, at: Date.now() } : load(pool);
}

export async function registrySnapshot(pool: pg.Pool): Promise<Snapshot> {
  const pending = cache.get(pool);
  const snapshot = pending ? await pending.catch(() => null) : null;
  if (snapshot && Date.now() - snapshot.at < CHECK_MS) return snapshot;
  // a second caller in the same moment shares this check instead of starting its own
  if (cache.get(pool) !== pending && cache.get(pool)) return registrySnapshot(pool);
  const next = snapshot ? refresh(pool, snapshot) : load(pool);
  cache.set(pool, next);
  return next;
}

/** Forget the cached registry (after the registry changes in this process). */
export function invalidateRegistry(pool: pg.Pool): void {
  cache.delete(pool);
}
