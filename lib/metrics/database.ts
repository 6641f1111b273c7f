// Figures read from the database at scrape time, the same whichever instance is asked: job queues, the jobs
// process's heartbeat, the boards' snapshot ages. Kept apart from the per-process registry (fresh each scrape, never
// summed over a cluster's workers).

import { spendToday } from "../budgets";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { heartbeatAges, queueDepths } from "../jobs";
import { snapshotAges, votesSinceSnapshot } from "./board-freshness";
import { client, declare } from "./registry.mjs";

/**
 * Each model's newest drift check per benchmark (lib/drift writes them). Read here rather than through lib/drift,
 * which runs models and so imports what imports the metrics.
 */
async function newestDriftChecks(db: Db) {
  const { rows } = await db.pool.query<{ model: string; benchmark: string; status: string; accuracy: number }>(
    sql`SELECT DISTINCT ON ("modelId", benchmark) "modelId" AS model, benchmark, status,
            correct::float8 / GREATEST(total, 1) AS accuracy
          FROM "DriftCheck" ORDER BY "modelId", benchmark, "ranAt" DESC`,
  );
  return rows;
}

/** A registry of the database's figures as of now. */
export async function databaseMetrics(db: Db): Promise<client.Registry> {
  const registry = new client.Registry();
  const gauge = (name: string, help: string, labels?: string[]) => declare("Gauge", [registry], name, help, labels);
  const depth = gauge("arena_jobs_queue_depth", "jobs not yet done, by queue and state (created, retry, active)", [
    "queue",
    "state",
  ]);
  const oldest = gauge("arena_jobs_queue_oldest_seconds", "age of the oldest job still waiting or running, by queue", [
    "queue",
  ]);
  const heartbeat = gauge(
    "arena_jobs_heartbeat_age_seconds",
    "seconds since each jobs process last reported (over 30 s: gone or stuck)",
    ["id", "host"],
  );
  const snapshotAge = gauge(
    "arena_leaderboard_snapshot_age_seconds",
    "age of the newest live snapshot, by board (category and style control)",
    ["category", "style_control"],
  );
  const sinceSnapshot = gauge(
    "arena_leaderboard_votes_since_snapshot",
    "votes recorded after the newest overall snapshot was computed (the board's lag, in votes)",
  );

  const spend = gauge(
    "arena_model_spend_usd_today",
    "each model's estimated spend since 00:00 UTC, from its prices and its answers' tokens",
    ["model", "provider"],
  );
  const budget = gauge("arena_model_daily_budget_usd", "each model's daily spend ceiling (models with one)", ["model"]);
  const providerBudget = gauge("arena_provider_daily_budget_usd", "each provider's daily spend ceiling", ["provider"]);
  const overBudget = gauge(
    "arena_model_over_budget",
    "1 while a model is past its daily ceiling or its provider's: out of the battle draw until 00:00 UTC",
    ["model"],
  );

  const driftAlarm = gauge(
    "arena_drift_alarm",
    "1 while a model's newest canary run on a benchmark is below its baseline (the drift watch's alarm, or still low)",
    ["model", "benchmark"],
  );
  const driftAccuracy = gauge(
    "arena_drift_accuracy",
    "each model's accuracy on each benchmark's canary slice at its newest run",
    ["model", "benchmark"],
  );

  const [jobs, beats, boards, lag, spending, drift] = await Promise.all([
    queueDepths(db),
    heartbeatAges(db),
    snapshotAges(db),
    votesSinceSnapshot(db),
    spendToday(db.pool),
    newestDriftChecks(db),
  ]);
  for (const row of drift) {
    const labels = { model: row.model, benchmark: row.benchmark };
    driftAlarm.set(labels, row.status === "alarm" || row.status === "low" ? 1 : 0);
    driftAccuracy.set(labels, row.accuracy);
  }
  for (const row of spending) {
    spend.set({ model: row.modelId, provider: row.providerId }, row.spendUsd);
    if (row.budgetUsd !== null) budget.set({ model: row.modelId }, row.budgetUsd);
    if (row.providerBudgetUsd !== null) providerBudget.set({ provider: row.providerId }, row.providerBudgetUsd);
    overBudget.set({ model: row.modelId }, row.over ? 1 : 0);
  }
  const oldestByQueue = new Map<string, number>();
  for (const row of jobs) {
    depth.set({ queue: row.queue, state: row.state }, row.jobs);
    oldestByQueue.set(row.queue, Math.max(oldestByQueue.get(row.queue) ?? 0, row.oldestSeconds));
  }
  for (const [queue, age] of oldestByQueue) oldest.set({ queue }, age);
  for (const row of beats) heartbeat.set({ id: row.id, host: row.host }, row.ageSeconds);
  for (const row of boards) {
    snapshotAge.set({ category: row.category, style_control: String(row.styleControl) }, row.ageSeconds);
  }
  sinceSnapshot.set(lag);
  return registry;
}
