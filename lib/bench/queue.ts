// Judgings, curations and bench scores execute in the jobs process (jobs.ts); these queue them. A judging is queued
// once while it waits; a job that dies with its process is retried and the judging resumes where it stopped.
import { type EnqueueOptions, enqueue, type Payload } from "../jobs";

export type CurateJob = Payload<"bench-curate">;

export function queueJudging(judgeRunId: string, options: EnqueueOptions = {}): Promise<string | null> {
  return enqueue("bench-judge", { judgeRunId }, options);
}

/** Curation reads every eligible battle and embeds it: the jobs process does it, never a web request. */
export function queueCuration(job: CurateJob, options: EnqueueOptions = {}): Promise<string | null> {
  return enqueue("bench-curate", job, options);
}

/** Recomputes the stored scores of one bench (set, anchor, judge): after judging, or when staff choose a bench. */
export function queueBenchBoard(selection: Payload<"bench-board">, options: EnqueueOptions = {}) {
  return enqueue("bench-board", selection, options);
}
