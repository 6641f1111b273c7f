// How stale the live boards are, read for the metrics endpoint ("is the board stale"): each board's newest
// snapshot's age, and the votes the overall board has not seen yet. Here rather than in lib/leaderboard: lib/metrics
// sits low in the import order (image safety counts into it), and reading lib/leaderboard from here closed a folder
// circle (metrics → leaderboard → categories → images → image-safety → metrics).
import type { Db } from "../db/context";
import { sql } from "../db/sql";

export async function snapshotAges(db: Db): Promise<{ category: string; styleControl: boolean; ageSeconds: number }[]> {
  const { rows } = await db.pool.query<{ category: string; styleControl: boolean; ageSeconds: number }>(
    sql`SELECT DISTINCT ON (category, "styleControl") category, "styleControl",
            extract(epoch FROM now() - "createdAt")::float8 AS "ageSeconds"
       FROM "LeaderboardSnapshot" WHERE source = 'live'
      ORDER BY category, "styleControl", "createdAt" DESC`,
  );
  return rows;
}

export async function votesSinceSnapshot(db: Db): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM "Vote" WHERE "createdAt" > coalesce(
       (SELECT max("createdAt") FROM "LeaderboardSnapshot"
         WHERE source = 'live' AND category = 'overall' AND NOT "styleControl"), '-infinity')`,
  );
  return rows[0]?.n ?? 0;
}
