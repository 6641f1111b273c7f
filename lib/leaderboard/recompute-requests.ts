// Leaderboard operations from the console. A recompute of every board can take minutes at a million votes, so the
// console does not run it in a web request: it asks for one (a Setting with the time), and the jobs process's
// snapshot loop, which already serialises recomputes across instances, runs it at its next check.
import type { Db } from "../db/context";
import { storeSetting } from "../settings/settings";

export const RECOMPUTE_REQUEST = "leaderboard.recomputeRequestedAt";

export async function requestRecompute(db: Db): Promise<Date> {
  const at = new Date();
  await storeSetting(db, RECOMPUTE_REQUEST, at.toISOString());
  return at;
}

/** The pending request, if one was made after the newest run started. */
export async function pendingRecompute(db: Db): Promise<Date | null> {
  const { rows } = await db.pool.query<{ requested: string | null; latest: Date | null }>(
    `SELECT (SELECT value #>> '{}' FROM "Setting" WHERE key = $1) AS requested,
            (SELECT max("createdAt") FROM "LeaderboardSnapshot" WHERE source = 'live') AS latest`,
    [RECOMPUTE_REQUEST],
  );
  const requested = rows[0]?.requested ? new Date(rows[0].requested) : null;
  const latest = rows[0]?.latest ?? null;
  return requested && (!latest || requested > latest) ? requested : null;
}
