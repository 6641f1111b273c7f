// docs/jobs.md's table of queues, written from the queue table (`npm run docs:config` puts it in place; a unit test
// fails when the page and the table part).
import { markdownTable, withGenerated } from "../config/docs";
import { QUEUES, type QueueName } from "./queues";

export const JOBS_START = "<!-- queues:start (generated from lib/jobs/queues.ts by npm run docs:config) -->";
export const JOBS_END = "<!-- queues:end -->";

function retryPolicy(options: (typeof QUEUES)[QueueName]["options"]): string {
  const {
    retryLimit = 0,
    retryDelay,
    retryBackoff,
  } = options as { retryLimit?: number; retryDelay?: number; retryBackoff?: boolean };
  if (!retryLimit) return "none";
  return `${retryLimit}×${retryDelay ? `, ${retryDelay} s` : ""}${retryBackoff ? ", doubling" : ""}`;
}

export function queueTable(): string {
  const rows = (Object.keys(QUEUES) as QueueName[]).map((name) => {
    const q = QUEUES[name];
    const expiry = q.options.expireInSeconds ?? 0;
    return [
      `\`${name}\``,
      q.doc.job,
      q.doc.enqueuedBy,
      q.doc.handledBy,
      `${q.options.policy ?? "standard"}${"singletonKey" in q ? ", one per subject" : ""}`,
      retryPolicy(q.options),
      expiry >= 3600 ? `${expiry / 3600} h` : `${expiry / 60} min`,
      String(q.fetch.batchSize),
    ];
  });
  const header = ["queue", "a job is", "queued by", "worked by", "policy", "retries", "expires", "batch"];
  return [JOBS_START, markdownTable(header, rows), JOBS_END].join("\n");
}

/** docs/jobs.md with its table replaced by the queue table's. */
export const withQueueTable = (page: string) =>
  withGenerated(page, [JOBS_START, JOBS_END], queueTable(), "queue table");
