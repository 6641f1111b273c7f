// Leaderboard snapshots: every category, with and without style control, computed from the live battles and
// stored with their parameters and the vote count they saw. Pages and the API serve stored snapshots only.
import crypto from "node:crypto";
import { judgedByFromEnv } from "../categories/names";
import { config } from "../config";
import type { Db } from "../db/context";
import { categoryNames, type computeLeaderboard, selectRows } from "../ratings";
import type { BattleTable } from "../ratings/battle-table";
import { boardDigest, rowDigests } from "../ratings/board-input";
import { BoardPool } from "../ratings/board-pool";
import { type StyleGroup, styleFeaturesOf } from "../ratings/types";
import { readSetting } from "../settings/settings";
import { type Exclusions, type LoadOptions, loadLiveBattles } from "./battles";
import { type BoardMethod, liveBoardMethod, methodRecord } from "./board-method";
import { type ModelInfo, payloadOf, refreshed } from "./board-payload";
import { type GroundTruthSource, writeCompositeBoard } from "./composite-run";
import { withFoundFigures } from "./found-figures";
import { derivedFrom, type LiveBattleCache, type LoadReport } from "./live-cache";
import {
  boardKey,
  insertSnapshots,
  latestDataAt,
  newestBoards,
  replacePayloads,
  type StoredBoard,
} from "./run-snapshots";
import { type BoardOutcome, type FailedBoard, type FinishedBoard, type Job, summarise } from "./run-summary";
import { SNAPSHOT_ROUNDS, type SnapshotPayload } from "./serve";

export type { FailedBoard } from "./run-summary";

export interface RecomputeResult {
  /** the run's id, in every snapshot's params (null when there was nothing to compute) */
  runId: string | null;
  votes: number;
  excluded: Exclusions;
  snapshots: { category: string; styleControl: boolean; battles: number }[];
  /** boards that could not be computed, and why: recorded with the run (its params) and shown in the console */
  failed: FailedBoard[];
  /** published boards whose fragility could not be found: shown without it, fitted again by the next run */
  fragilityFailed: FailedBoard[];
  /** where the wall time went, in seconds: reading the votes into the table and selecting each category's rows,
   *  fitting the boards (point fits and intervals, side by side on worker threads), building the payloads, writing
   *  the snapshots (published from then on), and finding and writing the boards' fragility (they add up to the whole
   *  run); and the thread-seconds spent on each kind of board */
  split: { load: number; boards: number; payloads: number; write: number; fragility: number };
  /** boards whose input had not changed since their newest snapshot: copied from it rather than refitted */
  reused: { category: string; styleControl: boolean }[];
  boardSeconds: { plainBoards: number; styleBoards: number };
  /** how the votes were read: in full, or only what changed since the cache's last read */
  read: LoadReport;
  /** the composite board's components (human votes first), when the run wrote one */
  composite: NonNullable<SnapshotPayload["composite"]>["components"] | null;
}

/** Seconds from the start of a run until readers saw every board (its fragility written in after). */
export const publishedSeconds = ({ load, boards, payloads, write }: RecomputeResult["split"]) =>
  load + boards + payloads + write;

export interface RecomputeOptions {
  includeDemo?: boolean;
  /** count cohorts' battles (default: the operator's setting board.cohortVotes) */ includeCohorts?: boolean;
  /** whose labels count for the judged categories (default: from ARENA_JUDGE_MODEL) */
  judgedBy?: string;
  /** the newest vote or label the caller saw before loading; stored so the scheduler knows what is new */
  dataAt?: Date | null;
  rounds?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
  /** the fit of one board (tests put a failing one here) */
  computeBoard?: typeof computeLeaderboard;
  /** copy the newest stored board whose input is unchanged instead of refitting it (default true) */
  reuse?: boolean;
  /** the votes kept from the last recompute (the jobs process keeps one); without it every vote is read */
  liveCache?: LiveBattleCache;
  /** the benchmarks' pairwise outcomes: with it the run also writes the composite board (./composite-run.ts) */
  groundTruth?: GroundTruthSource;
}

export async function recomputeSnapshots(db: Db, options: RecomputeOptions = {}): Promise<RecomputeResult> {
  const judgedBy = options.judgedBy ?? judgedByFromEnv();
  const split = { load: 0, boards: 0, payloads: 0, write: 0, fragility: 0 };
  /** thread-seconds per kind of board */
  const boardSeconds = { plainBoards: 0, styleBoards: 0 };
  let mark = performance.now();
  /** the seconds since the last lap, added to `part` */
  const lap = (part: keyof typeof split) => {
    const now = performance.now();
    split[part] += (now - mark) / 1000;
    mark = now;
  };
  const dataAt = options.dataAt === undefined ? await latestDataAt(db) : options.dataAt;
  // the fitting threads start while the votes are read
  const pool = options.computeBoard ? null : new BoardPool();
  try {
    return await recompute(db, options, { judgedBy, dataAt, split, boardSeconds, lap, pool });
  } finally {
    await pool?.close();
  }
}

interface RunContext {
  judgedBy: string;
  dataAt: Date | null;
  split: RecomputeResult["split"];
  boardSeconds: RecomputeResult["boardSeconds"];
  lap: (part: keyof RecomputeResult["split"]) => void;
  pool: BoardPool | null;
}

/** What one run computes: its boards, the rows each reads, and the boards copied from the newest stored ones. */
interface Plan {
  runId: string;
  models: ModelInfo;
  jobs: Job[];
  table: BattleTable;
  selected: Map<string, Uint32Array>;
  boardOptions: (styleControl: boolean) => BoardOptions;
  params: Record<string, unknown>;
  outcomes: Map<Job, BoardOutcome>;
  toFit: { job: Job; digest: string }[];
  method: BoardMethod;
  retired: ReadonlySet<string>;
}

type BoardOptions = {
  styleControl: boolean;
  styleFeatures: ReturnType<typeof styleFeaturesOf>;
  bootstrapRounds: number;
  seed: number;
  matrices: boolean;
  ci: BoardMethod["ci"];
  reweighted: boolean;
  listing: { minVotes: number; unranked: string[] };
  fragility: boolean;
};

/** plan → fit → summarise → write, each timed into the run's split. */
async function recompute(db: Db, options: RecomputeOptions, context: RunContext): Promise<RecomputeResult> {
  const { judgedBy, split, boardSeconds, lap } = context;
  const { includeDemo, includeCohorts } = options;
  const live = await liveBattles(db, options.liveCache, { includeDemo, includeCohorts, judgedBy });
  const result: RecomputeResult = {
    runId: null,
    votes: live.votes,
    excluded: live.excluded,
    snapshots: [],
    failed: [],
    fragilityFailed: [],
    split,
    boardSeconds,
    reused: [],
    read: live.report,
    composite: null,
  };
  if (live.table.size === 0) {
    lap("load");
    return result;
  }
  const plan = await planRun(db, options, context, live.table);
  result.runId = plan.runId;
  result.reused = [...plan.outcomes.keys()].map(({ category, styleControl }) => ({ category, styleControl }));
  lap("load");
  await fitBoards(plan, options, context);
  lap("boards");
  const boards = summarise(plan, result);
  lap("payloads");
  const written = await writeRun(db, plan, boards, live.excluded);
  const { table, models, runId, params } = plan;
  const run = {
    table,
    rows: plan.selected.get("overall"),
    models,
    runId,
    judgedBy,
    params,
    styleFeatures: plan.method.styleFeatures,
  };
  result.composite = await writeCompositeBoard(db, run, options.groundTruth);
  lap("write");
  await publishFragility(db, plan, options, context, boards, written, result);
  lap("fragility");
  for (const { category, styleControl, outcome } of boards) {
    result.snapshots.push({ category, styleControl, battles: outcome.payload.battles });
  }
  options.onProgress?.(plan.jobs.length, plan.jobs.length);
  return result;
}

/**
 * Every category with and without style control; a board whose input (its rows, options and the engine's version)
 * is the same as that of the newest stored one is that board: it is copied, not refitted.
 */
async function planRun(db: Db, options: RecomputeOptions, context: RunContext, liveTable: BattleTable): Promise<Plan> {
  const { judgedBy, dataAt } = context;
  const models: ModelInfo = new Map(
    (
      await db.prisma.model.findMany({
        select: { id: true, displayName: true, organization: true, license: true, isDemo: true, enabled: true },
      })
    ).map((m) => [m.id, m]),
  );
  // a disabled model is retired: it stays in the fits (its battles inform the others) and out of the ranks
  const retired = new Set([...models].filter(([, m]) => m.enabled === false).map(([id]) => id));
  const rounds = options.rounds ?? SNAPSHOT_ROUNDS;
  const seed = options.seed ?? 0;
  const categories = categoryNames(liveTable);
  const jobs = categories.flatMap((category) => [false, true].map((styleControl) => ({ category, styleControl })));
  const runId = crypto.randomUUID();
  // FastChat's four by default; ARENA_STYLE_FEATURES adds specificity (VisionArena §4.4) to the live style boards
  const styleFeatures = styleFeaturesOf(config().ARENA_STYLE_FEATURES as StyleGroup[]);
  const method = liveBoardMethod(rounds, seed, styleFeatures);
  const params: Record<string, unknown> = {
    bootstrapRounds: method.bootstrapRounds,
    seed,
    ci: method.ci,
    reweighted: method.reweighted,
    minVotes: method.minVotes,
    includeDemo: Boolean(options.includeDemo),
    categoriesLabelledBy: judgedBy,
    dataAt: dataAt?.toISOString() ?? null,
    runId,
  };
  const derived = derivedFrom(liveTable);
  derived.shared ??= liveTable.shared();
  const table = derived.shared;
  derived.selected ??= new Map(categories.map((category) => [category, selectRows(table, category)]));
  const selected = derived.selected;
  const boardOptions = (styleControl: boolean): BoardOptions => ({
    styleControl,
    styleFeatures,
    bootstrapRounds: rounds,
    seed,
    matrices: !styleControl,
    ci: method.ci,
    reweighted: method.reweighted,
    listing: { minVotes: method.minVotes, unranked: [...retired].sort() },
    fragility: true,
  });
  derived.rowDigests ??= rowDigests(table);
  const digests = derived.rowDigests;
  const inputDigest = (job: Job) => {
    const key = JSON.stringify([job.category, boardOptions(job.styleControl)]);
    let digest = derived.boardDigests.get(key);
    if (digest === undefined) {
      digest = boardDigest(table, digests, selected.get(job.category) as Uint32Array, boardOptions(job.styleControl));
      derived.boardDigests.set(key, digest);
    }
    return digest;
  };
  const previous = options.reuse === false ? new Map<string, StoredBoard>() : await newestBoards(db);
  const outcomes = new Map<Job, BoardOutcome>();
  const toFit: { job: Job; digest: string }[] = [];
  for (const job of jobs) {
    if ((selected.get(job.category) as Uint32Array).length === 0) continue;
    const digest = inputDigest(job);
    const stored = previous.get(boardKey(job));
    if (stored && stored.digest === digest) {
      const payload = refreshed(stored.payload, models, runId, judgedBy, dataAt);
      outcomes.set(job, { digest, reusedFrom: stored.id, payload });
    } else {
      toFit.push({ job, digest });
    }
  }
  return { runId, models, jobs, table, selected, boardOptions, params, outcomes, toFit, method, retired };
}

/**
 * The boards to fit, whole, on worker threads, the costliest first (a style board's 100 rounds cost ~20 times a
 * plain one's at 1M battles: 12 s against 0.6 s on one thread), so the last to start are the shortest.
 */
async function fitBoards(plan: Plan, options: RecomputeOptions, context: RunContext): Promise<void> {
  const { pool, boardSeconds, judgedBy } = context;
  const { table, selected, outcomes, jobs } = plan;
  let done = outcomes.size;
  options.onProgress?.(done, jobs.length);
  pool?.shareTable(table);
  const compute = boardCompute(options, pool);
  const fits: Promise<void>[] = [];
  for (const { job, digest } of plan.toFit.sort((x, y) => boardCost(plan, y.job) - boardCost(plan, x.job))) {
    const started = performance.now();
    // fragility comes after the boards are published (publishFragility): it costs several times their fits
    const fitOptions = { ...plan.boardOptions(job.styleControl), fragility: false };
    const fit = compute(table, selected.get(job.category) as Uint32Array, fitOptions).then(
      (board) => {
        const record = methodRecord(plan.method, {
          styleControl: job.styleControl,
          dataAt: context.dataAt,
          inputDigest: digest,
        });
        const listing = { method: plan.method, retired: plan.retired, record };
        const payload = payloadOf(board, plan.models, plan.runId, judgedBy, listing);
        outcomes.set(job, { digest, payload: { ...payload, fragilityPending: true } });
      },
      (error: unknown) => {
        outcomes.set(job, { error: messageOf(error) });
      },
    );
    const counted = fit.then(() => {
      options.onProgress?.(++done, jobs.length);
      // in this thread one after the other; on the pool, its threads' own count below
      if (!pool) boardSeconds[job.styleControl ? "styleBoards" : "plainBoards"] += (performance.now() - started) / 1000;
    });
    fits.push(counted);
    // in-thread boards (tests) one after the other
    if (!pool) await counted;
  }
  await Promise.all(fits);
  if (pool) Object.assign(boardSeconds, pool.threadSeconds);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A board's relative cost, to start the costliest first: its rows, a style board's ~20 times a plain one's. */
const boardCost = (plan: Plan, job: Job) =>
  (plan.selected.get(job.category)?.length ?? 0) * (job.styleControl ? 20 : 1);

/** How a board is fitted: on the pool's threads, or by the caller's function (tests). */
function boardCompute(options: RecomputeOptions, pool: BoardPool | null): typeof computeLeaderboard {
  return options.computeBoard ?? ((_table, rows, o = {}) => (pool as BoardPool).compute(rows, o));
}

/**
 * Each fitted board's fragility and evidence panel (./found-figures.ts), found after the boards are published and then
 * written into their snapshots: at 1M votes it was ~85% of the boards' thread-seconds (bench:leaderboard), so the boards no
 * longer wait for it. Each is found from the board's own point fit, fitted again (the same rows and options without
 * intervals: the same parameters, a fraction of the fragility's time), and listed as the board lists it
 * (listedFigures). A board whose fragility cannot be found keeps `fragilityPending`: it is shown without it, recorded
 * in the result, and fitted again by the next run rather than reused.
 */
async function publishFragility(
  db: Db,
  plan: Plan,
  options: RecomputeOptions,
  context: RunContext,
  boards: FinishedBoard[],
  written: Map<string, string>,
  result: RecomputeResult,
): Promise<void> {
  const compute = boardCompute(options, context.pool);
  const updates: { id: string; payload: SnapshotPayload }[] = [];
  const pending = boards.filter(({ outcome }) => !outcome.reusedFrom && outcome.payload.fragilityPending);
  pending.sort((x, y) => boardCost(plan, y) - boardCost(plan, x));
  await Promise.all(
    pending.map(async ({ category, styleControl, outcome }) => {
      const id = written.get(boardKey({ category, styleControl }));
      if (id === undefined) return;
      const rows = plan.selected.get(category) as Uint32Array;
      const point = { ...plan.boardOptions(styleControl), ci: "none", bootstrapRounds: 0, matrices: false } as const;
      try {
        const board = await compute(plan.table, rows, point);
        const payload = await withFoundFigures(plan.table, rows, board, outcome.payload, plan);
        outcome.payload = payload;
        updates.push({ id, payload });
      } catch (error) {
        result.fragilityFailed.push({ category, styleControl, error: messageOf(error) });
      }
    }),
  );
  await replacePayloads(db, updates);
}

/** The run's snapshots, written at once; each one's id by board. */
async function writeRun(
  db: Db,
  plan: Plan,
  boards: FinishedBoard[],
  excluded: Exclusions,
): Promise<Map<string, string>> {
  const snapshots = boards.map(({ category, styleControl, outcome }) => ({
    category,
    styleControl,
    params: {
      ...plan.params,
      inputDigest: outcome.digest,
      ...(outcome.reusedFrom ? { reusedFrom: outcome.reusedFrom } : {}),
    },
    payload: outcome.payload,
    voteCount: outcome.payload.battles,
    excluded,
  }));
  return insertSnapshots(db, snapshots);
}

/** From the cache when there is one, else every vote read; cohorts' battles as the operator says (board.cohortVotes). */
async function liveBattles(db: Db, cache: LiveBattleCache | undefined, options: LoadOptions) {
  const read = { ...options, includeCohorts: options.includeCohorts ?? (await readSetting(db, "board.cohortVotes")) };
  if (cache) return cache.load(db, read);
  const live = await loadLiveBattles(db, read);
  return { ...live, report: { mode: "full", votesRead: live.votes, changed: 0 } satisfies LoadReport };
}
