// Runs execute in the jobs process, as pg-boss jobs (never in a web request): one job per run, queued once while
// it waits (singletonKey); a job that dies with its process is retried, and the run resumes where it stopped.
import PgBoss from "pg-boss";
import { config } from "../config";
import type { Db } from "../db/context";
import { EvalRunError, executeRun } from "./runs";

export const EVAL_QUEUE = "eval-run";

export async function createEvalQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(EVAL_QUEUE, {
    name: EVAL_QUEUE,
    policy: "short",
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    // a run of thousands of items takes hours; a dead worker's job is picked up again after this
    expireInSeconds: 4 * 3600,
  });
}

export async function queueRun(boss: PgBoss, runId: string): Promise<string | null> {
  await createEvalQueue(boss);
  return boss.send(EVAL_QUEUE, { runId }, { singletonKey: runId });
}

/** Works the run queue: one run at a time per jobs process (its calls are limited per provider inside). */
export async function workEvalRuns(
  db: Db,
  boss: PgBoss,
  log: (line: string) => void = () => {},
  /** what follows a finished run (the benchmarks score theirs) */
  afterRun: (runId: string) => Promise<void> = async () => {},
): Promise<string> {
  await createEvalQueue(boss);
  return boss.work<{ runId: string }>(EVAL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    if (!job) return;
    const result = await executeRun(db, job.data.runId);
    log(`evals: run ${result.runId} ${result.status}: ${result.answered} answered, ${result.failed} failed`);
    if (result.status !== "busy") await afterRun(result.runId);
  });
}

let producer: Promise<PgBoss> | undefined;

/**
 * A per-process pg-boss that only sends (no maintenance, no schedules): what web requests queue work with, instead
 * of starting a whole pg-boss per request. The jobs process does the work.
 */
export function jobProducer(url = config().DATABASE_URL): Promise<PgBoss> {
  if (!url) return Promise.reject(new EvalRunError("DATABASE_URL is not set: cannot queue work"));
  producer ??= (async () => {
    const boss = new PgBoss({
      connectionString: url,
      schema: "pgboss",
      max: 2,
      supervise: false,
      schedule: false,
      application_name: "arena-web-producer",
    });
    boss.on("error", () => undefined);
    await boss.start();
    return boss;
  })().catch((error) => {
    producer = undefined;
    throw error;
  });
  return producer;
}
