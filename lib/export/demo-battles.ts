// How many votes fell on battles against the demo models: the one number every public page quotes when it says
// why its counts leave demo battles out, so /leaderboard, /data, /research and /about tell the same story.
import type { Db } from "../db/context";

export async function demoBattleCount(db: Db): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId" WHERE c."isDemo"`,
  );
  return rows[0]?.n ?? 0;
}
