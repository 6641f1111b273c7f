// Vote integrity over the database: voters the sequential outlier test flags, for review, and bans (a banned
// visitor's votes are left out of the next snapshot).

import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { sql } from "../db/sql";
import { NotFound } from "../errors";
import { detectOutliers, type Flagged } from "./outliers";

const SCORE: Record<string, number> = { model_a: 1, model_b: 0, tie: 0.5, "tie (bothbad)": 0.5 };

/** Counted, anonymous votes of visitors not banned yet, oldest first, through the outlier test. */
export async function flaggedVoters(db: Db, options: { alpha?: number } = {}): Promise<Flagged[]> {
  const { rows } = await db.pool.query<{ voter: string; modelA: string; modelB: string; winner: string }>(
    sql`SELECT v."visitorId" AS voter, v."modelAId" AS "modelA", v."modelBId" AS "modelB", v.winner::text AS winner
       FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId" JOIN "Visitor" vis ON vis.id = v."visitorId"
      WHERE v.counted AND v.anonymous AND NOT c."isDemo" AND vis."bannedAt" IS NULL
      ORDER BY v."createdAt", v.id`,
  );
  return detectOutliers(
    rows.map((r) => ({ voter: r.voter, modelA: r.modelA, modelB: r.modelB, score: SCORE[r.winner] ?? 0.5 })),
    options,
  );
}

/** What the test's answer depends on: the newest vote and the bans. */
async function integrityVersion(db: Db): Promise<string> {
  const { rows } = await db.pool.query<{ version: string }>(
    sql`SELECT COALESCE((SELECT max("createdAt")::text FROM "Vote"), '') || '/' ||
            (SELECT count(*) || '/' || COALESCE(max("bannedAt")::text, '') FROM "Visitor" WHERE "bannedAt" IS NOT NULL)
            AS version`,
  );
  return rows[0]?.version ?? "";
}

const cached = new WeakMap<Db["pool"], { version: string; alpha: number | undefined; flagged: Promise<Flagged[]> }>();

/**
 * flaggedVoters for the console: the test reads every counted vote (seconds at a million), so each process keeps
 * the answer until a vote arrives or a ban changes.
 */
export async function flaggedVotersCached(db: Db, options: { alpha?: number } = {}): Promise<Flagged[]> {
  const version = await integrityVersion(db);
  const hit = cached.get(db.pool);
  if (hit && hit.version === version && hit.alpha === options.alpha) return hit.flagged;
  const flagged = flaggedVoters(db, options);
  cached.set(db.pool, { version, alpha: options.alpha, flagged });
  flagged.catch(() => cached.delete(db.pool));
  return flagged;
}

/** Bans a visitor: they can no longer take part, and their votes leave the leaderboard at the next snapshot. */
export async function banVisitor(db: Db, visitorId: string, reason: string): Promise<boolean> {
  await requireVisitor(db, visitorId);
  const updated = await db.prisma.visitor.updateMany({
    where: { id: visitorId, bannedAt: null },
    data: { bannedAt: new Date(), banReason: reason },
  });
  return updated.count === 1;
}

/** Ban and unban name a visitor that must exist (false from them means: nothing to change). */
async function requireVisitor(db: Db, visitorId: string) {
  const known =
    isUuid(visitorId) && (await db.prisma.visitor.findUnique({ where: { id: visitorId }, select: { id: true } }));
  if (!known) throw new NotFound("unknown_visitor", "no such visitor");
}

/** Lifts a ban; the visitor's votes count again from the next snapshot. */
export async function unbanVisitor(db: Db, visitorId: string): Promise<boolean> {
  await requireVisitor(db, visitorId);
  const updated = await db.prisma.visitor.updateMany({
    where: { id: visitorId, bannedAt: { not: null } },
    data: { bannedAt: null, banReason: null },
  });
  return updated.count === 1;
}

/** Banned visitors, newest ban first, with how many votes they cast. */
export async function bannedVisitors(db: Db, limit = 200) {
  const { rows } = await db.pool.query<{ id: string; bannedAt: Date; banReason: string | null; votes: number }>(
    sql`SELECT vis.id, vis."bannedAt", vis."banReason", (SELECT count(*)::int FROM "Vote" v WHERE v."visitorId" = vis.id) AS votes
       FROM "Visitor" vis WHERE vis."bannedAt" IS NOT NULL ORDER BY vis."bannedAt" DESC LIMIT ${limit}`,
  );
  return rows;
}
