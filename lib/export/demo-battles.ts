// How many votes fell on battles against the demo models: the one number every public page quotes when it says
// why its counts leave demo battles out, so /leaderboard, /data, /research and /about tell the same story.
// Counted over every vote, so it is kept per instance for one snapshot interval rather than scanned on each view.
import { loadingCache } from "../async";
import { config } from "../config";
import type { Db } from "../db/context";
import { sql } from "../db/sql";

const counts = loadingCache({ max: 1, ttlMs: () => config().ARENA_SNAPSHOT_INTERVAL_S * 1000 });

export function demoBattleCount(db: Db): Promise<number> {
  return counts.get("demo", async () => {
    const { rows } = await db.pool.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId" WHERE c."isDemo"`,
    );
    return rows[0]?.n ?? 0;
  });
}

/** Whether this arena shows demo battles on a labelled demo board (ARENA_LEADERBOARD_INCLUDE_DEMO): every page's
 *  sentence about demo battles says the same thing either way. */
export const demoBoardShown = (): boolean => config().ARENA_LEADERBOARD_INCLUDE_DEMO;
