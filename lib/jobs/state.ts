// What the queues hold, read straight from pg-boss' tables: which subjects still have a job to do, and since when
// a queue has had one waiting. The tables exist once any runner has started; before that nothing is pending.
import type { Db } from "../db/context";
import { raw, sql } from "../db/sql";
import { JOBS_SCHEMA } from "./connection";
import type { QueueName } from "./queues";

async function jobsTableExists(db: Db): Promise<boolean> {
  const { rows } = await db.pool.query<{ ok: boolean }>(
    sql`SELECT to_regclass('${raw(JOBS_SCHEMA)}.job') IS NOT NULL AS ok`,
  );
  return rows[0]?.ok ?? false;
}

/**
 * The keys among `keys` with no job still waiting, running, retrying or failed on the queue (a failed one is archived
 * after a week, and then its subject gets another chance).
 */
export async function keysWithoutJob(db: Db, queue: QueueName, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  if (!(await jobsTableExists(db))) return keys;
  const { rows } = await db.pool.query<{ id: string }>(
    sql`SELECT u.id FROM unnest(${keys}::text[]) AS u(id)
      WHERE NOT EXISTS (SELECT 1 FROM ${raw(JOBS_SCHEMA)}.job j
                         WHERE j.name = ${queue} AND j.singleton_key = u.id AND j.state <> 'completed')`,
  );
  return rows.map((r) => r.id);
}

/** When the oldest job still waiting or running on the queue was made; null when none is. */
export async function oldestPending(db: Db, queue: QueueName): Promise<Date | null> {
  if (!(await jobsTableExists(db))) return null;
  const { rows } = await db.pool.query<{ requested: Date | null }>(
    sql`SELECT min(created_on) AS requested FROM ${raw(JOBS_SCHEMA)}.job WHERE name = ${queue} AND state IN ('created', 'retry', 'active')`,
  );
  return rows[0]?.requested ?? null;
}

export interface QueueDepth {
  queue: string;
  state: string;
  jobs: number;
  /** age of the oldest of them, seconds */
  oldestSeconds: number;
}

/** Jobs not yet done, per queue and state (created, retry, active), for the metrics endpoint. */
export async function queueDepths(db: Db): Promise<QueueDepth[]> {
  if (!(await jobsTableExists(db))) return [];
  const { rows } = await db.pool.query<QueueDepth>(
    sql`SELECT name AS queue, state::text AS state, count(*)::int AS jobs,
            extract(epoch FROM now() - min(created_on))::float8 AS "oldestSeconds"
       FROM ${raw(JOBS_SCHEMA)}.job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
  );
  return rows;
}
