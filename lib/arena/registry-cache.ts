// The model registry as the hot paths need it (the sampling pool, names to reveal, identity words to check), read
// at most every few seconds per process, so admin changes apply within seconds without a restart. A cache of database rows, not shared state: every instance reads its own.
import type pg from "pg";
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
  at: number;
  models: Map<string, RegistryModel>;
  terms: IdentityTerms;
}

const TTL_MS = 10_000;
const cache = new WeakMap<pg.Pool, Promise<Snapshot>>();

async function load(pool: pg.Pool): Promise<Snapshot> {
  const { rows } = await pool.query<RegistryModel>(
    `SELECT id, "displayName", "providerModelId", organization, license, "isDemo", vision, enabled, outage, weight,
            "battleTargets" FROM "Model"`,
  );
  return { at: Date.now(), models: new Map(rows.map((m) => [m.id, m])), terms: identityTerms(rows) };
}

export async function registrySnapshot(pool: pg.Pool): Promise<Snapshot> {
  const current = cache.get(pool);
  if (current) {
    const snapshot = await current.catch(() => null);
    if (snapshot && Date.now() - snapshot.at < TTL_MS) return snapshot;
  }
  const next = load(pool);
  cache.set(pool, next);
  return next;
}

/** Forget the cached registry (after the registry changes in this process). */
export function invalidateRegistry(pool: pg.Pool): void {
  cache.delete(pool);
}
