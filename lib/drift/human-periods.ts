// The human side of the drift watch: a time-split fit. Each period's counted votes (calendar months, or weeks) are
// fitted on their own, and the model's score is read against anchors that did not change — the models named in
// ARENA_DRIFT_ANCHORS (pinned checkpoints), else every other model rated in every period — so a field that got better
// does not read as this model getting worse, the caveat against trackers built on the board's relative scores.
// The interval is the period fit's bootstrap interval shifted with the score (the anchors' own spread is not in it).
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { cached } from "../leaderboard/ttl-cache";
import { countedOnBoard } from "../leaderboard/vote-parts";
import { BattleTableBuilder, computeLeaderboard, type Winner } from "../ratings";

export type Period = "month" | "week";

export interface PeriodScore {
  /** the period's first day (UTC) */
  period: Date;
  /** the model's rating minus its anchors' mean, plus 1000 */
  score: number;
  ciLower: number;
  ciUpper: number;
  votes: number;
}

export interface HumanSplit {
  period: Period;
  anchors: string[];
  points: PeriodScore[];
}

/** Below this many of its own votes in a period a model's score there says too little to draw. */
const MIN_VOTES = 10;
const ROUNDS = 50;
/** The newest periods fitted: a page asks for a year of months at most. */
const MAX_PERIODS = 24;

/** The model's score per period against the anchors (cached as the board is: ARENA_LEADERBOARD_CACHE_MS). */
export function humanSplit(
  db: Db,
  modelId: string,
  options: { period?: Period; anchors?: string[]; includeDemo?: boolean } = {},
): Promise<HumanSplit> {
  const period = options.period ?? "month";
  const key = `drift-human:${modelId}:${period}:${(options.anchors ?? []).join(",")}:${options.includeDemo ?? false}`;
  return cached(key, () => fitSplit(db, modelId, period, options.anchors ?? [], options.includeDemo ?? false));
}

async function fitSplit(
  db: Db,
  modelId: string,
  period: Period,
  named: string[],
  includeDemo: boolean,
): Promise<HumanSplit> {
  const { rows } = await db.pool.query<{ period: Date; winner: Winner; a: string; b: string }>(
    sql`WITH periods AS (
          SELECT DISTINCT date_trunc(${period}, v."createdAt") AS period FROM "Vote" v
           WHERE v."modelAId" = ${modelId} OR v."modelBId" = ${modelId}
           ORDER BY 1 DESC LIMIT ${MAX_PERIODS})
        SELECT date_trunc(${period}, v."createdAt") AS period, v.winner::text AS winner, v."modelAId" AS a, v."modelBId" AS b
          FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId"
          LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
         WHERE date_trunc(${period}, v."createdAt") IN (SELECT period FROM periods) AND ${countedOnBoard(includeDemo)}
         ORDER BY v."createdAt", v.id`,
  );
  const byPeriod = new Map<number, { winner: Winner; a: string; b: string }[]>();
  for (const row of rows) {
    const at = row.period.getTime();
    const list = byPeriod.get(at) ?? [];
    list.push(row);
    byPeriod.set(at, list);
  }
  const fits: {
    period: Date;
    ratings: Map<string, { rating: number; ciLower: number; ciUpper: number; votes: number }>;
  }[] = [];
  for (const [at, votes] of [...byPeriod.entries()].sort((p, q) => p[0] - q[0])) {
    const builder = new BattleTableBuilder();
    for (const v of votes) builder.add({ modelA: v.a, modelB: v.b, winner: v.winner, anony: true });
    const table = builder.build();
    const board = await computeLeaderboard(table, Uint32Array.from(votes.keys()), { bootstrapRounds: ROUNDS, seed: 7 });
    fits.push({ period: new Date(at), ratings: new Map(board.models.map((m) => [m.model, m])) });
  }
  const rated = fits.filter((f) => (f.ratings.get(modelId)?.votes ?? 0) >= MIN_VOTES);
  const anchors = (
    named.length
      ? named
      : [...new Set(rated.flatMap((f) => [...f.ratings.keys()]))].filter((m) => rated.every((f) => f.ratings.has(m)))
  ).filter((m) => m !== modelId);
  const points: PeriodScore[] = [];
  for (const fit of rated) {
    const present = anchors.filter((m) => fit.ratings.has(m));
    if (present.length === 0) continue;
    const offset = present.reduce((sum, m) => sum + (fit.ratings.get(m)?.rating ?? 0), 0) / present.length - 1000;
    const own = fit.ratings.get(modelId);
    if (!own) continue;
    points.push({
      period: fit.period,
      score: own.rating - offset,
      ciLower: own.ciLower - offset,
      ciUpper: own.ciUpper - offset,
      votes: own.votes,
    });
  }
  return { period, anchors, points };
}
