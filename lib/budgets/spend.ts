// What each model has cost today (UTC), estimated from its prices and the tokens of the arena's answers and of offline
// runs (the drift watch's canary runs, benchmark runs), against the
// daily ceilings of the models file or the console (a model's own, and its provider's over all its models). A model
// past either ceiling leaves the battle draw until the next day: a runaway model, or a month's bill spent by noon,
// is the operator's to raise, not the visitors' to exhaust.
import type pg from "pg";
import { loadingCache } from "../async";
import { sql } from "../db/sql";

interface SpendRow {
  modelId: string;
  providerId: string;
  /** today's estimated spend in USD (answers finished since 00:00 UTC) */
  spendUsd: number;
  /** the model's own ceiling, null: none */
  budgetUsd: number | null;
  providerSpendUsd: number;
  providerBudgetUsd: number | null;
  /** false when the model has no price: its spend reads 0, so only a ceiling of 0 (no spend at all) binds */
  priced: boolean;
}

export interface ModelSpend extends SpendRow {
  /** past its own ceiling or its provider's */
  over: boolean;
}

/** The start of today in UTC, the window the ceilings are daily over. */
export const utcDayStart = (now = new Date()): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Every model's spend today, read now (the console; the draw reads it through `overBudget`'s cache). */
export async function spendToday(pool: pg.Pool, now = new Date()): Promise<ModelSpend[]> {
  // answers are priced when they end (ResponseMeta.tokens is written then): an answer still streaming is not in it
  const { rows } = await pool.query<SpendRow>(
    sql`WITH spend AS (
       SELECT "modelId", sum(usd) AS usd FROM (
         SELECT r."modelId",
                (COALESCE(r."inputTokens", 0) * COALESCE(m."priceInputPerMTok", 0)
                  + COALESCE(r.tokens, 0) * COALESCE(m."priceOutputPerMTok", 0)) / 1e6 AS usd
         FROM "ResponseMeta" r JOIN "Model" m ON m.id = r."modelId"
         WHERE r."createdAt" >= ${utcDayStart(now)} AND r.tokens IS NOT NULL
         UNION ALL
         -- offline runs (the drift watch's canary runs among them) are priced per answer when it is written
         SELECT run."modelId", a."costUsd" AS usd
         FROM "EvalAnswer" a JOIN "EvalRun" run ON run.id = a."runId"
         WHERE a."createdAt" >= ${utcDayStart(now)} AND a."costUsd" IS NOT NULL
       ) parts GROUP BY "modelId")
     SELECT m.id AS "modelId", m."providerId", COALESCE(s.usd, 0)::float8 AS "spendUsd", m."dailyBudgetUsd" AS "budgetUsd",
            (sum(COALESCE(s.usd, 0)) OVER (PARTITION BY m."providerId"))::float8 AS "providerSpendUsd",
            p."dailyBudgetUsd" AS "providerBudgetUsd",
            (m."priceInputPerMTok" IS NOT NULL OR m."priceOutputPerMTok" IS NOT NULL) AS priced
     FROM "Model" m JOIN "Provider" p ON p.id = m."providerId" LEFT JOIN spend s ON s."modelId" = m.id
     ORDER BY m.id`,
  );
  return rows.map((row) => ({ ...row, over: pastCeiling(row) }));
}

/** Whether a model's spend has reached its ceiling or its provider's (reaching it counts: the next answer is over). */
export const pastCeiling = (row: Omit<SpendRow, "modelId" | "providerId" | "priced">): boolean =>
  (row.budgetUsd !== null && row.spendUsd >= row.budgetUsd) ||
  (row.providerBudgetUsd !== null && row.providerSpendUsd >= row.providerBudgetUsd);

/**
 * How stale the draw's view of spend may be. An instance asks PostgreSQL once per window, so a ceiling can be passed
 * by what that window's battles cost (at most one window of answers per instance): the estimate is an estimate, and
 * a ceiling is set below what must never be spent.
 */
export const SPEND_CHECK_MS = 15_000;

const cache = new WeakMap<pg.Pool, ReturnType<typeof loadingCache>>();

/** The models past their ceilings now, as the battle draw sees them (per instance, at most SPEND_CHECK_MS old). */
export async function overBudget(pool: pg.Pool): Promise<Set<string>> {
  let entries = cache.get(pool);
  if (!entries) {
    entries = loadingCache({ max: 1, ttlMs: () => SPEND_CHECK_MS });
    cache.set(pool, entries);
  }
  return entries.get("over", async () => new Set((await spendToday(pool)).filter((m) => m.over).map((m) => m.modelId)));
}

/** Forgets the cached view (tests; the console after an admin changed a ceiling). */
export const forgetSpend = (pool: pg.Pool) => void cache.get(pool)?.clear();
