// "Recompute now" from the console. A recompute of every board can take minutes at a million votes, so the console
// does not run it in a web request: it queues a pg-boss job that the jobs process works. The queue is "stately":
// at most one request waits while one runs, so any number of clicks coalesce into one more recompute. The run itself
// still takes the snapshot lock (scheduler.ts), so it never overlaps the periodic one on another instance.
import type PgBoss from "pg-boss";
import type { Db } from "../db/context";

export const RECOMPUTE_QUEUE = "leaderboard-recompute";

export async function createRecomputeQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(RECOMPUTE_QUEUE, {
    name: RECOMPUTE_QUEUE,
    policy: "stately",
    // another instance holding the snapshot lock: try again shortly
    retryLimit: 20,
    retryDelay: 5,
    expireInSeconds: 3600,
  });
}

export async function requestRecompute(boss: PgBoss): Promise<Date> {
  await createRecomputeQueue(boss);
  const at = new Date();
  await boss.send(RECOMPUTE_QUEUE, { requestedAt: at.toISOString() });
  return at;
}

/** When the oldest request still waiting or running was made; null when none is (or no queue exists yet). */
export async function pendingRecompute(db: Db): Promise<Date | null> {
  // pg-boss makes its tables when the jobs process first starts
  const exists = await db.pool.query<{ ok: boolean }>(`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
  if (!exists.rows[0]?.ok) return null;
  const { rows } = await db.pool.query<{ requested: Date | null }>(
    `SELECT min(created_on) AS requested FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
    [RECOMPUTE_QUEUE],
  );
  return rows[0]?.requested ?? null;
}
