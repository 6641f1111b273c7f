// What the drift watch has seen of one model (its page, GET /api/drift) and of every model (the console, the
// metrics): each canary run's accuracy with its 95% Wilson interval and what the rule said of it.
import { benchmarkTitle } from "../benchmarks/registry";
import { type Config, config } from "../config";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { InvalidInput, NotFound } from "../errors";
import { wilsonInterval } from "../numeric";
import { canarySlices } from "./canary";
import { humanSplit, type PeriodScore, storedPeriodFits } from "./human-periods";
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

export interface ModelDrift {
  series: (DriftSeries & { title: string })[];
  human: PeriodScore[];
}

/** The model page's drift watch: its canary series per benchmark, and its monthly human score against the anchors. */
export async function modelDrift(db: Db, modelId: string, c: Config = config()): Promise<ModelDrift> {
  const [series, fits] = await Promise.all([driftHistory(db, modelId), storedPeriodFits(db)]);
  return {
    series: series.map((s) => ({ ...s, title: benchmarkTitle(s.benchmark) })),
    human: humanSplit(fits, modelId, c.ARENA_DRIFT_ANCHORS),
  };
}

export interface DriftOverview {
  rule: { alpha: number; baselineRuns: number; intervalH: number; webhook: boolean; seed: number };
  slices: { benchmark: string; name: string; items: number; from: string; seed: number; createdAt: Date }[];
  states: DriftState[];
}

/** The console's view of the watch: its rule as configured, the slices chosen, each model's newest check. */
export async function driftOverview(db: Db, c: Config = config()): Promise<DriftOverview> {
  const [slices, states] = await Promise.all([canarySlices(db), latestDriftStates(db)]);
  return {
    rule: {
      alpha: c.ARENA_DRIFT_ALPHA,
      baselineRuns: c.ARENA_DRIFT_BASELINE_RUNS,
      intervalH: c.ARENA_DRIFT_INTERVAL_H,
      webhook: Boolean(c.ARENA_DRIFT_WEBHOOK_URL),
      seed: c.ARENA_DRIFT_SEED,
    },
    slices: slices.map((s) => ({
      benchmark: s.benchmark,
      name: s.name,
      items: s.questionIds.length,
      from: s.from,
      seed: s.seed,
      createdAt: s.createdAt,
    })),
    // alarms first, then the rest by model
    states: states.sort(
      (p, q) => Number(q.status === "alarm" || q.status === "low") - Number(p.status === "alarm" || p.status === "low"),
    ),
  };
}

/**
 * GET /api/drift?model=ID: the model's canary runs per benchmark and its monthly human score, as of its newest run
 * (or now). 404 for a model the registry does not hold.
 */
export async function driftQuery(db: Db, query: URLSearchParams): Promise<ModelDrift & { model: string; asOf: Date }> {
  const model = query.get("model") ?? "";
  if (!model || model.length > 200 || model.includes("\u0000")) {
    throw new InvalidInput("invalid_model", "model takes a model id");
  }
  if (!(await db.prisma.model.findUnique({ where: { id: model }, select: { id: true } }))) {
    throw new NotFound("unknown_model", `no model '${model}'`);
  }
  const drift = await modelDrift(db, model);
  const newest = drift.series.flatMap((s) => s.points.map((p) => p.ranAt.getTime()));
  return { model, ...drift, asOf: newest.length ? new Date(Math.max(...newest)) : new Date() };
}
