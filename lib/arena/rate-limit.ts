// Fixed-window counters in PostgreSQL, so limits hold across every app instance. Hand-written SQL: every prompt
// passes here, and one upsert of all its counters in one round trip is what keeps that cheap (lib/db/pool.ts says
// why the hot paths use node-postgres rather than Prisma).
import type pg from "pg";
import { type Config, config } from "../config";
import { sql } from "../db/sql";
import { Forbidden, RateLimited } from "../errors";
import { arenaSettings } from "./settings";

export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

const windowStart = (limit: Limit, now: number) => {
  const windowMs = limit.windowSeconds * 1000;
  return Math.floor(now / windowMs) * windowMs;
};

/**
 * Window starts are stored in UTC, as Prisma stores its DateTime fields. Counts one hit on every limit in one statement. Keys are taken in sorted order, so two requests touching the same
 * counters never wait on each other in a cycle.
 */
const upsert = (limits: Limit[], now: number) => {
  const [keys, windows] = windowsOf(limits, now);
  return sql`INSERT INTO "RateLimitBucket" ("key", "windowStart", "count")
  SELECT k, w::timestamptz AT TIME ZONE 'UTC', 1 FROM unnest(${keys}::text[], ${windows}::text[]) AS u(k, w) ORDER BY k
  ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
  RETURNING "key", "count"`;
};

/** The limits' keys in sorted order and the start of each one's current window (UTC). */
const windowsOf = (limits: Limit[], now: number) => {
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : 1));
  return [sorted.map((l) => l.key), sorted.map((l) => new Date(windowStart(l, now)).toISOString())];
};

function enforce(limits: Limit[], counts: { key: string; count: number }[], now: number) {
  for (const limit of limits) {
    const count = Number(counts.find((c) => c.key === limit.key)?.count ?? 0);
    if (count > limit.limit) {
      const end = windowStart(limit, now) + limit.windowSeconds * 1000;
      throw new RateLimited("rate_limited", limit.message, Math.max(1, Math.ceil((end - now) / 1000)));
    }
  }
}

export async function hitLimits(pool: pg.Pool, limits: Limit[], now = Date.now()): Promise<void> {
  if (limits.length === 0) return;
  const { rows } = await pool.query<{ key: string; count: number }>(upsert(limits, now));
  enforce(limits, rows, now);
}

/** The hourly limits, as configured (the arena's settings hold them with the rest). */
export const rateLimits = (c: Config = config()) => arenaSettings(c).rates;

/** Every prompt counts against its visitor and its IP. */
export function promptLimits(visitorId: string, ipHash: string | null): Limit[] {
  const limits = rateLimits();
  const message = "You are sending messages faster than we can serve; please wait a little and try again.";
  return [
    { key: `visitor:${visitorId}`, limit: limits.visitorPerHour, windowSeconds: 3600, message },
    ...(ipHash ? [{ key: `ip:${ipHash}`, limit: limits.ipPerHour, windowSeconds: 3600, message }] : []),
  ];
}

/**
 * Every Regenerate and Retry calls the models again without a new prompt: it counts against the battle, the
 * visitor and the IP, apart from prompts (a visitor who never regenerates keeps every prompt of the hour).
 */
export function againLimits(visitorId: string, ipHash: string | null, conversationId: string): Limit[] {
  const limits = rateLimits();
  const message = "You have asked for new answers too often; please wait a little, or start a new round.";
  return [
    { key: `again:battle:${conversationId}`, limit: limits.againPerBattle, windowSeconds: 3600, message },
    { key: `again:visitor:${visitorId}`, limit: limits.againVisitorPerHour, windowSeconds: 3600, message },
    ...(ipHash ? [{ key: `again:ip:${ipHash}`, limit: limits.againIpPerHour, windowSeconds: 3600, message }] : []),
  ];
}

/** Reports of answers, apart from prompts: a visitor who reports much keeps every prompt of the hour. */
export function reportLimits(visitorId: string): Limit[] {
  const message = "You have sent many reports in a short time; please wait a little before sending another.";
  return [{ key: `report:visitor:${visitorId}`, limit: rateLimits().reportsPerHour, windowSeconds: 3600, message }];
}

export interface VisitorStanding {
  termsAcceptedAt: Date | null;
  bannedAt: Date | null;
}

/** Takes back one hit on each limit (a sign-in that succeeded does not count toward the lockout). */
export async function forgiveLimits(pool: pg.Pool, limits: Limit[], now = Date.now()): Promise<void> {
  if (limits.length === 0) return;
  const [keys, windows] = windowsOf(limits, now);
  await pool.query(
    sql`UPDATE "RateLimitBucket" b SET "count" = greatest(b."count" - 1, 0)
       FROM unnest(${keys}::text[], ${windows}::text[]) AS u(k, w)
      WHERE b."key" = u.k AND b."windowStart" = u.w::timestamptz AT TIME ZONE 'UTC'`,
  );
}

/** A visitor may prompt, vote and ask for answers once they accepted the terms, and until they are banned. */
export function checkStanding(visitor: VisitorStanding | undefined): void {
  if (!visitor?.termsAcceptedAt) throw new Forbidden("terms_required", "please accept the terms of use first");
  if (visitor.bannedAt) throw new Forbidden("visitor_banned", BANNED_MESSAGE);
}

export const BANNED_MESSAGE = "this browser can no longer take part in the arena";

/**
 * Reads the visitor and counts one hit on each of `limits` in one round trip, committed at once (autocommit: no
 * counter row stays locked beyond the statement). `check` sees the visitor first, so a visitor without terms gets
 * 403 rather than 429.
 */
export async function admit(
  pool: pg.Pool,
  visitorId: string,
  limits: Limit[],
  check: (visitor: VisitorStanding | undefined) => void,
  now = Date.now(),
): Promise<void> {
  const { rows } = await pool.query<VisitorStanding & { found: boolean; hits: { key: string; count: number }[] }>(
    sql`WITH hits AS (${upsert(limits, now)})
     SELECT v.id IS NOT NULL AS found, v."termsAcceptedAt", v."bannedAt",
            (SELECT json_agg(json_build_object('key', "key", 'count', "count")) FROM hits) AS hits
       FROM (VALUES (1)) AS one LEFT JOIN "Visitor" v ON v.id = ${visitorId}::uuid`,
  );
  const row = rows[0];
  check(row?.found ? row : undefined);
  enforce(limits, row?.hits ?? [], now);
}

/** A prompt (a new battle or a follow-up): the visitor's standing and the prompt limits, in one round trip. */
export const admitPrompt = (
  pool: pg.Pool,
  visitorId: string,
  ipHash: string | null,
  check: (visitor: VisitorStanding | undefined) => void,
  now = Date.now(),
) => admit(pool, visitorId, promptLimits(visitorId, ipHash), check, now);

/**
 * The same questions as admitPrompt without counting a hit: asked before an upload's body is read, so a banned
 * visitor, one without terms or one already past a limit is refused before a byte of its images is buffered. The
 * prompt is counted later, once, by admitPrompt.
 */
export async function lookBeforePrompt(
  pool: pg.Pool,
  visitorId: string,
  ipHash: string | null,
  now = Date.now(),
): Promise<void> {
  const limits = promptLimits(visitorId, ipHash);
  const [keys, windows] = windowsOf(limits, now);
  const { rows } = await pool.query<VisitorStanding & { found: boolean; hits: { key: string; count: number }[] }>(
    sql`SELECT v.id IS NOT NULL AS found, v."termsAcceptedAt", v."bannedAt",
            (SELECT json_agg(json_build_object('key', b."key", 'count', b."count" + 1))
               FROM unnest(${keys}::text[], ${windows}::text[]) AS u(k, w)
               JOIN "RateLimitBucket" b ON b."key" = u.k AND b."windowStart" = u.w::timestamptz AT TIME ZONE 'UTC'
            ) AS hits
       FROM (VALUES (1)) AS one LEFT JOIN "Visitor" v ON v.id = ${visitorId}::uuid`,
  );
  const row = rows[0];
  checkStanding(row?.found ? row : undefined);
  // `count + 1`: this prompt would be the next hit
  enforce(limits, row?.hits ?? [], now);
}
