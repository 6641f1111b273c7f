// Tagging as background jobs on pg-boss (its own schema in the same PostgreSQL): a sweep finds voted battles
// without current labels and queues one job per battle (a battle already waiting is not queued twice); workers
// label them in batches, and a battle the judge fails on is retried with backoff. Votes never wait for any of it.
import PgBoss from "pg-boss";
import type { Db } from "../db/context";
import { RULES_LABELLER } from "./names";
import { type Judge, tagBattles, untaggedBattles } from "./tagger";

export const TAG_QUEUE = "tag-battle";

export async function startQueue(
  connectionString: string,
  options: { retryDelaySeconds?: number } = {},
): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, schema: "pgboss", max: 4, application_name: "arena-jobs" });
  boss.on("error", () => undefined); // transient database errors: pg-boss retries its own maintenance
  await boss.start();
  await boss.createQueue(TAG_QUEUE, {
    name: TAG_QUEUE,
    policy: "short", // one waiting job per battle (singletonKey)
    retryLimit: 5,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: true,
    expireInSeconds: 600,
  });
  return boss;
}

/** Queues the battles that miss labels; returns how many were found (some may already be waiting). */
export async function sweepUntagged(db: Db, boss: PgBoss, judge: Judge | null, limit = 5000): Promise<number> {
  const untagged = await untaggedBattles(db, judge ? [RULES_LABELLER, judge.labeller] : [RULES_LABELLER], limit);
  if (untagged.length === 0) return 0;
  // not those with a job still waiting, running, retrying or failed (a battle the judge cannot label is not
  // asked again at every sweep; failed jobs are archived after a week, and then it gets another chance)
  const { rows } = await db.pool.query<{ id: string }>(
    `SELECT u.id FROM unnest($1::text[]) AS u(id)
      WHERE NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $2 AND j.singleton_key = u.id AND j.state <> 'completed')`,
    [untagged, TAG_QUEUE],
  );
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  await boss.insert(ids.map((id) => ({ name: TAG_QUEUE, data: { conversationId: id }, singletonKey: id })));
  return ids.length;
}

/** Works the tagging queue until the boss stops. */
export async function workTagging(
  db: Db,
  boss: PgBoss,
  judge: Judge | null,
  log: (line: string) => void = () => {},
): Promise<string> {
  return boss.work<{ conversationId: string }>(
    TAG_QUEUE,
    { batchSize: 50, pollingIntervalSeconds: 1 },
    async (jobs) => {
      const byConversation = new Map(jobs.map((job) => [job.data.conversationId, job.id]));
      const result = await tagBattles(db, [...byConversation.keys()], { judge });
      for (const failure of result.failed) {
        const id = byConversation.get(failure.id);
        if (id) await boss.fail(TAG_QUEUE, id, { message: failure.error });
      }
      if (result.failed.length) log(`tagging: ${result.failed.length} battles failed, will retry`);
    },
  );
}
