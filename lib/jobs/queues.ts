// Every queue of the jobs process in one table: its pg-boss options, the zod schema of its payload, how a worker
// fetches it and which payload field keeps one waiting job per subject. Features enqueue by name with a typed
// payload (lib/jobs' enqueue) and register a handler by name (jobs.ts of their folder); docs/jobs.md describes each.
import type PgBoss from "pg-boss";
import { z } from "zod";

interface QueueDefinition<S extends z.ZodType> {
  payload: S;
  /** pg-boss queue options (policy, retries, expiry) */
  options: Omit<PgBoss.Queue, "name">;
  /** jobs per fetch and how often an idle worker polls */
  fetch: { batchSize: number; pollingIntervalSeconds: number };
  /** one waiting job per value: two sends for the same subject coalesce */
  singletonKey?: (payload: z.infer<S>) => string;
  /** for docs/jobs.md: what a job is, who queues it and who works it */
  doc: { job: string; enqueuedBy: string; handledBy: string };
}

const define = <S extends z.ZodType>(definition: QueueDefinition<S>) => definition;

/** Work that takes hours (a run of thousands of items): retried with backoff, and taken as lost only after 4 h. */
const LONG_WORK = {
  policy: "short",
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 4 * 3600,
} as const;
/** One job at a time per worker, looked for every 2 s. */
const ONE_AT_A_TIME = { batchSize: 1, pollingIntervalSeconds: 2 };

export const QUEUES = {
  /** one voted battle to label with its categories (the rules, and the judge model when one is set) */
  "tag-battle": define({
    doc: {
      job: "one voted battle to label with its categories",
      enqueuedBy: "the tagging sweep (schedule, `lib/categories/jobs.ts`)",
      handledBy: "`taggingJobs` in `lib/categories/jobs.ts`",
    },
    payload: z.object({ conversationId: z.string().min(1) }),
    options: { policy: "short", retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 },
    fetch: { batchSize: 50, pollingIntervalSeconds: 1 },
    singletonKey: (p) => p.conversationId,
  }),
  /** an offline evaluation run (prompt set × model); resumes where a dead worker stopped */
  "eval-run": define({
    doc: {
      job: "an offline answer run (prompt set × model), resumable",
      enqueuedBy: "`arena evals run`, `arena benchmark run`, the console (`queueRun`)",
      handledBy: "`evalJobs` in `lib/evals/jobs.ts` (then `scoreIfBenchmark`)",
    },
    payload: z.object({ runId: z.string().min(1) }),
    options: LONG_WORK,
    fetch: ONE_AT_A_TIME,
    singletonKey: (p) => p.runId,
  }),
  /** a VisionArena-Bench judging (judge × answers against the anchor), followed by a fresh score of its bench */
  "bench-judge": define({
    doc: {
      job: "a VisionArena-Bench judging, then a fresh score of its bench",
      enqueuedBy: "`arena bench judge`, the console (`queueJudging`)",
      handledBy: "`benchJobs` in `lib/bench/jobs.ts`",
    },
    payload: z.object({ judgeRunId: z.string().min(1) }),
    options: LONG_WORK,
    fetch: ONE_AT_A_TIME,
    singletonKey: (p) => p.judgeRunId,
  }),
  /** a bench curation: reads every eligible battle and embeds it */
  "bench-curate": define({
    doc: {
      job: "a bench curation (embeds every eligible battle)",
      enqueuedBy: "the console (`queueCuration`)",
      handledBy: "`benchJobs` in `lib/bench/jobs.ts`",
    },
    payload: z.object({
      name: z.string().optional(),
      size: z.number().int().positive().optional(),
      seed: z.number().int().optional(),
      embedder: z.string().optional(),
    }),
    options: { policy: "short", retryLimit: 1, expireInSeconds: 3600 },
    fetch: ONE_AT_A_TIME,
    singletonKey: () => "curation",
  }),
  /** the stored scores of one bench (set, anchor, judge), recomputed */
  "bench-board": define({
    doc: {
      job: "the stored scores of one bench, recomputed",
      enqueuedBy: "the console when a bench is published (`queueBenchBoard`)",
      handledBy: "`benchJobs` in `lib/bench/jobs.ts`",
    },
    payload: z.object({ set: z.string().min(1), anchor: z.string().min(1), judge: z.string().min(1) }),
    options: { policy: "short", retryLimit: 2, expireInSeconds: 600 },
    fetch: ONE_AT_A_TIME,
    singletonKey: (p) => `${p.set}|${p.anchor}|${p.judge}`,
  }),
  /** a ground-truth benchmark's files from the benchmark folder, imported as prompt sets */
  "benchmark-import": define({
    doc: {
      job: "benchmark files from the benchmark folder, imported as prompt sets",
      enqueuedBy: "the console (`queueBenchmarkImport`)",
      handledBy: "`benchmarkJobs` in `lib/benchmarks/jobs.ts`",
    },
    payload: z.object({
      benchmark: z.string().min(1),
      files: z.array(z.string().min(1)).min(1),
      name: z.string().optional(),
    }),
    // a refused file is refused again: no retry
    options: { policy: "short", retryLimit: 0, expireInSeconds: 3600 },
    fetch: ONE_AT_A_TIME,
  }),
  /** a toolkit's prediction file from the benchmark folder, read and scored as a run (its row: PredictionImport) */
  "prediction-import": define({
    doc: {
      job: "a toolkit's prediction file (VLMEvalKit, lmms-eval) imported and scored as a run",
      enqueuedBy: "the console (`queuePredictionImport`)",
      handledBy: "`benchmarkJobs` in `lib/benchmarks/jobs.ts`",
    },
    payload: z.object({ importId: z.string().uuid() }),
    // a refused file is refused again: no retry
    options: { policy: "short", retryLimit: 0, expireInSeconds: 3600 },
    fetch: ONE_AT_A_TIME,
  }),
  /** the console's "Recompute now": at most one waits while one runs, so clicks coalesce */
  "leaderboard-recompute": define({
    doc: {
      job: '"Recompute now": every board, new votes or not',
      enqueuedBy: "the console (`requestRecompute`)",
      handledBy: "`leaderboardJobs` in `lib/leaderboard/scheduler.ts`",
    },
    payload: z.object({ requestedAt: z.string() }),
    // another instance holding the snapshot lock: try again shortly
    options: { policy: "stately", retryLimit: 20, retryDelay: 5, expireInSeconds: 3600 },
    fetch: { batchSize: 1, pollingIntervalSeconds: 1 },
  }),
};

export type QueueName = keyof typeof QUEUES;
export type Payload<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]["payload"]>;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
