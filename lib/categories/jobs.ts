// Tagging as background work: a sweep finds voted battles without current labels and queues one job per battle
// (a battle already waiting is not queued twice); workers label them in batches, and a battle the judge fails on
// is retried with backoff. Votes never wait for any of it.
import type { Db } from "../db/context";
import { type EnqueueOptions, enqueueMany, type JobHandlers, keysWithoutJob, type Schedule } from "../jobs";
import { RULES_LABELLER } from "./names";
import { type Judge, tagBattles, untaggedBattles } from "./tagger";

/** Queues the battles that miss labels; returns how many were queued. */
export async function sweepUntagged(
  db: Db,
  judge: Judge | null,
  options: EnqueueOptions & { limit?: number } = {},
): Promise<number> {
  const labellers = judge ? [RULES_LABELLER, judge.labeller] : [RULES_LABELLER];
  const untagged = await untaggedBattles(db, labellers, options.limit ?? 5000);
  // not those with a job still to do, nor a failed one (a battle the judge cannot label is not asked again at every
  // sweep)
  const ids = await keysWithoutJob(db, "tag-battle", untagged);
  await enqueueMany(
    "tag-battle",
    ids.map((conversationId) => ({ conversationId })),
    options,
  );
  return ids.length;
}

export function taggingJobs(judge: Judge | null): JobHandlers {
  return {
    "tag-battle": async (jobs, { db, log, fail }) => {
      const byConversation = new Map(jobs.map((job) => [job.data.conversationId, job]));
      const result = await tagBattles(db, [...byConversation.keys()], { judge });
      for (const failure of result.failed) {
        const job = byConversation.get(failure.id);
        if (job) await fail(job, failure.error);
      }
      if (result.failed.length) log(`tagging: ${result.failed.length} battles failed, will retry`);
    },
  };
}

export function tagSweep(judge: Judge | null, everyMs: number, options: EnqueueOptions = {}): Schedule {
  return {
    name: "tagging sweep",
    everyMs,
    run: async ({ db, log }) => {
      const queued = await sweepUntagged(db, judge, options);
      if (queued) log(`tagging: queued ${queued} battles`);
    },
  };
}
