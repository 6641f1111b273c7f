// The drift watch's schedule (the jobs process): every listed model answers every canary slice once per interval,
// with the pinned settings below, through the ordinary run queue (resumable, rate-limited per provider, priced per
// answer). Its answers are priced like any run's, so they count in the daily budgets (lib/budgets), and a model past
// its ceiling is not asked until the next day.
import { scoreIfBenchmark } from "../benchmarks/runs";
import { overBudget } from "../budgets";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { executeRun, queueRun, type RunSettings } from "../evals";
import type { Schedule } from "../jobs";
import { canarySlices } from "./canary";
import { type AlarmSink, type DriftCheckResult, type DriftRule, recordDriftCheck } from "./checks";

/** Pinned for every canary run: the same prompt (the slice's), temperature 0 and one seed. */
export const canarySettings = (seed: number): RunSettings => ({ temperature: 0, maxTokens: 2048, seed });

export interface WatchSettings {
  intervalMs: number;
  seed: number;
}

/**
 * Queues the canary runs that are due: for each slice and each listed vision model (enabled, not in an outage, not
 * over budget), one when its newest run on the slice started longer than the interval ago, and none while one waits.
 * Returns the runs queued.
 */
export async function queueDueCanaryRuns(
  db: Db,
  settings: WatchSettings,
  options: { now?: Date; queue?: boolean } = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  const slices = await canarySlices(db);
  if (slices.length === 0) return [];
  const over = await overBudget(db.pool);
  const { rows } = await db.pool.query<{ setId: string; modelId: string }>(
    sql`SELECT s.id AS "setId", m.id AS "modelId"
          FROM "PromptSet" s CROSS JOIN "Model" m
         WHERE s.id = ANY(${slices.map((slice) => slice.setId)}::uuid[])
           AND m.enabled AND NOT m.outage AND m.vision
           AND NOT EXISTS (
             SELECT 1 FROM "EvalRun" r
              WHERE r."setId" = s.id AND r."modelId" = m.id
                AND (r.status IN ('queued', 'running') OR r."createdAt" > ${new Date(now.getTime() - settings.intervalMs)}))
         ORDER BY s.name, m.id`,
  );
  const queued: string[] = [];
  for (const due of rows) {
    if (over.has(due.modelId)) continue;
    const run = await db.prisma.evalRun.create({
      data: { setId: due.setId, modelId: due.modelId, settings: canarySettings(settings.seed) },
    });
    if (options.queue !== false) await queueRun(run.id);
    queued.push(run.id);
  }
  return queued;
}

/**
 * One canary run from start to check, in this process (`arena drift run`, tests): answered, scored by the
 * benchmark's official rules, then tested. The jobs process does the same through the run queue.
 */
export async function runCanary(
  db: Db,
  runId: string,
  rule: DriftRule,
  sink?: AlarmSink,
  onProgress?: (done: number, total: number) => void,
): Promise<DriftCheckResult | null> {
  await executeRun(db, runId, { onProgress });
  await scoreIfBenchmark(db, runId);
  return recordDriftCheck(db, runId, rule, sink);
}

/** Looks for due canary runs every few minutes (at most the interval). */
export function driftSchedule(settings: WatchSettings): Schedule {
  return {
    name: "drift watch",
    everyMs: Math.max(1000, Math.min(settings.intervalMs, 10 * 60_000)),
    run: async ({ db, log }) => {
      const queued = await queueDueCanaryRuns(db, settings);
      if (queued.length) log(`drift watch: ${queued.length} canary runs queued`);
    },
  };
}
