// The human side of the drift watch: a time-split fit. Each calendar month's counted votes are fitted on their own
// (Bradley–Terry, bootstrap intervals) by the jobs process and stored (DatasetSnapshot "human-periods"); a model's
// page reads its score per month against anchors that did not change — the models named in ARENA_DRIFT_ANCHORS
// (pinned checkpoints), else every other model rated in every month it was — so a field that got better does not
// read as this model getting worse, the caveat against trackers built on the board's relative scores. The interval
// is the month fit's bootstrap interval moved with the score (the anchors' own spread is not in it).
import { z } from "zod";
import { storeDatasetSnapshot } from "../dataset-stats/store";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { Schedule } from "../jobs";
import { countedOnBoard } from "../leaderboard/vote-parts";
import { BattleTableBuilder, computeLeaderboard, type Winner } from "../ratings";

export const HUMAN_PERIODS_KIND = "human-periods";
/** Below this many of its own votes in a month a model's score there says too little to draw. */
const MIN_VOTES = 10;
const ROUNDS = 50;
/** The newest months fitted. */
const MAX_PERIODS = 24;

const rated = z.object({
  model: z.string(),
  rating: z.number(),
  ciLower: z.number(),
  ciUpper: z.number(),
  votes: z.number(),
});
const periodFitsSchema = z.object({
  period: z.literal("month"),
  periods: z.array(z.object({ start: z.string(), votes: z.number(), models: z.array(rated) })),
});
export type PeriodFits = z.infer<typeof periodFitsSchema>;

export interface PeriodScore {
  /** the month's first day (UTC) */
  period: Date;
  /** the model's rating minus its anchors' mean, plus 1000 */
  score: number;
  ciLower: number;
  ciUpper: number;
  votes: number;
}

/** Every month's own fit over the newest MAX_PERIODS months of counted votes. */
export async function fitPeriods(db: Db, options: { includeDemo?: boolean } = {}): Promise<PeriodFits> {
  const { rows } = await db.pool.query<{ period: Date; winner: Winner; a: string; b: string }>(
    sql`SELECT date_trunc('month', v."createdAt") AS period, v.winner::text AS winner, v."modelAId" AS a, v."modelBId" AS b
          FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId"
          LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
         WHERE v."createdAt" >= date_trunc('month', now()) - make_interval(months => ${MAX_PERIODS - 1})
           AND ${countedOnBoard(options.includeDemo ?? false)}
         ORDER BY v."createdAt", v.id`,
  );
  const byPeriod = new Map<number, typeof rows>();
  for (const row of rows) {
    const at = row.period.getTime();
    const list = byPeriod.get(at);
    if (list) list.push(row);
    else byPeriod.set(at, [row]);
  }
  const periods: PeriodFits["periods"] = [];
  for (const [at, votes] of [...byPeriod.entries()].sort((p, q) => p[0] - q[0])) {
    const builder = new BattleTableBuilder();
    for (const v of votes) builder.add({ modelA: v.a, modelB: v.b, winner: v.winner, anony: true });
    const board = await computeLeaderboard(builder.build(), Uint32Array.from(votes.keys()), {
      bootstrapRounds: ROUNDS,
      seed: 7,
    });
    periods.push({
      start: new Date(at).toISOString(),
      votes: votes.length,
      models: board.models.map((m) => ({
        model: m.model,
        rating: m.rating,
        ciLower: m.ciLower,
        ciUpper: m.ciUpper,
        votes: m.votes,
      })),
    });
  }
  return { period: "month", periods };
}

/** The newest stored month fits, or null before the jobs process has made any (or when one is unreadable). */
export async function storedPeriodFits(db: Db): Promise<PeriodFits | null> {
  const row = await db.prisma.datasetSnapshot.findFirst({
    where: { kind: HUMAN_PERIODS_KIND },
    orderBy: { createdAt: "desc" },
  });
  const parsed = periodFitsSchema.safeParse(row?.payload);
  return parsed.success ? parsed.data : null;
}

/** A model's score per month against the anchors (named, else every other model rated in each of its months). */
export function humanSplit(fits: PeriodFits | null, modelId: string, named: readonly string[] = []): PeriodScore[] {
  const months = (fits?.periods ?? [])
    .map((p) => ({ start: new Date(p.start), ratings: new Map(p.models.map((m) => [m.model, m])) }))
    .filter((p) => (p.ratings.get(modelId)?.votes ?? 0) >= MIN_VOTES);
  const anchors = (
    named.length
      ? [...named]
      : [...new Set(months.flatMap((p) => [...p.ratings.keys()]))].filter((m) => months.every((p) => p.ratings.has(m)))
  ).filter((m) => m !== modelId);
  const points: PeriodScore[] = [];
  for (const month of months) {
    const present = anchors.filter((m) => month.ratings.has(m));
    const own = month.ratings.get(modelId);
    if (present.length === 0 || !own) continue;
    const offset = present.reduce((sum, m) => sum + (month.ratings.get(m)?.rating ?? 0), 0) / present.length - 1000;
    points.push({
      period: month.start,
      score: own.rating - offset,
      ciLower: own.ciLower - offset,
      ciUpper: own.ciUpper - offset,
      votes: own.votes,
    });
  }
  return points;
}

/** The jobs process refits the months every `everyMs` (the month in progress changes; older ones only by moderation). */
export function humanPeriodsSchedule(everyMs: number, includeDemo: boolean): Schedule {
  return {
    name: "drift watch: votes by month",
    everyMs,
    run: async ({ db, log }) => {
      // a jobs process that restarts (or a second instance) does not refit what is younger than the interval
      const newest = await db.prisma.datasetSnapshot.findFirst({
        where: { kind: HUMAN_PERIODS_KIND },
        orderBy: { createdAt: "desc" },
        select: { createdAt: true },
      });
      if (newest && Date.now() - newest.createdAt.getTime() < everyMs) return;
      const fits = await fitPeriods(db, { includeDemo });
      await storeDatasetSnapshot(db, HUMAN_PERIODS_KIND, fits);
      log(`drift watch: ${fits.periods.length} months of votes fitted`);
    },
  };
}
