// Runs execute in the jobs process (never in a web request): one job per run, queued once while it waits; a job
// that dies with its process is retried, and the run resumes where it stopped.
import { type EnqueueOptions, enqueue, type JobHandlers } from "../jobs";
import { executeRun } from "./runs";

export function queueRun(runId: string, options: EnqueueOptions = {}): Promise<string | null> {
  return enqueue("eval-run", { runId }, options);
}

/** One run at a time per jobs process (its calls are limited per provider inside). */
export function evalJobs(
  /** what follows a finished run (the benchmarks score theirs) */
  afterRun: (runId: string) => Promise<void> = async () => {},
): JobHandlers {
  return {
    "eval-run": async ([job], { db, log }) => {
      if (!job) return;
      const result = await executeRun(db, job.data.runId);
      log(`evals: run ${result.runId} ${result.status}: ${result.answered} answered, ${result.failed} failed`);
      if (result.status !== "busy") await afterRun(result.runId);
    },
  };
}
