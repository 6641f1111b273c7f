// The live battles the leaderboard is computed from, read from the database into the rating engine's table: four
// parts of one row per vote (./vote-parts) read at once over one snapshot into a store of columns (./vote-store).

import type pg from "pg";
import { RULES_LABELLER } from "../categories/names";
import { config } from "../config";
import type { Db } from "../db/context";
import { Cursor } from "../db/cursor";
import { Lane } from "../db/lane";
import { raw, sql } from "../db/sql";
import { labelColumns, type Part, partQuery, styleColumns, type VoteFilter, voteColumns } from "./vote-parts";
import { LabelSet, type LiveBattles, VoteStore } from "./vote-store";

export type { VoteFilter } from "./vote-parts";
export type { Exclusions, LiveBattles } from "./vote-store";

/**
 * Memory for one connection's sorts and hash aggregates while loading, in MB: 200 per million votes (the style
 * pass's hash aggregate takes ~350 MB at 1M, within work_mem × hash_mem_multiplier 2), at least 256, at most
 * ARENA_LOAD_WORK_MEM_MB. Below what the aggregates need they spill to disk: PostgreSQL's default 4 MB doubled the
 * load at 1M; a fixed 256 MB made the style pass 29.9 s at 3M votes where 1 GB took 17.9 s (5.6 s at 1M).
 */
async function loadWorkMemMb(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ votes: number }>(
    sql`SELECT GREATEST(reltuples, 0)::float8 AS votes FROM pg_class WHERE oid = '"Vote"'::regclass`,
  );
  const wanted = Math.ceil((200 * (rows[0]?.votes ?? 0)) / 1e6);
  return Math.min(config().ARENA_LOAD_WORK_MEM_MB as number, Math.max(256, wanted));
}

/** Connections sharing one read-only snapshot, and the time it was taken (UTC, as the timestamp columns hold it). */
export interface Snapshot {
  clients: pg.PoolClient[];
  /** `YYYY-MM-DDTHH:MM:SS.mmm`, the transaction's start */
  at: string;
}

/** An open snapshot: its connections are the caller's until `close` (committed when `ok`, else rolled back). */
export interface OpenSnapshot extends Snapshot {
  close(ok: boolean): Promise<void>;
}

/**
 * Up to `lanes` connections sharing one read-only snapshot (fewer when the pool is smaller), each sorting and
 * hashing in `workMemMb` (by default what a recompute's load asks: loadWorkMemMb).
 */
export async function openSnapshot(db: Db, lanes: number, options: { workMemMb?: number } = {}): Promise<OpenSnapshot> {
  const count = Math.max(1, Math.min(lanes, db.pool.options.max ?? 1));
  const clients: pg.PoolClient[] = [];
  const close = async (ok: boolean) => {
    let committed = false;
    try {
      if (ok) for (const client of clients) await client.query(sql`COMMIT`);
      committed = ok;
    } finally {
      if (!committed) for (const client of clients) await client.query(sql`ROLLBACK`).catch(() => {});
      for (const client of clients) client.release();
    }
  };
  try {
    for (let lane = 0; lane < count; lane++) clients.push(await db.pool.connect());
    const [first, ...others] = clients as [pg.PoolClient, ...pg.PoolClient[]];
    await first.query(sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    const { id, at } = (
      await first.query<{ id: string; at: string }>(
        sql`SELECT pg_export_snapshot() AS id,
                to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS at`,
      )
    ).rows[0] as { id: string; at: string };
    for (const client of others) {
      await client.query(sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`);
      await client.query(sql`SET TRANSACTION SNAPSHOT '${raw(id)}'`);
    }
    const workMem = options.workMemMb ?? (await loadWorkMemMb(first));
    for (const client of clients) {
      // planned for reading every row (hash joins), not for a fast first row
      await client.query(sql`SET LOCAL cursor_tuple_fraction = 1; SET LOCAL work_mem = '${raw(String(workMem))}MB'`);
    }
    return { clients, at, close };
  } catch (error) {
    await close(false);
    throw error;
  }
}

/** Runs `work` on up to `lanes` connections sharing one snapshot (fewer when the pool is smaller). */
export async function inSnapshot<T>(db: Db, lanes: number, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const snapshot = await openSnapshot(db, lanes);
  let ok = false;
  try {
    const result = await work(snapshot);
    ok = true;
    return result;
  } finally {
    await snapshot.close(ok);
  }
}

/** Reads every part through its own cursor into `store`, as fast as each comes, `batchSize` rows at a time. */
export async function readParts(
  snapshot: Snapshot,
  store: VoteStore,
  parts: Part[],
  filter: VoteFilter | null,
  batchSize: number,
  onBatch: () => void,
): Promise<void> {
  // with fewer connections than parts (a small pool), parts share a connection and take turns
  const lanes = snapshot.clients.map((client) => new Lane(client));
  const before = store.count;
  const taken = parts.map(() => 0);
  await Promise.all(
    parts.map(async (part, k) => {
      const cursor = await Cursor.arrays(lanes[k % lanes.length] as Lane, partQuery(part, filter), batchSize);
      for (;;) {
        const rows = await cursor.fetch();
        part.take(rows, store);
        taken[k] = (taken[k] as number) + rows.length;
        onBatch();
        if (rows.length < batchSize) break;
      }
      await cursor.close();
    }),
  );
  if (taken.some((n) => n !== taken[0]) || store.count !== before + (taken[0] ?? 0) || !store.aligned()) {
    throw new Error("the parts of the live battles differ in length");
  }
}

export interface LoadOptions {
  includeDemo?: boolean;
  /** count the battles a cohort's tag marks (the operator's setting board.cohortVotes) */
  includeCohorts?: boolean;
  /** whose labels count for the judged categories: the judge's labeller name, or `rules` (the default) */
  judgedBy?: string;
  batchSize?: number;
  onProgress?: (votes: number) => void;
}

export function partsOf(options: LoadOptions, labelSet: LabelSet): Part[] {
  return [
    voteColumns(Boolean(options.includeDemo), Boolean(options.includeCohorts)),
    styleColumns(),
    labelColumns(options.judgedBy ?? RULES_LABELLER.name, labelSet),
  ];
}

/** Reads every vote into a new store, in the snapshot. */
export async function readAll(snapshot: Snapshot, options: LoadOptions) {
  const client = snapshot.clients[0] as pg.PoolClient;
  const labelSet = await LabelSet.sorted(client);
  // the store made to the votes' number (every part has a row per vote): ~0.6 s at 10M votes
  const { rows } = await client.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM "Vote"`);
  const store = new VoteStore(rows[0]?.n ?? 0);
  await readParts(snapshot, store, partsOf(options, labelSet), null, options.batchSize ?? 50_000, () =>
    options.onProgress?.(store.count),
  );
  store.compact();
  return { store, labelSet };
}

/**
 * `judgedBy`: whose labels count for the judged categories (the vision categories and refusal): the judge's
 * labeller name, or `rules` (the heuristic fallbacks) when no judge is set. The other tags always come from rules.
 */
export async function loadLiveBattles(db: Db, options: LoadOptions = {}): Promise<LiveBattles> {
  const { store, labelSet } = await inSnapshot(db, 4, (snapshot) => readAll(snapshot, options));
  return store.liveBattles(labelSet);
}
