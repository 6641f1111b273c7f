// The jobs process started beside the web server by `npm run dev` / `npm start`: the one job runner (lib/jobs) with
// every feature's handlers and schedules. It labels voted battles with their categories (ARENA_JUDGE_MODEL picks a
// judge model), runs evaluations, judgings, curations and benchmark imports, recomputes leaderboard snapshots after
// new votes or labels (ARENA_SNAPSHOT_INTERVAL_S, default 60) and the dataset statistics of /data
// (ARENA_DATA_STATS_INTERVAL_S), and runs the drift watch's canary runs (ARENA_DRIFT_INTERVAL_H). docs/jobs.md lists
// every queue. ARENA_JOBS=0 keeps it from starting.

import { randomUUID } from "node:crypto";
import path from "node:path";
import { backupSchedule } from "../lib/backup";
import { benchJobs } from "../lib/bench/engine";
import { benchmarkJobs, groundTruth, scoreIfBenchmark } from "../lib/benchmarks";
import { taggingJobs, tagSweep } from "../lib/categories/jobs";
import { RULES_LABELLER } from "../lib/categories/names";
import { judgeFromEnv } from "../lib/categories/tagger";
import { type Config, config } from "../lib/config";
import { datasetSchedule } from "../lib/dataset-stats/jobs";
import { closeDb, createDb } from "../lib/db/context";
import { driftSchedule, humanPeriodsSchedule, recordDriftCheck, webhookSink } from "../lib/drift";
import { evalJobs } from "../lib/evals";
import { failureSchedule } from "../lib/failures/jobs";
import { imageStore } from "../lib/images/store";
import { JobRunner, keepBeating } from "../lib/jobs";
import { leaderboardJobs, snapshotSchedule } from "../lib/leaderboard/scheduler";
import { embeddingSchedule } from "../lib/neighbourhood";
import { guardProcess } from "../lib/process";

// before anything loads a library that installs a crash-on-rejection handler (the image classifier's WebAssembly)
guardProcess({ name: "jobs" });

let settings: Config;
try {
  settings = config();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const url = settings.DATABASE_URL;
if (!url) {
  console.error("error: DATABASE_URL is not set");
  process.exit(1);
}
const log = (line: string) => console.log(`[jobs] ${line}`);
const db = createDb(url);
const controller = new AbortController();
/** A stop asked for is a stop within this long, whatever work is in flight (a recompute, a long label). */
const STOP_WITHIN_MS = 15_000;
controller.signal.addEventListener("abort", () => {
  setTimeout(() => {
    log(`still busy ${STOP_WITHIN_MS / 1000} s after the stop was asked for: exiting now`);
    process.exit(0);
  }, STOP_WITHIN_MS).unref();
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => controller.abort());
// stop with the launcher even when it was killed without the chance to stop us
const parent = process.ppid;
setInterval(() => process.ppid !== parent && controller.abort(), 2000).unref();

// the web processes started beside this one are ready only while it beats (lib/health)
const beating = keepBeating(db, settings.ARENA_JOBS_PEER ?? `jobs-${randomUUID()}`, "jobs", controller.signal);

const judge = await judgeFromEnv(db).catch((error: Error) => {
  log(`categories: ${error.message}; labelling with rules only`);
  return null;
});
log(
  `categories: ${judge ? `judge ${judge.labeller.name}` : "rules only (set ARENA_JUDGE_MODEL for the paper's judge)"}`,
);
const judgedBy = judge?.labeller.name ?? RULES_LABELLER.name;
// the composite board (human votes and the benchmarks' ground truth) is written with every recompute
const boards = { includeDemo: settings.ARENA_LEADERBOARD_INCLUDE_DEMO, judgedBy, groundTruth };

const driftRule = { alpha: settings.ARENA_DRIFT_ALPHA, baselineRuns: settings.ARENA_DRIFT_BASELINE_RUNS };
const alarmSink = settings.ARENA_DRIFT_WEBHOOK_URL ? webhookSink(settings.ARENA_DRIFT_WEBHOOK_URL) : undefined;

const runner = await JobRunner.start(url, { db, log });
await runner.handle(taggingJobs(judge));
// offline evaluation runs (arena evals run): one at a time, resumable; a benchmark's run is scored when it ends
await runner.handle(
  evalJobs(async (runId) => {
    const scored = await scoreIfBenchmark(db, runId);
    if (scored) log(`benchmarks: ${scored} verdicts for run ${runId}`);
    // a canary run of the drift watch is then tested against the model's baseline
    const check = await recordDriftCheck(db, runId, driftRule, alarmSink);
    if (check) log(`drift watch: run ${runId} ${check.correct}/${check.total}: ${check.status}`);
  }),
);
await runner.handle(benchJobs);
await runner.handle(benchmarkJobs);
await runner.handle(leaderboardJobs(boards)); // the console's "Recompute now"

runner.every(tagSweep(judge, settings.ARENA_TAG_SWEEP_S * 1000));
// pages refresh figures older than their interval themselves; this only keeps unvisited ones fresh
const statisticsEveryMs = Math.max(5_000, Math.min(settings.ARENA_DATA_STATS_INTERVAL_S * 1000, 60_000));
runner.every(datasetSchedule(judgedBy, statisticsEveryMs));
runner.every(failureSchedule(statisticsEveryMs));
runner.every(snapshotSchedule(settings.ARENA_SNAPSHOT_INTERVAL_S * 1000, boards));
// "which model for an image like mine?": each voted battle's picture and question embedded for the neighbourhood board
runner.every(embeddingSchedule(30_000));
// the drift watch: each listed model answers each canary slice (arena drift canary) once per interval
if (settings.ARENA_DRIFT_INTERVAL_H > 0) {
  runner.every(
    driftSchedule({ intervalMs: settings.ARENA_DRIFT_INTERVAL_H * 3_600_000, seed: settings.ARENA_DRIFT_SEED }),
  );
}
// its human side: each month's votes fitted on their own, for the model pages (hourly: a month moves slowly)
runner.every(humanPeriodsSchedule(3_600_000, settings.ARENA_LEADERBOARD_INCLUDE_DEMO));
if (settings.ARENA_BACKUP_DIR) {
  runner.every(
    backupSchedule({
      connectionString: url,
      dir: path.resolve(settings.ARENA_BACKUP_DIR),
      intervalMs: settings.ARENA_BACKUP_INTERVAL_H * 3_600_000,
      keep: settings.ARENA_BACKUP_KEEP,
      store: imageStore(settings),
    }),
  );
  log(
    `backups: every ${settings.ARENA_BACKUP_INTERVAL_H} h into ${settings.ARENA_BACKUP_DIR}, keeping ${settings.ARENA_BACKUP_KEEP}`,
  );
}

controller.signal.addEventListener("abort", () => void runner.stop());
await runner.stopped();
await runner.stop();
await beating;
await closeDb(db);
