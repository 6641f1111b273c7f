// lib/jobs: background work in one place. Features queue work with `enqueue` and hand the runner their handlers
// (a jobs.ts in their folder); scripts/jobs.ts starts the one runner (lib/jobs/runner) and registers them all.
export { closeSenders, type EnqueueOptions, enqueue, enqueueMany } from "./enqueue";
export type { BatchContext, Job, JobContext, JobHandler, JobHandlers, Log, Schedule } from "./handlers";
export { BEAT_MS, type Heartbeat, heartbeatAges, keepBeating, readHeartbeat, STALE_MS } from "./heartbeat";
export { type Payload, QUEUE_NAMES, QUEUES, type QueueName } from "./queues";
export { JobRunner, type RunnerOptions } from "./runner";
export { keysWithoutJob, oldestPending, type QueueDepth, queueDepths } from "./state";
