// Keeps the snapshots fresh: after new votes, at most once per interval, and by one app instance at a time
// (a PostgreSQL advisory lock), so any number of instances can run the loop.

import { sleep } from "../async/sleep";
import type { Db } from "../db/context";
import { latestDataAt, type RecomputeResult, recomputeSnapshots } from "./recompute";
import { pendingRecompute } from "./recompute-requests";

const SNAPSHOT_LOCK = 0x5a_4e_41_50; // "ZNAP"

export interface TickResult {
  ran: boolean;
  reason: "no_new_votes" | "locked_elsewhere" | "recomputed" | "requested";
  result?: RecomputeResult;
}

/** One check: recompute when a vote or label is newer than the newest snapshot, or an admin asked for one. */
export async function snapshotTick(
  db: Db,
  options: { includeDemo?: boolean; judgedBy?: string; rounds?: number } = {},
): Promise<TickResult> {
  const client = await db.pool.connect();
  try {
    const locked = (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [SNAPSHOT_LOCK]))
      .rows[0]?.ok;
    if (!locked) return { ran: false, reason: "locked_elsewhere" };
    try {
      // new since the last snapshot: a vote, or a label (tagging runs after the vote)
      const latest = await latestDataAt(db);
      const seen = (
        await client.query<{ seen: string | null }>(
          `SELECT params->>'dataAt' AS seen FROM "LeaderboardSnapshot" WHERE source = 'live'
            ORDER BY "createdAt" DESC LIMIT 1`,
        )
      ).rows[0]?.seen;
      const requested = await pendingRecompute(db);
      if (!latest || (seen && latest <= new Date(seen) && !requested)) return { ran: false, reason: "no_new_votes" };
      const result = await recomputeSnapshots(db, { ...options, dataAt: latest });
      return { ran: true, reason: requested ? "requested" : "recomputed", result };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [SNAPSHOT_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Checks every `intervalMs` until the signal aborts. Failures are logged and retried at the next check. */
export async function runSnapshotLoop(
  db: Db,
  options: {
    intervalMs: number;
    signal: AbortSignal;
    includeDemo?: boolean;
    judgedBy?: string;
    log?: (line: string) => void;
  },
): Promise<void> {
  const log = options.log ?? (() => {});
  while (!options.signal.aborted) {
    try {
      const started = Date.now();
      const tick = await snapshotTick(db, { includeDemo: options.includeDemo, judgedBy: options.judgedBy });
      if (tick.ran) {
        log(
          `leaderboard: ${tick.result?.snapshots.length} snapshots from ${tick.result?.votes} votes in ${Date.now() - started} ms${
            tick.result?.failed.length
              ? `; ${tick.result.failed.length} boards failed: ${tick.result.failed.map((f) => `${f.category}${f.styleControl ? "+style" : ""}: ${f.error}`).join("; ")}`
              : ""
          }`,
        );
      }
    } catch (error) {
      log(`leaderboard: recompute failed, will retry: ${error instanceof Error ? error.message : String(error)}`);
    }
    await sleep(options.intervalMs, options.signal);
  }
}
