// The body of GET /api/leaderboard, built once per snapshot and kept for a moment: the API is polled by many
// clients, snapshots change at most once a minute, and a stored board is large JSON. Each instance keeps its own
// copy for ARENA_LEADERBOARD_CACHE_MS (default 2000), so a new or published run shows within that time.
import { envNumber } from "../config/env";
import type { Db } from "../db/context";
import { currentSnapshot, type ServedSnapshot } from "./serve";

export interface BuiltResponse {
  body: string;
  contentType: string;
  etag: string;
  lastModified: string;
}

const csvCell = (value: string | number | boolean | null) => {
  const text = value === null ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const CSV_HEADER =
  "rank,model,display_name,rating,ci_lower,ci_upper,votes,win_rate,organization,license,provisional";

function build(snapshot: ServedSnapshot, format: "json" | "csv"): BuiltResponse {
  const { payload } = snapshot;
  const meta = {
    etag: `${snapshot.etag.slice(0, -1)}-${format}"`,
    lastModified: snapshot.createdAt.toUTCString(),
  };
  if (format === "csv") {
    const lines = [CSV_HEADER];
    for (const m of payload.models) {
      const cells = [m.rank, m.model, m.displayName, m.rating, m.ciLower, m.ciUpper, m.votes, m.winRate];
      lines.push([...cells, m.organization, m.license, m.provisional].map(csvCell).join(","));
    }
    return { ...meta, body: `${lines.join("\n")}\n`, contentType: "text/csv; charset=utf-8" };
  }
  const body = JSON.stringify({
    category: snapshot.category,
    styleControl: snapshot.styleControl,
    snapshotTime: snapshot.createdAt.toISOString(),
    voteCount: snapshot.voteCount,
    published: snapshot.published,
    ...payload,
  });
  return { ...meta, body, contentType: "application/json" };
}

const cache = new Map<string, { at: number; value: BuiltResponse | null }>();

/** The response for one board, or null when it has no snapshot yet. */
export async function leaderboardResponse(
  db: Db,
  board: { category: string; styleControl: boolean; format: "json" | "csv" },
): Promise<BuiltResponse | null> {
  const key = `${board.category}\u0000${board.styleControl}\u0000${board.format}`;
  const ttl = envNumber(process.env.ARENA_LEADERBOARD_CACHE_MS, 2000);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttl) return hit.value;
  const snapshot = await currentSnapshot(db, board.category, board.styleControl);
  const value = snapshot ? build(snapshot, board.format) : null;
  if (cache.size > 500) cache.clear(); // categories are few; this only bounds a flood of made-up ones
  cache.set(key, { at: Date.now(), value });
  return value;
}

export function clearLeaderboardCache() {
  cache.clear();
}
