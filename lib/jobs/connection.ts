// pg-boss lives in its own schema of the arena's PostgreSQL. Queues are created on first use by whoever uses them
// (a sender or a worker), once per pg-boss instance: createQueue is idempotent but costs a round trip.
import PgBoss from "pg-boss";
import { QUEUES, type QueueName } from "./queues";

export const JOBS_SCHEMA = "pgboss";

export function newBoss(connectionString: string, role: "runner" | "sender"): PgBoss {
  const boss = new PgBoss({
    connectionString,
    schema: JOBS_SCHEMA,
    max: role === "runner" ? 4 : 2,
    // a sender only sends: maintenance and schedules are the runner's
    ...(role === "sender" ? { supervise: false, schedule: false } : {}),
    application_name: role === "runner" ? "arena-jobs" : "arena-web-producer",
  });
  // transient database errors (a failover, a restart): pg-boss retries its polls and maintenance itself. Said once
  // per kind of error a minute, so a long outage is a few lines rather than one a poll.
  boss.on("error", (error: Error) => reportBossError(role, error));
  return boss;
}

const lastSaid = new Map<string, number>();
function reportBossError(role: string, error: Error) {
  const key = `${role}:${(error as { code?: string }).code ?? error.message.slice(0, 60)}`;
  const now = Date.now();
  if (now - (lastSaid.get(key) ?? 0) < 60_000) return;
  lastSaid.set(key, now);
  console.warn(`[jobs] pg-boss (${role}): ${error.message} (retrying; said once a minute)`);
}

const created = new WeakMap<PgBoss, Set<QueueName>>();

export async function ensureQueue(
  boss: PgBoss,
  queue: QueueName,
  overrides: Partial<PgBoss.Queue> = {},
): Promise<void> {
  const known = created.get(boss) ?? new Set<QueueName>();
  created.set(boss, known);
  if (known.has(queue)) return;
  await boss.createQueue(queue, { name: queue, ...QUEUES[queue].options, ...overrides });
  known.add(queue);
}
