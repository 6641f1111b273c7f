// What the drift watch has seen of one model (its page, GET /api/drift) and of every model (the console, the
// metrics): each canary run's accuracy with its 95% Wilson interval and what the rule said of it.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { wilsonInterval } from "../numeric";
import type { DriftStatus } from "./two-proportion";

export interface DriftPoint {
  run: string;
  ranAt: Date;
  correct: number;
  total: number;
  accuracy: number;
  /** 95% Wilson interval */
  ci: [number, number];
  status: DriftStatus;
  /** one-sided p-value against the baseline; null while the baseline is built */
  pValue: number | null;
}

export interface DriftSeries {
  benchmark: string;
  /** the pooled baseline runs' accuracy and interval, once there is one */
  baseline: { correct: number; total: number; accuracy: number; ci: [number, number] } | null;
  points: DriftPoint[];
}

interface CheckRow {
  runId: string;
  modelId: string;
  benchmark: string;
  ranAt: Date;
  correct: number;
  total: number;
  baselineCorrect: number | null;
  baselineTotal: number | null;
  pValue: number | null;
  status: DriftStatus;
}

const pointOf = (row: CheckRow): DriftPoint => ({
  run: row.runId,
  ranAt: row.ranAt,
  correct: row.correct,
  total: row.total,
  accuracy: row.total ? row.correct / row.total : 0,
  ci: wilsonInterval(row.correct, row.total),
  status: row.status,
  pValue: row.pValue,
});

/** One model's canary runs per benchmark, oldest first (the newest `limit` per benchmark). */
export async function driftHistory(db: Db, modelId: string, limit = 365): Promise<DriftSeries[]> {
  const { rows } = await db.pool.query<CheckRow>(
    sql`SELECT * FROM (
          SELECT "runId", "modelId", benchmark, "ranAt", correct, total, "baselineCorrect", "baselineTotal", "pValue", status,
                 row_number() OVER (PARTITION BY benchmark ORDER BY "ranAt" DESC) AS n
            FROM "DriftCheck" WHERE "modelId" = ${modelId}) recent
         WHERE n <= ${limit} ORDER BY benchmark, "ranAt"`,
  );
  const series = new Map<string, DriftSeries>();
  for (const row of rows) {
    let s = series.get(row.benchmark);
    if (!s) {
      s = { benchmark: row.benchmark, baseline: null, points: [] };
      series.set(row.benchmark, s);
    }
    s.points.push(pointOf(row));
    if (row.baselineTotal) {
      const correct = row.baselineCorrect ?? 0;
      s.baseline = {
        correct,
        total: row.baselineTotal,
        accuracy: correct / row.baselineTotal,
        ci: wilsonInterval(correct, row.baselineTotal),
      };
    }
  }
  return [...series.values()];
}

export interface DriftState {
  model: string;
  benchmark: string;
  status: DriftStatus;
  accuracy: number;
  ranAt: Date;
  pValue: number | null;
}

/** Every model's newest check per benchmark: the console's table and the metrics' gauges. */
export async function latestDriftStates(db: Db): Promise<DriftState[]> {
  const { rows } = await db.pool.query<CheckRow>(
    sql`SELECT DISTINCT ON ("modelId", benchmark) "runId", "modelId", benchmark, "ranAt", correct, total, "pValue", status
          FROM "DriftCheck" ORDER BY "modelId", benchmark, "ranAt" DESC`,
  );
  return rows.map((row) => ({
    model: row.modelId,
    benchmark: row.benchmark,
    status: row.status,
    accuracy: row.total ? row.correct / row.total : 0,
    ranAt: row.ranAt,
    pValue: row.pValue,
  }));
}
