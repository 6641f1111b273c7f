// The jobs process says it is alive: a row in "WorkerHeartbeat" renewed every BEAT_MS. An instance whose launcher
// started a jobs process beside it (ARENA_JOBS_PEER) is ready only while that row is fresh, so a load balancer stops
// sending work to a machine whose background work (snapshots, labels, evaluations) has died.
import os from "node:os";
import { sleep } from "../async/sleep";
import type { Db } from "../db/context";
import { sql } from "../db/sql";

export const BEAT_MS = 5_000;
/** Six missed beats: a process that long silent is gone or stuck. */
export const STALE_MS = 30_000;

export interface Heartbeat {
  id: string;
  role: string;
  host: string;
  startedAt: Date;
  beatAt: Date;
  /** how long ago the last beat was, by the database's clock (no skew between hosts) */
  ageMs: number;
}

/** Renews the process's row every BEAT_MS until the signal aborts; a failed beat (database away) is retried. */
export async function keepBeating(db: Db, id: string, role: string, signal: AbortSignal): Promise<void> {
  const startedAt = new Date();
  while (!signal.aborted) {
    await db.pool
      .query(
        sql`INSERT INTO "WorkerHeartbeat" (id, role, host, "startedAt", "beatAt") VALUES (${id}, ${role}, ${os.hostname()}, ${startedAt}, now())
         ON CONFLICT (id) DO UPDATE SET "beatAt" = now()`,
      )
      .catch(() => undefined);
    await sleep(BEAT_MS, signal);
  }
  await db.pool.query(sql`DELETE FROM "WorkerHeartbeat" WHERE id = ${id}`).catch(() => undefined);
}

/** The process's last beat, or null when it never beat (or stopped cleanly). */
export async function readHeartbeat(db: Pick<Db, "pool">, id: string): Promise<Heartbeat | null> {
  const { rows } = await db.pool.query<Omit<Heartbeat, "ageMs"> & { ageMs: number }>(
    sql`SELECT id, role, host, "startedAt", "beatAt",
            (extract(epoch FROM now() - "beatAt") * 1000)::float8 AS "ageMs"
       FROM "WorkerHeartbeat" WHERE id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Every process's last beat, seconds ago (the metrics endpoint's view). */
export async function heartbeatAges(db: Pick<Db, "pool">): Promise<{ id: string; host: string; ageSeconds: number }[]> {
  const { rows } = await db.pool.query<{ id: string; host: string; ageSeconds: number }>(
    sql`SELECT id, host, extract(epoch FROM now() - "beatAt")::float8 AS "ageSeconds" FROM "WorkerHeartbeat"`,
  );
  return rows;
}
