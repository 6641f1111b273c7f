// The staff's view of cohorts (issue 69): each tag with its battles and votes, and one cohort's own board, fitted
// from its counted votes alone with the same Bradley–Terry fit and bootstrap intervals as the public board (no style
// control: a class's few dozen votes cannot carry its seven extra coefficients).
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { NotFound } from "../errors";
import { countedOnBoard } from "../leaderboard/vote-parts";
import { BattleTableBuilder, computeLeaderboard, type ModelRating } from "../ratings";
import type { Winner } from "../ratings/types";
import { parseCohort } from "./client";

export interface CohortSummary {
  name: string;
  battles: number;
  /** votes that would count on a board (anonymous, not moderated, not from a banned visitor) */
  votes: number;
  firstAt: string;
  lastAt: string;
}

/** Every cohort, the most recently active first. */
export async function cohortSummaries(db: Db): Promise<CohortSummary[]> {
  const { rows } = await db.pool.query<{ name: string; battles: number; votes: number; first: Date; last: Date }>(
    sql`SELECT c.cohort AS name, count(*)::int AS battles,
               count(v.id) FILTER (WHERE v.id IS NOT NULL AND ${countedOnBoard(true, true)})::int AS votes,
               min(c."createdAt") AS first, max(c."createdAt") AS last
          FROM "Conversation" c
          LEFT JOIN "Vote" v ON v."conversationId" = c.id
          LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
         WHERE c.cohort IS NOT NULL AND c.mode = 'battle'
         GROUP BY c.cohort ORDER BY max(c."createdAt") DESC`,
  );
  return rows.map((r) => ({
    name: r.name,
    battles: r.battles,
    votes: r.votes,
    firstAt: r.first.toISOString(),
    lastAt: r.last.toISOString(),
  }));
}

export interface CohortBoard {
  cohort: string;
  votes: number;
  models: ModelRating[];
  warnings: string[];
}

/** One cohort's board from its counted votes (demo models included: a class may try the arena on them). */
export async function cohortBoard(db: Db, name: string, rounds = 100): Promise<CohortBoard> {
  const cohort = parseCohort(name) as string;
  const { rows } = await db.pool.query<{ winner: Winner; a: string; b: string }>(
    sql`SELECT v.winner::text AS winner, v."modelAId" AS a, v."modelBId" AS b
          FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId"
          LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
         WHERE c.cohort = ${cohort} AND ${countedOnBoard(true, true)}
         ORDER BY v."createdAt", v.id`,
  );
  if (rows.length === 0) {
    const known = await db.pool.query(sql`SELECT 1 FROM "Conversation" WHERE cohort = ${cohort} LIMIT 1`);
    if (known.rowCount === 0) throw new NotFound("unknown_cohort", `no battle carries the cohort '${cohort}'`);
    return { cohort, votes: 0, models: [], warnings: [] };
  }
  const builder = new BattleTableBuilder();
  for (const row of rows) builder.add({ modelA: row.a, modelB: row.b, winner: row.winner, anony: true });
  const table = builder.build();
  const board = await computeLeaderboard(table, Uint32Array.from(rows.keys()), { bootstrapRounds: rounds });
  return { cohort, votes: rows.length, models: board.models, warnings: board.warnings };
}
