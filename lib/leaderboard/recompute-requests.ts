// "Recompute now" from the console. A recompute of every board can take minutes at a million votes, so the console
// does not run it in a web request: it queues a job that the jobs process works (scheduler.ts). The queue is
// "stately": at most one request waits while one runs, so any number of clicks coalesce into one more recompute.
// The run itself still takes the snapshot lock, so it never overlaps the periodic one on another instance.
import type { Db } from "../db/context";
import { type EnqueueOptions, enqueue, oldestPending } from "../jobs";

export async function requestRecompute(options: EnqueueOptions = {}): Promise<Date> {
  const at = new Date();
  await enqueue("leaderboard-recompute", { requestedAt: at.toISOString() }, options);
  return at;
}

/** When the oldest request still waiting or running was made; null when none is. */
export function pendingRecompute(db: Db): Promise<Date | null> {
  return oldestPending(db, "leaderboard-recompute");
}
