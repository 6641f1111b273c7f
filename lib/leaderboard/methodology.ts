// The methodology changelog, as LMArena publishes one since July 2025: every change of a board's method (interval
// method, reweighting, listing minimum, rounds, seed, style features, penalties, scale), dated, with what changed and
// how far it moved the board: the largest rank and score moves of any model between the last board before the change
// and the first after it. Read from the method each live snapshot stores; the newest vote and the input hash are
// the data, not the method, and are left out of the comparison.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { type BoardKey, DEFAULT_BOARD } from "./history";

type Method = Record<string, unknown>;

export interface MethodChange {
  at: Date;
  /** null for the first recorded method (or boards from before methods were recorded) */
  before: Method | null;
  after: Method | null;
  /** the fields that differ */
  changed: string[];
  /** the largest moves of a model present on both boards; null for the first */
  moves: {
    rank: { model: string; from: number | null; to: number | null } | null;
    score: { model: string; from: number; to: number } | null;
  } | null;
}

type Entry = { model: string; rating: number; rank: number | null };

function largestMoves(before: Entry[], after: Entry[]): NonNullable<MethodChange["moves"]> {
  const was = new Map(before.map((m) => [m.model, m]));
  let rank: NonNullable<MethodChange["moves"]>["rank"] = null;
  let score: NonNullable<MethodChange["moves"]>["score"] = null;
  let rankStep = 0;
  let scoreStep = 0;
  for (const m of after) {
    const old = was.get(m.model);
    if (!old) continue;
    // a model that gained or lost its rank moved by the whole board
    const step =
      old.rank === null && m.rank === null
        ? 0
        : old.rank === null || m.rank === null
          ? Math.max(before.length, after.length)
          : Math.abs(m.rank - old.rank);
    if (step > rankStep) {
      rankStep = step;
      rank = { model: m.model, from: old.rank, to: m.rank };
    }
    if (Math.abs(m.rating - old.rating) > scoreStep) {
      scoreStep = Math.abs(m.rating - old.rating);
      score = { model: m.model, from: old.rating, to: m.rating };
    }
  }
  return { rank, score };
}

const changedFields = (before: Method | null, after: Method | null) =>
  [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .sort();

/** Every method change of one board (default: the public's), oldest first. */
export async function methodChanges(db: Db, board: BoardKey = DEFAULT_BOARD): Promise<MethodChange[]> {
  const { rows } = await db.pool.query<{
    at: Date;
    method: Method | null;
    before: Method | null;
    models: Entry[];
    before_models: Entry[] | null;
    first: boolean;
  }>(
    sql`WITH boards AS (
       SELECT id, "createdAt" AS at, (payload->'method') - 'voteCutoff'::text - 'dataHash'::text AS method,
              lag((payload->'method') - 'voteCutoff'::text - 'dataHash'::text) OVER w AS before,
              lag(id) OVER w AS before_id,
              row_number() OVER w = 1 AS first
         FROM "LeaderboardSnapshot"
        WHERE source = 'live' AND category = ${board.category} AND "styleControl" = ${board.styleControl}
       WINDOW w AS (ORDER BY "createdAt", id))
     SELECT b.at, b.method, b.before, b.first,
            (SELECT jsonb_agg(jsonb_build_object('model', m->>'model', 'rating', (m->>'rating')::float8, 'rank', m->'rank'))
               FROM "LeaderboardSnapshot" s, jsonb_array_elements(s.payload->'models') m WHERE s.id = b.id) AS models,
            (SELECT jsonb_agg(jsonb_build_object('model', m->>'model', 'rating', (m->>'rating')::float8, 'rank', m->'rank'))
               FROM "LeaderboardSnapshot" s, jsonb_array_elements(s.payload->'models') m WHERE s.id = b.before_id)
              AS before_models
       FROM boards b
      WHERE b.first OR b.before IS DISTINCT FROM b.method
      ORDER BY b.at`,
  );
  return rows.map((r) => ({
    at: r.at,
    before: r.first ? null : r.before,
    after: r.method,
    changed: r.first ? [] : changedFields(r.before, r.method),
    moves: r.first || !r.before_models ? null : largestMoves(r.before_models, r.models ?? []),
  }));
}
