// A recompute run's snapshots in the database: written at once, the newest of each board read back for reuse, and
// payloads replaced when a later phase of the run (the boards' fragility) fills them in.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { SnapshotPayload } from "./serve";
import { readSnapshotPayload } from "./snapshot-payload";
import { VOTE_CHANGING_ACTIONS } from "./vote-changing-actions";
import type { Exclusions } from "./vote-store";

/** A board of a run: one category, with or without style control. */
export type BoardKeyed = { category: string; styleControl: boolean };

export const boardKey = (board: BoardKeyed) => `${board.category}\u0000${board.styleControl}`;

export interface NewSnapshot extends BoardKeyed {
  params: Record<string, unknown>;
  payload: SnapshotPayload;
  voteCount: number;
  excluded: Exclusions;
}

/**
 * The run in one statement: readers see a whole run or none of it (34 Prisma creates in a transaction took 0.7 s).
 * Returns each snapshot's id by board (boardKey).
 */
export async function insertSnapshots(db: Db, snapshots: NewSnapshot[]): Promise<Map<string, string>> {
  const { rows } = await db.pool.query<{ id: string; category: string; styleControl: boolean }>(
    sql`INSERT INTO "LeaderboardSnapshot" (id, category, "styleControl", params, payload, "voteCount", excluded, "createdAt")
     SELECT gen_random_uuid(), s.category, s."styleControl", s.params, s.payload, s."voteCount", s.excluded,
            now() AT TIME ZONE 'UTC'
       FROM jsonb_to_recordset(${JSON.stringify(snapshots)}::jsonb)
         AS s(category text, "styleControl" boolean, params jsonb, payload jsonb, "voteCount" int, excluded jsonb)
     RETURNING id, category, "styleControl"`,
  );
  return new Map(rows.map((row) => [boardKey(row), row.id]));
}

/** Replaces stored snapshots' payloads, all in one statement. */
export async function replacePayloads(db: Db, updates: { id: string; payload: SnapshotPayload }[]): Promise<void> {
  if (updates.length === 0) return;
  await db.pool.query(
    sql`UPDATE "LeaderboardSnapshot" s SET payload = u.payload
          FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS u(id uuid, payload jsonb)
         WHERE s.id = u.id`,
  );
}

export interface StoredBoard {
  id: string;
  digest: string | null;
  payload: SnapshotPayload;
}

/**
 * The newest live snapshot of each board that a run may copy, with the digest of its input: not those from before
 * digests, nor one whose fragility was never written (its run stopped after publishing it: it is fitted again).
 */
export async function newestBoards(db: Db): Promise<Map<string, StoredBoard>> {
  const { rows } = await db.pool.query<{
    id: string;
    category: string;
    styleControl: boolean;
    digest: string | null;
    payload: unknown;
  }>(
    sql`SELECT DISTINCT ON (category, "styleControl") id, category, "styleControl", params->>'inputDigest' AS digest, payload
       FROM "LeaderboardSnapshot" WHERE source = 'live'
      ORDER BY category, "styleControl", "createdAt" DESC`,
  );
  const boards = new Map<string, StoredBoard>();
  for (const row of rows) {
    if (row.digest === null) continue;
    const payload = readSnapshotPayload(row.payload, row.id);
    if (payload.fragilityPending) continue;
    boards.set(boardKey(row), { id: row.id, digest: row.digest, payload });
  }
  return boards;
}

/** The newest vote or category label: what a snapshot computed now has seen. */
export async function latestDataAt(db: Db): Promise<Date | null> {
  const { rows } = await db.pool.query<{ latest: Date | null }>(
    // a ban, a moderation decision or a visitor's deletion of their data changes what counts as much as a vote does,
    // and a benchmark's new verdicts change the composite board: the next tick recomputes
    sql`SELECT GREATEST((SELECT max("createdAt") FROM "Vote"), (SELECT max("createdAt") FROM "BattleCategory"),
                     (SELECT max("createdAt") FROM "BenchmarkVerdict"),
                     (SELECT max("createdAt") FROM "AuditEntry"
                       WHERE action = ANY(${VOTE_CHANGING_ACTIONS}::text[]))) AS latest`,
  );
  return rows[0]?.latest ?? null;
}
