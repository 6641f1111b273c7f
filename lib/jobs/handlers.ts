// What a feature writes to have work done in the jobs process: handlers by queue name (a jobs.ts in its folder) and
// schedules for periodic work. The runner (runner.ts) calls them; features never touch pg-boss themselves.
import type { Db } from "../db/context";
import type { Payload, QueueName } from "./queues";

export type Log = (line: string) => void;

export interface JobContext {
  db: Db;
  log: Log;
  /** aborted when the runner stops: long work should stop soon after */
  signal: AbortSignal;
}

export interface Job<Q extends QueueName> {
  id: string;
  data: Payload<Q>;
}

export interface BatchContext<Q extends QueueName> extends JobContext {
  /** marks one job of the batch failed (pg-boss retries it by the queue's policy); the others complete */
  fail(job: Job<Q>, message: string): Promise<void>;
}

/** Works a batch of the queue's jobs (a batch of one on most queues); a throw fails the whole batch. */
export type JobHandler<Q extends QueueName> = (jobs: Job<Q>[], context: BatchContext<Q>) => Promise<void>;

export type JobHandlers = { [Q in QueueName]?: JobHandler<Q> };

/** Periodic work: run, then wait `everyMs`, until the runner stops; a failure is logged and tried at the next turn. */
export interface Schedule {
  name: string;
  everyMs: number;
  run: (context: JobContext) => Promise<void>;
}
