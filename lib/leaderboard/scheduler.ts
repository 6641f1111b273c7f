// Keeps the snapshots fresh: after new votes, at most once per interval, and by one app instance at a time
// (a PostgreSQL advisory lock), so any number of instances can run the loop.

import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { JobHandlers, Schedule } from "../jobs";
import type { GroundTruthSource } from "./composite-run";
import { LiveBattleCache } from "./live-cache";
import { type FailedBoard, publishedSeconds, type RecomputeResult, recomputeSnapshots } from "./recompute";
import { latestDataAt } from "./run-snapshots";

const SNAPSHOT_LOCK = 0x5a_4e_41_50; // "ZNAP"

/** The votes this process read last time: its next recompute reads only what changed. */
const liveCache = new LiveBattleCache();

export interface TickResult {
  ran: boolean;
  reason: "no_new_votes" | "locked_elsewhere" | "recomputed" | "requested";
  result?: RecomputeResult;
}

export interface TickOptions {
  includeDemo?: boolean;
  judgedBy?: string;
  rounds?: number;
  /** an admin asked for it: recompute even without new votes */
  requested?: boolean;
  /** the benchmarks' pairwise outcomes, for the composite board */
  groundTruth?: GroundTruthSource;
}

/** One check: recompute when a vote or label is newer than the newest snapshot, or when asked to. */
export async function snapshotTick(db: Db, options: TickOptions = {}): Promise<TickResult> {
  const client = await db.pool.connect();
  try {
    const locked = (await client.query<{ ok: boolean }>(sql`SELECT pg_try_advisory_lock(${SNAPSHOT_LOCK}) AS ok`))
      .rows[0]?.ok;
    if (!locked) return { ran: false, reason: "locked_elsewhere" };
    try {
      // new since the last snapshot: a vote, or a label (tagging runs after the vote)
      const latest = await latestDataAt(db);
      const seen = (
        await client.query<{ seen: string | null }>(
          sql`SELECT params->>'dataAt' AS seen FROM "LeaderboardSnapshot" WHERE source = 'live'
            ORDER BY "createdAt" DESC LIMIT 1`,
        )
      ).rows[0]?.seen;
      const { requested, ...settings } = options;
      if (!latest || (seen && latest <= new Date(seen) && !requested)) return { ran: false, reason: "no_new_votes" };
      const result = await recomputeSnapshots(db, { ...settings, dataAt: latest, liveCache });
      return { ran: true, reason: requested ? "requested" : "recomputed", result };
    } finally {
      await client.query(sql`SELECT pg_advisory_unlock(${SNAPSHOT_LOCK})`);
    }
  } finally {
    client.release();
  }
}

const boardsFailed = (what: string, failed: FailedBoard[]) =>
  failed.length
    ? `; ${failed.length} ${what}: ${failed.map((f) => `${f.category}${f.styleControl ? "+style" : ""}: ${f.error}`).join("; ")}`
    : "";

function describeTick(tick: TickResult, ms: number): string {
  const read = tick.result?.read;
  const published = tick.result ? Math.round(1000 * publishedSeconds(tick.result.split)) : 0;
  return `leaderboard: ${tick.result?.snapshots.length} snapshots from ${tick.result?.votes} votes published in ${published} ms, their fragility by ${ms} ms (${read?.mode} read${read?.reason ? `: ${read.reason}` : ""})${boardsFailed("boards failed", tick.result?.failed ?? [])}${boardsFailed("boards without fragility", tick.result?.fragilityFailed ?? [])}`;
}

/** The console's recompute requests: a recompute even without new votes. */
export function leaderboardJobs(options: Omit<TickOptions, "requested">): JobHandlers {
  return {
    // while another instance holds the snapshot lock the job fails and the queue retries it shortly
    "leaderboard-recompute": async (_jobs, { db, log }) => {
      const started = Date.now();
      const tick = await snapshotTick(db, { ...options, requested: true });
      if (tick.reason === "locked_elsewhere") throw new Error("another instance is recomputing; retrying");
      if (tick.ran) log(`${describeTick(tick, Date.now() - started)} (requested)`);
    },
  };
}

/** Checks every `everyMs` for new votes or labels, and recomputes when there are. */
export function snapshotSchedule(everyMs: number, options: Omit<TickOptions, "requested">): Schedule {
  return {
    name: "leaderboard",
    everyMs,
    run: async ({ db, log }) => {
      const started = Date.now();
      const tick = await snapshotTick(db, options);
      if (tick.ran) log(describeTick(tick, Date.now() - started));
    },
  };
}
