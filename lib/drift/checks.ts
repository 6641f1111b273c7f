// A canary run, once scored, read by the drift watch: its accuracy on the slice against the model's own baseline (the
// pooled verdicts of its first `baselineRuns` runs on the slice), tested one-sided at `alpha`. An alarm is written to
// the audit trail, counted in the metrics (lib/metrics reads DriftCheck) and, when a webhook is set, POSTed there.
import { audit } from "../admin/audit";
import { SCORER_VERSION } from "../benchmarks/verdicts";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { CANARY_SOURCE } from "./canary";
import { type DriftStatus, dropPValue, nextStatus } from "./two-proportion";

export interface DriftRule {
  alpha: number;
  baselineRuns: number;
}

export interface DriftAlarm {
  model: string;
  benchmark: string;
  run: string;
  ranAt: string;
  accuracy: number;
  baseline: number;
  pValue: number;
  alpha: number;
}

export interface DriftCheckResult {
  runId: string;
  status: DriftStatus;
  correct: number;
  total: number;
  pValue: number | null;
}

/** Whom an alarm is told to beyond the audit trail and the metrics (the webhook, when one is set). */
export type AlarmSink = (alarm: DriftAlarm) => Promise<void>;

interface RunRow {
  modelId: string;
  setId: string;
  benchmark: string;
  ranAt: Date;
  correct: number;
  total: number;
}

/**
 * Records the drift check of a finished, scored canary run (null for any other run, or a run with no verdicts yet).
 * Checking a run twice changes nothing: its check is written once.
 */
export async function recordDriftCheck(
  db: Db,
  runId: string,
  rule: DriftRule,
  sink: AlarmSink = async () => {},
): Promise<DriftCheckResult | null> {
  const { rows } = await db.pool.query<RunRow>(
    sql`SELECT r."modelId", r."setId", s.metadata->>'benchmark' AS benchmark, COALESCE(r."startedAt", r."createdAt") AS "ranAt",
            count(*) FILTER (WHERE v.correct)::int AS correct, count(v."itemId")::int AS total
          FROM "EvalRun" r JOIN "PromptSet" s ON s.id = r."setId"
          LEFT JOIN "BenchmarkVerdict" v ON v."runId" = r.id AND v.scorer = ${SCORER_VERSION}
         WHERE r.id = ${runId} AND s.source = ${CANARY_SOURCE} AND r.status = 'done'
         GROUP BY r.id, s.id`,
  );
  const run = rows[0];
  if (!run || run.total === 0) return null;
  const already = await db.prisma.driftCheck.findUnique({ where: { runId } });
  if (already) {
    return {
      runId,
      status: already.status as DriftStatus,
      correct: already.correct,
      total: already.total,
      pValue: already.pValue,
    };
  }
  // the runs before this one on the same slice, oldest first, with their checks
  const { rows: earlier } = await db.pool.query<{ correct: number; total: number; status: string | null }>(
    sql`SELECT c.correct, c.total, c.status
          FROM "DriftCheck" c
         WHERE c."modelId" = ${run.modelId} AND c."setId" = ${run.setId} AND c."ranAt" < ${run.ranAt}
         ORDER BY c."ranAt"`,
  );
  const baselineRows = earlier.slice(0, rule.baselineRuns);
  const building = baselineRows.length < rule.baselineRuns;
  const baseline = {
    correct: baselineRows.reduce((n, r) => n + r.correct, 0),
    total: baselineRows.reduce((n, r) => n + r.total, 0),
  };
  const pValue = building ? null : dropPValue(baseline, run);
  const previous = (earlier.at(-1)?.status ?? null) as DriftStatus | null;
  const status: DriftStatus = pValue === null ? "baseline" : nextStatus(pValue, rule.alpha, previous);
  // one check per run even when two workers finish the same run: the second insert is a no-op
  const { rowCount } = await db.pool.query(
    sql`INSERT INTO "DriftCheck" ("runId", "modelId", benchmark, "setId", correct, total, "baselineCorrect",
            "baselineTotal", "pValue", alpha, status, "ranAt")
        VALUES (${runId}, ${run.modelId}, ${run.benchmark}, ${run.setId}, ${run.correct}, ${run.total},
            ${building ? null : baseline.correct}, ${building ? null : baseline.total}, ${pValue}, ${rule.alpha},
            ${status}, ${run.ranAt})
        ON CONFLICT ("runId") DO NOTHING`,
  );
  if (status === "alarm" && rowCount === 1) {
    const alarm: DriftAlarm = {
      model: run.modelId,
      benchmark: run.benchmark,
      run: runId,
      ranAt: run.ranAt.toISOString(),
      accuracy: run.correct / run.total,
      baseline: baseline.correct / baseline.total,
      pValue: pValue as number,
      alpha: rule.alpha,
    };
    await audit(db, { email: "drift-watch" }, "drift.alarm", run.modelId, alarm);
    await sink(alarm).catch(() => {}); // a webhook that is down must not lose the check
  }
  return { runId, status, correct: run.correct, total: run.total, pValue };
}

/** POSTs each alarm as JSON to `url`, giving up after `timeoutMs` (the check is recorded whatever the hook says). */
export function webhookSink(url: string, timeoutMs = 5000): AlarmSink {
  return async (alarm) => {
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ event: "drift.alarm", ...alarm }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  };
}
