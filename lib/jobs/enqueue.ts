// How anything queues work for the jobs process: a typed payload, checked against its queue's schema, sent through
// one per-process sender per database (web requests never start a whole pg-boss of their own).
import type PgBoss from "pg-boss";
import { config } from "../config";
import { DomainError } from "../errors";
import { ensureQueue, newBoss } from "./connection";
import { type Payload, QUEUES, type QueueName } from "./queues";

const senders = new Map<string, Promise<PgBoss>>();

function sender(url: string | undefined): Promise<PgBoss> {
  if (!url)
    return Promise.reject(new DomainError("unavailable", "no_database", "DATABASE_URL is not set: cannot queue work"));
  let boss = senders.get(url);
  if (!boss) {
    boss = (async () => {
      const started = newBoss(url, "sender");
      await started.start();
      return started;
    })().catch((error) => {
      senders.delete(url);
      throw error;
    });
    senders.set(url, boss);
  }
  return boss;
}

/** The runner's own pg-boss sends for its process too (one pool, not two); withdrawn when the runner stops. */
export function shareAsSender(url: string, boss: PgBoss): () => void {
  const shared = Promise.resolve(boss);
  senders.set(url, shared);
  return () => {
    if (senders.get(url) === shared) senders.delete(url);
  };
}

export interface EnqueueOptions {
  /** the database whose queues to use; default: this process's DATABASE_URL */
  url?: string;
}

function checked<Q extends QueueName>(queue: Q, payload: Payload<Q>): Payload<Q> {
  const parsed = QUEUES[queue].payload.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError(
      "invalid",
      "invalid_job",
      `${queue}: ${issue?.path.join(".") || "payload"}: ${issue?.message}`,
    );
  }
  return parsed.data as Payload<Q>;
}

function singletonKey<Q extends QueueName>(queue: Q, payload: Payload<Q>): string | undefined {
  const key = QUEUES[queue] as { singletonKey?: (p: Payload<Q>) => string };
  return key.singletonKey?.(payload);
}

/** Queues one job; null when one for the same subject is already waiting (the queue's singleton key). */
export async function enqueue<Q extends QueueName>(
  queue: Q,
  payload: Payload<Q>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const data = checked(queue, payload);
  const boss = await sender(options.url ?? config().DATABASE_URL);
  await ensureQueue(boss, queue);
  const key = singletonKey(queue, data);
  return boss.send(queue, data, key ? { singletonKey: key } : {});
}

/** Queues many jobs in one statement (a sweep's worth). */
export async function enqueueMany<Q extends QueueName>(
  queue: Q,
  payloads: Payload<Q>[],
  options: EnqueueOptions = {},
): Promise<void> {
  if (payloads.length === 0) return;
  const data = payloads.map((p) => checked(queue, p));
  const boss = await sender(options.url ?? config().DATABASE_URL);
  await ensureQueue(boss, queue);
  await boss.insert(data.map((d) => ({ name: queue, data: d, singletonKey: singletonKey(queue, d) })));
}

/** Stops this process's senders (a command line that queued work and is about to exit). */
export async function closeSenders(): Promise<void> {
  const all = [...senders.values()];
  senders.clear();
  await Promise.all(
    all.map(async (boss) =>
      (await boss.catch(() => null))?.stop({ graceful: false, timeout: 2000 }).catch(() => undefined),
    ),
  );
}
