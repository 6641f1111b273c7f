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
  boss.on("error", () => undefined); // transient database errors: pg-boss retries its own maintenance
  return boss;
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
