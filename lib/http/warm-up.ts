// What the front door's routes load before their first visitors (scripts/web-server.mjs calls it once at start,
// without waiting): the boards read most. A database not there yet is no failure: the first read loads them then.
import { getDb } from "../db";
import { warmLeaderboardResponses } from "../leaderboard";

export async function warmUp(): Promise<void> {
  try {
    await warmLeaderboardResponses(getDb());
  } catch {
    // no database configured, or not up yet, or no board yet
  }
}
