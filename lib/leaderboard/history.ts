// A board over time, read from the stored live snapshots: one model's score, interval and rank (the model page and
// GET /api/leaderboard/history?model=…), or every model's rank (the board's rank-over-time chart). Each point is one
// recompute; only this model's entry is read out of each stored board.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { InvalidInput, NotFound } from "../errors";
import { cached } from "./ttl-cache";

export interface HistoryPoint {
  at: Date;
  rating: number;
  /** null where the board showed no interval (a preliminary model) */
  ciLower: number | null;
  ciUpper: number | null;
  /** null where the model was not ranked */
  rank: number | null;
  votes: number;
  preliminary: boolean;
}

export interface BoardKey {
  category: string;
  styleControl: boolean;
}

/** The default board the public sees first: overall, with style control. */
export const DEFAULT_BOARD: BoardKey = { category: "overall", styleControl: true };

const MAX_POINTS = 1000;

type StoredEntry = {
  rating: number;
  ciLower: number | null;
  ciUpper: number | null;
  rank: number | null;
  votes: number;
  preliminary?: boolean;
  provisional?: boolean;
};

/** One model's points on one board, oldest first (the newest `limit` recomputes). */
export async function modelHistory(
  db: Db,
  model: string,
  board: BoardKey = DEFAULT_BOARD,
  limit = 300,
): Promise<HistoryPoint[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_POINTS)
    throw new InvalidInput("invalid_limit", `limit takes a whole number from 1 to ${MAX_POINTS}`);
  const { rows } = await db.pool.query<{ at: Date; entry: StoredEntry | null }>(
    sql`SELECT "createdAt" AS at,
            (SELECT m FROM jsonb_array_elements(payload->'models') m WHERE m->>'model' = ${model}) AS entry
       FROM "LeaderboardSnapshot"
      WHERE source = 'live' AND category = ${board.category} AND "styleControl" = ${board.styleControl}
      ORDER BY "createdAt" DESC LIMIT ${limit}`,
  );
  return rows
    .filter((r): r is { at: Date; entry: StoredEntry } => r.entry !== null)
    .reverse()
    .map(({ at, entry }) => ({
      at,
      rating: entry.rating,
      ciLower: entry.ciLower,
      ciUpper: entry.ciUpper,
      rank: entry.rank,
      votes: entry.votes,
      preliminary: entry.preliminary ?? false,
    }));
}

export interface RankHistory {
  models: { model: string; displayName: string }[];
  /** per recompute, oldest first: each model's rank (null: not ranked or not on the board then) */
  points: { at: Date; ranks: Record<string, number | null> }[];
}

/** Every model's rank on one board over the newest `limit` recomputes, oldest first. */
export async function rankHistory(db: Db, board: BoardKey = DEFAULT_BOARD, limit = 100): Promise<RankHistory> {
  const { rows } = await db.pool.query<{ at: Date; ranks: { model: string; name: string; rank: number | null }[] }>(
    sql`SELECT "createdAt" AS at,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('model', m->>'model', 'name', m->>'displayName',
                                                          'rank', m->'rank')), '[]'::jsonb)
               FROM jsonb_array_elements(payload->'models') m) AS ranks
       FROM "LeaderboardSnapshot"
      WHERE source = 'live' AND category = ${board.category} AND "styleControl" = ${board.styleControl}
      ORDER BY "createdAt" DESC LIMIT ${limit}`,
  );
  const names = new Map<string, string>();
  const points = rows.reverse().map(({ at, ranks }) => {
    const byModel: Record<string, number | null> = {};
    for (const r of ranks) {
      names.set(r.model, r.name ?? r.model);
      byModel[r.model] = typeof r.rank === "number" ? r.rank : null;
    }
    return { at, ranks: byModel };
  });
  return { models: [...names].map(([model, displayName]) => ({ model, displayName })), points };
}

/** GET /api/leaderboard/history's query, checked: `model` (one model's points, else every model's rank), `category`
 *  (default overall), `style` (1 default, the public's board; 0 without style control), `limit`. */
export async function historyQuery(db: Db, query: URLSearchParams) {
  const style = query.get("style") ?? "1";
  if (style !== "0" && style !== "1") throw new InvalidInput("invalid_style", "style must be 0 or 1");
  const category = query.get("category") ?? "overall";
  const board = { category, styleControl: style === "1" };
  const limitText = query.get("limit");
  const limit = limitText === null ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_POINTS))
    throw new InvalidInput("invalid_limit", `limit takes a whole number from 1 to ${MAX_POINTS}`);
  const model = query.get("model");
  if (model === null) {
    const ranks = await rankHistory(db, board, limit);
    // as of the newest recompute read (now when there is none)
    return { ...board, ...ranks, asOf: ranks.points.at(-1)?.at ?? new Date() };
  }
  if (model.length > 200 || model.includes("\u0000")) throw new InvalidInput("invalid_model", "not a model id");
  const known = await db.prisma.model.findUnique({ where: { id: model }, select: { displayName: true } });
  if (!known) throw new NotFound("unknown_model", `no model '${model}'`);
  const points = await modelHistory(db, model, board, limit);
  return { ...board, model, displayName: known.displayName, points, asOf: points.at(-1)?.at ?? new Date() };
}

/** The board page's rank history, kept as the served snapshots are (ARENA_LEADERBOARD_CACHE_MS): it reads up to 100
 *  stored boards, and the page is the most visited. */
export const servedRankHistory = (db: Db, board: BoardKey): Promise<RankHistory> =>
  cached(`ranks\u0000${board.category}\u0000${board.styleControl}`, () => rankHistory(db, board));
