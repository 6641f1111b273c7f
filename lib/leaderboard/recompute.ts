// Leaderboard snapshots: every category, with and without style control, computed from the live battles and
// stored with their parameters and the vote count they saw. Pages and the API serve stored snapshots only.

import crypto from "node:crypto";
import { judgedByFromEnv } from "../categories/names";
import { config } from "../config";
import type { Db } from "../db/context";
import { categoryNames, type computeLeaderboard, type Leaderboard, roundedRating, selectRows } from "../ratings";
import { BoardPool } from "../ratings/board-pool";
import { OUTCOME, type StyleGroup, styleFeaturesOf } from "../ratings/types";
import { type Exclusions, loadLiveBattles } from "./battles";
import { type CategorySummary, PROVISIONAL_VOTES, SNAPSHOT_ROUNDS, type SnapshotPayload } from "./serve";

export interface RecomputeResult {
  votes: number;
  excluded: Exclusions;
  snapshots: { category: string; styleControl: boolean; battles: number }[];
  /** boards that could not be computed, and why: recorded with the run (its params) and shown in the console */
  failed: FailedBoard[];
  /** where the wall time went, in seconds: reading the votes into the table and selecting each category's rows,
   *  fitting the boards (point fits and intervals, side by side on worker threads), building the payloads, and
   *  writing the snapshots (they add up to the whole run); and the seconds each kind of board took from start to
   *  end, summed over boards (they overlap) */
  split: { load: number; boards: number; payloads: number; write: number };
  boardSeconds: { plainBoards: number; styleBoards: number };
}

export interface FailedBoard {
  category: string;
  styleControl: boolean;
  error: string;
}

const round = (v: number, d: number) => Number(v.toFixed(d));

/** The matrices re-ordered like the ranked models, so rows and columns read top to bottom. */
function orderedMatrices(board: Leaderboard) {
  const m = board.matrices as NonNullable<Leaderboard["matrices"]>;
  const index = board.models.map((entry) => m.models.indexOf(entry.model));
  return {
    battles: index.map((i) => index.map((j) => m.battles[i]?.[j] ?? 0)),
    winFraction: index.map((i) =>
      index.map((j) => {
        const v = m.winFraction[i]?.[j];
        return v === null || v === undefined ? null : round(v, 4);
      }),
    ),
  };
}

/** The newest vote or category label: what a snapshot computed now has seen. */
export async function latestDataAt(db: Db): Promise<Date | null> {
  const { rows } = await db.pool.query<{ latest: Date | null }>(
    `SELECT GREATEST((SELECT max("createdAt") FROM "Vote"), (SELECT max("createdAt") FROM "BattleCategory")) AS latest`,
  );
  return rows[0]?.latest ?? null;
}

export function payloadOf(
  board: Leaderboard,
  models: Map<string, { displayName: string; organization: string | null; license: string | null; isDemo: boolean }>,
  runId: string,
  categoriesLabelledBy: string,
): SnapshotPayload {
  return {
    runId,
    categoriesLabelledBy,
    battles: board.battles,
    components: board.components,
    warnings: board.warnings,
    models: board.models.map((m) => {
      const info = models.get(m.model);
      return {
        ...roundedRating(m),
        displayName: info?.displayName ?? m.model,
        organization: info?.organization ?? null,
        license: info?.license ?? null,
        isDemo: info?.isDemo ?? false,
        provisional: m.votes < PROVISIONAL_VOTES,
      };
    }),
    ...(board.styleCoefficients ? { styleCoefficients: board.styleCoefficients } : {}),
    ...(board.matrices ? { matrices: orderedMatrices(board) } : {}),
  };
}

export async function recomputeSnapshots(
  db: Db,
  options: {
    includeDemo?: boolean;
    /** whose labels count for the judged categories (default: from ARENA_JUDGE_MODEL) */
    judgedBy?: string;
    /** the newest vote or label the caller saw before loading; stored so the scheduler knows what is new */
    dataAt?: Date | null;
    rounds?: number;
    seed?: number;
    onProgress?: (done: number, total: number) => void;
    /** the fit of one board (tests put a failing one here) */
    computeBoard?: typeof computeLeaderboard;
  } = {},
): Promise<RecomputeResult> {
  const judgedBy = options.judgedBy ?? judgedByFromEnv();
  const split = { load: 0, boards: 0, payloads: 0, write: 0 };
  /** thread-seconds per kind of board (they overlap: the boards run side by side) */
  const boardSeconds = { plainBoards: 0, styleBoards: 0 };
  let mark = performance.now();
  /** the seconds since the last lap, added to `part` */
  const lap = (part: keyof typeof split) => {
    const now = performance.now();
    split[part] += (now - mark) / 1000;
    mark = now;
  };
  const dataAt = options.dataAt === undefined ? await latestDataAt(db) : options.dataAt;
  const live = await loadLiveBattles(db, { includeDemo: options.includeDemo, judgedBy });
  const models = new Map(
    (
      await db.prisma.model.findMany({
        select: { id: true, displayName: true, organization: true, license: true, isDemo: true },
      })
    ).map((m) => [m.id, m]),
  );
  const rounds = options.rounds ?? SNAPSHOT_ROUNDS;
  const seed = options.seed ?? 0;
  const result: RecomputeResult = {
    votes: live.votes,
    excluded: live.excluded,
    snapshots: [],
    failed: [],
    split,
    boardSeconds,
  };
  if (live.table.size === 0) {
    lap("load");
    return result;
  }
  const categories = categoryNames(live.table);
  const jobs = categories.flatMap((category) => [false, true].map((styleControl) => ({ category, styleControl })));
  const runId = crypto.randomUUID();
  const params: Record<string, unknown> = {
    bootstrapRounds: rounds,
    seed,
    ci: "bootstrap",
    includeDemo: Boolean(options.includeDemo),
    categoriesLabelledBy: judgedBy,
    dataAt: dataAt?.toISOString() ?? null,
    runId,
  };
  const boards: { category: string; styleControl: boolean; board: Leaderboard; payload: SnapshotPayload }[] = [];
  const summaries = new Map<string, CategorySummary>();
  // FastChat's four by default; ARENA_STYLE_FEATURES adds specificity (VisionArena §4.4) to the live style boards
  const styleFeatures = styleFeaturesOf(config().ARENA_STYLE_FEATURES as StyleGroup[]);
  const table = live.table.shared();
  const selected = new Map(categories.map((category) => [category, selectRows(table, category)]));
  lap("load");
  // whole boards on worker threads, the costliest first (a style board's pass costs about five plain ones)
  const pool = options.computeBoard ? null : new BoardPool(table);
  const compute: typeof computeLeaderboard =
    options.computeBoard ?? ((_table, rows, boardOptions = {}) => (pool as BoardPool).compute(rows, boardOptions));
  const cost = (job: (typeof jobs)[number]) => (selected.get(job.category)?.length ?? 0) * (job.styleControl ? 5 : 1);
  const outcomes = new Map<(typeof jobs)[number], Promise<Leaderboard | Error>>();
  let done = 0;
  try {
    for (const job of [...jobs].sort((x, y) => cost(y) - cost(x))) {
      const rows = selected.get(job.category) as Uint32Array;
      if (rows.length === 0) continue;
      const started = performance.now();
      const outcome = compute(table, rows, {
        styleControl: job.styleControl,
        styleFeatures,
        bootstrapRounds: rounds,
        seed,
        matrices: !job.styleControl,
      }).then(
        (board) => board,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
      outcomes.set(
        job,
        outcome.then((board) => {
          options.onProgress?.(++done, jobs.length);
          boardSeconds[job.styleControl ? "styleBoards" : "plainBoards"] += (performance.now() - started) / 1000;
          return board;
        }),
      );
      // in-thread boards (tests) one after the other, as before
      if (!pool) await outcome;
    }
    await Promise.all(outcomes.values());
  } finally {
    await pool?.close();
  }
  lap("boards");
  for (const job of jobs) {
    const { category, styleControl } = job;
    const outcome = await outcomes.get(job);
    if (!outcome) continue;
    if (outcome instanceof Error) {
      // one board failing (e.g. style control on battles without style counts) must not hide the others, nor
      // vanish silently: it is recorded with the run and shown in the console
      result.failed.push({ category, styleControl, error: outcome.message });
      continue;
    }
    const board = outcome;
    const rows = selected.get(category) as Uint32Array;
    boards.push({ category, styleControl, board, payload: payloadOf(board, models, runId, judgedBy) });
    const summary = summaries.get(category) ?? {
      category,
      battles: rows.length,
      bothBad: rows.reduce((n, r) => n + Number(table.outcome[r] === OUTCOME.bothBad), 0),
      ranks: {},
      votes: {},
    };
    const ranks = Object.fromEntries(board.models.map((m) => [m.model, m.rank]));
    if (styleControl) {
      summary.styleRanks = ranks;
      summary.styleCoefficients = board.styleCoefficients;
    } else {
      summary.ranks = ranks;
      summary.votes = Object.fromEntries(board.models.map((m) => [m.model, m.votes]));
    }
    summaries.set(category, summary);
  }
  lap("payloads");
  if (result.failed.length) params.failedBoards = result.failed;
  const overall = boards.find((b) => b.category === "overall" && !b.styleControl);
  if (overall) overall.payload.summary = [...summaries.values()];
  // one transaction: readers see a whole run or none of it
  await db.prisma.$transaction(
    boards.map(({ category, styleControl, board, payload }) =>
      db.prisma.leaderboardSnapshot.create({
        data: {
          category,
          styleControl,
          params: params as object,
          payload: payload as object,
          voteCount: board.battles,
          excluded: live.excluded as object,
        },
      }),
    ),
  );
  lap("write");
  for (const { category, styleControl, board } of boards) {
    result.snapshots.push({ category, styleControl, battles: board.battles });
  }
  options.onProgress?.(jobs.length, jobs.length);
  return result;
}
