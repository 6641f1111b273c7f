// Fixed-window counters in PostgreSQL, so limits hold across every app instance.
import type pg from "pg";
import { envNumber } from "../config/env";
import { ApiError } from "../http/errors";

export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

export async function hitLimit(pool: pg.Pool, limit: Limit, now = Date.now()): Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const { rows } = await pool.query<{ count: number }>(
    `INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES ($1, $2, 1)
     ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
     RETURNING "count"`,
    [limit.key, new Date(start)],
  );
  if (Number(rows[0]?.count ?? 0) > limit.limit) {
    throw new ApiError(429, "rate_limited", limit.message, Math.max(1, Math.ceil((start + windowMs - now) / 1000)));
  }
}

export function rateLimits(env: Record<string, string | undefined> = process.env) {
  const n = envNumber;
  return {
    visitorPerHour: n(env.ARENA_RATE_VISITOR_PER_HOUR, 120),
    ipPerHour: n(env.ARENA_RATE_IP_PER_HOUR, 600),
    modelPerHour: n(env.ARENA_RATE_MODEL_PER_HOUR, 5000),
  };
}

/** Every prompt counts against its visitor and its IP. */
export async function limitPrompt(pool: pg.Pool, visitorId: string, ipHash: string | null) {
  const limits = rateLimits();
  const message = "You are sending messages faster than we can serve; please wait a little and try again.";
  await hitLimit(pool, { key: `visitor:${visitorId}`, limit: limits.visitorPerHour, windowSeconds: 3600, message });
  if (ipHash) await hitLimit(pool, { key: `ip:${ipHash}`, limit: limits.ipPerHour, windowSeconds: 3600, message });
}
