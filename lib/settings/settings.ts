// Admin-set values (Setting rows; never secrets), each with the environment variable that serves as its default.
// Hot paths read them through a per-process cache of a few seconds, so a change reaches every instance quickly.
import { z } from "zod";
import { loadingCache } from "../async";
import { type Config, config } from "../config";
import type { Db } from "../db/context";
import { sql } from "../db/sql";

export const SETTINGS = {
  "export.licence": {
    label: "Licence text printed in every dataset's datasheet",
    schema: z.string().max(20_000),
    fromEnv: (c: Config) => c.ARENA_DATA_LICENCE?.trim() || "",
  },
  "votes.dailyCountedCap": {
    label: "Counted votes per visitor per day (later votes are kept but not counted)",
    schema: z.number().int().min(1).max(100_000),
    fromEnv: (c: Config) => c.ARENA_DAILY_COUNTED_VOTES,
  },
  "board.cohortVotes": {
    label: "Count cohorts' battles (?c=<name>) on the public boards",
    schema: z.boolean(),
    fromEnv: (c: Config) => Boolean(c.ARENA_COHORT_VOTES_ON_BOARD),
  },
  "arena.pairing": {
    label: "How battles' pairs are drawn: uniform (FastChat's weights) or adaptive, with its exploration floor",
    schema: z.strictObject({ policy: z.enum(["uniform", "adaptive"]), exploration: z.number().min(0.05).max(1) }),
    fromEnv: (c: Config) => ({ policy: c.ARENA_PAIRING, exploration: c.ARENA_PAIRING_EXPLORATION }),
  },
  "board.compositeWeights": {
    label: "The composite board's weights: human votes, and each ground-truth benchmark",
    schema: z.strictObject({
      human: z.number().min(0).max(100),
      benchmarks: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/), z.number().min(0).max(100)),
    }),
    // unset: null, and the composite board takes each registered benchmark's own default weight (lib/benchmarks)
    fromEnv: (c: Config) =>
      (c.ARENA_COMPOSITE_WEIGHTS ?? null) as { human: number; benchmarks: Record<string, number> } | null,
  },
} as const;

export type SettingKey = keyof typeof SETTINGS;
/** What a setting holds: its schema's type, or what its environment default gives (null where the default is
 *  another module's to decide). */
export type SettingValue<K extends SettingKey> =
  | z.infer<(typeof SETTINGS)[K]["schema"]>
  | ReturnType<(typeof SETTINGS)[K]["fromEnv"]>;

export async function readSetting<K extends SettingKey>(
  db: Db,
  key: K,
  c: Config = config(),
): Promise<SettingValue<K>> {
  const { rows } = await db.pool.query<{ value: unknown }>(sql`SELECT value FROM "Setting" WHERE key = ${key}`);
  const parsed = SETTINGS[key].schema.safeParse(rows[0]?.value);
  return (parsed.success ? parsed.data : SETTINGS[key].fromEnv(c)) as SettingValue<K>;
}

/**
 * Stores any JSON value under `key`, unchecked: for the app's own bookkeeping keys; admins go through writeSetting.
 * A value that records the read it was computed from (`readFrom`, the database's clock taken before that read) never
 * replaces one computed from a later read: two jobs processes may compute the same value at once and finish in
 * either order, and the one that began reading last has seen every write the other saw. Returns whether it was stored.
 */
export async function storeSetting(db: Db, key: string, value: unknown): Promise<boolean> {
  const { rowCount } = await db.pool.query(
    sql`INSERT INTO "Setting" (key, value, "updatedAt") VALUES (${key}, ${JSON.stringify(value)}::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()
     WHERE EXCLUDED.value->>'readFrom' IS NULL OR "Setting".value->>'readFrom' IS NULL
        OR ("Setting".value->>'readFrom')::timestamptz <= (EXCLUDED.value->>'readFrom')::timestamptz`,
  );
  return rowCount === 1;
}

/** The database's clock now, for a stored value's `readFrom`: instances' own clocks may disagree. */
export async function databaseNow(db: Db): Promise<string> {
  const { rows } = await db.pool.query<{ now: Date }>(sql`SELECT clock_timestamp() AS now`);
  return (rows[0] as { now: Date }).now.toISOString();
}

/** Stores a value; null goes back to the environment's default. */
export async function writeSetting<K extends SettingKey>(
  db: Db,
  key: K,
  value: z.infer<(typeof SETTINGS)[K]["schema"]> | null,
): Promise<void> {
  if (value === null) {
    await db.pool.query(sql`DELETE FROM "Setting" WHERE key = ${key}`);
  } else {
    await storeSetting(db, key, SETTINGS[key].schema.parse(value));
  }
  cache.delete(key);
}

const cache = loadingCache({ max: 100, ttlMs: () => 5_000 });

/** readSetting, at most once every few seconds per process. */
export const cachedSetting = <K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> =>
  cache.get(key, () => readSetting(db, key));

/** Every setting with its current value and whether it comes from the database or the environment. */
export async function allSettings(db: Db) {
  const { rows } = await db.pool.query<{ key: string; value: unknown }>(sql`SELECT key, value FROM "Setting"`);
  return Object.entries(SETTINGS).map(([key, spec]) => {
    const stored = rows.find((r) => r.key === key);
    const parsed = spec.schema.safeParse(stored?.value);
    return {
      key,
      label: spec.label,
      value: parsed.success ? parsed.data : spec.fromEnv(config()),
      source: parsed.success ? "console" : "environment",
    };
  });
}
