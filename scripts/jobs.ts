// The background worker started beside the web server by `npm run dev` / `npm start`: labels voted battles with
// their categories (pg-boss jobs; ARENA_JUDGE_MODEL picks a judge model), recomputes leaderboard snapshots after
// new votes or labels (ARENA_SNAPSHOT_INTERVAL_S, default 60) and the dataset statistics of /data
// (ARENA_DATA_STATS_INTERVAL_S). ARENA_JOBS=0 keeps it from starting.

import { sleep } from "../lib/async/sleep";
import { workBenchBoards, workCurations, workJudgings } from "../lib/bench/engine";
import { scoreIfBenchmark, workBenchmarkImports } from "../lib/benchmarks";
import { RULES_LABELLER } from "../lib/categories/names";
import { startQueue, sweepUntagged, workTagging } from "../lib/categories/queue";
import { judgeFromEnv } from "../lib/categories/tagger";
import { type Config, config } from "../lib/config";
import { currentDatasetStatistics } from "../lib/dataset-stats";
import { refreshDatasetTopics } from "../lib/dataset-stats/topics";
import { closeDb, createDb } from "../lib/db/context";
import { workEvalRuns } from "../lib/evals";
import { findFailureCandidates } from "../lib/failures";
import { runSnapshotLoop, workRecomputeRequests } from "../lib/leaderboard/scheduler";

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

const judge = await judgeFromEnv(db).catch((error: Error) => {
  log(`categories: ${error.message}; labelling with rules only`);
  return null;
});
log(
  `categories: ${judge ? `judge ${judge.labeller.name}` : "rules only (set ARENA_JUDGE_MODEL for the paper's judge)"}`,
);
const boss = await startQueue(url);
await workTagging(db, boss, judge, log);
// offline evaluation runs (arena evals run): one at a time, resumable
await workEvalRuns(db, boss, log, async (runId) => {
  const scored = await scoreIfBenchmark(db, runId);
  if (scored) log(`benchmarks: ${scored} verdicts for run ${runId}`);
});
await workJudgings(db, boss, log);
await workCurations(db, boss, log);
await workBenchBoards(db, boss, log);
await workBenchmarkImports(db, boss, log);
// the console's "Recompute now"
await workRecomputeRequests(db, boss, {
  includeDemo: settings.ARENA_LEADERBOARD_INCLUDE_DEMO,
  judgedBy: judge?.labeller.name ?? RULES_LABELLER.name,
  log,
});
const sweepMs = settings.ARENA_TAG_SWEEP_S * 1000;
const sweeps = (async () => {
  while (!controller.signal.aborted) {
    try {
      const queued = await sweepUntagged(db, boss, judge);
      if (queued) log(`tagging: queued ${queued} battles`);
    } catch (error) {
      log(`tagging: sweep failed, will retry: ${error instanceof Error ? error.message : String(error)}`);
    }
    await sleep(sweepMs, controller.signal);
  }
})();
// the dataset figures and topics of /data, kept no older than their intervals even when nobody visits, and new
// failure-case candidates for the console
const statsMs = settings.ARENA_DATA_STATS_INTERVAL_S * 1000;
const datasetStats = (async () => {
  while (!controller.signal.aborted) {
    try {
      await currentDatasetStatistics(db, { judgedBy: judge?.labeller.name ?? RULES_LABELLER.name });
      const found = await findFailureCandidates(db);
      if (found) log(`failure cases: ${found} new candidates`);
      const topics = await refreshDatasetTopics(db);
      if (topics)
        log(`dataset topics: ${topics.battles.topics.length} of battles, ${topics.chats.topics.length} of chats`);
    } catch (error) {
      log(`dataset statistics: failed, will retry: ${error instanceof Error ? error.message : String(error)}`);
    }
    // pages refresh figures older than the interval themselves; this loop only keeps unvisited ones fresh
    await sleep(Math.max(5_000, Math.min(statsMs, 60_000)), controller.signal);
  }
})();
await runSnapshotLoop(db, {
  intervalMs: settings.ARENA_SNAPSHOT_INTERVAL_S * 1000,
  signal: controller.signal,
  includeDemo: settings.ARENA_LEADERBOARD_INCLUDE_DEMO,
  judgedBy: judge?.labeller.name ?? RULES_LABELLER.name,
  log,
});
await Promise.all([sweeps, datasetStats]);
await boss.stop({ graceful: true, timeout: 5000 });
await closeDb(db);
