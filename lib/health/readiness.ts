// Liveness and readiness, the two questions an orchestrator asks. Live: this process answers (restart it if not).
// Ready: it can serve right now — database reachable in time, migrations applied, pool not saturated, and the jobs
// process started beside it (if any) alive — so a load balancer sends it traffic (and stops when it cannot).
import type pg from "pg";
import { checkHealth, type Health } from "../db/health";
import type { PrismaClient } from "../generated/prisma/client";
import { readHeartbeat, STALE_MS } from "../jobs";

/** The process's own uptime: a module-level start time read 0 after 30 minutes (the route's module is loaded anew). */
export function liveness() {
  return { status: "ok" as const, uptimeSeconds: Math.round(process.uptime()), pid: process.pid };
}

export type Readiness = Health & {
  jobs?: { id: string; state: "fresh" | "stale" | "missing"; ageMs: number | null };
  imageClassifier?: "warming" | "ready" | "failed";
};

/** The image classifier's state when uploads are classified (lib/image-safety's warmNsfwPool), else undefined. */
export type ClassifierState = () => "warming" | "ready" | "failed" | undefined;

/**
 * Readiness: the health probe, then the image classifier (an instance that classifies uploads is ready once its
 * threads have loaded the model, so the first visitors do not wait ~2 s for it), then (when `jobsPeer` names the
 * jobs process started beside this instance) its heartbeat. A peer that has not beaten yet is "missing": the
 * instance is not ready until its jobs process runs.
 */
export async function readiness(
  prisma: PrismaClient,
  pool: pg.Pool,
  jobsPeer?: string,
  classifier?: ClassifierState,
): Promise<Readiness> {
  const health = await checkHealth(prisma, pool);
  const imageClassifier = classifier?.();
  if (health.status === "ok" && imageClassifier && imageClassifier !== "ready") {
    const warming = imageClassifier === "warming";
    return notReady(
      { ...health, imageClassifier },
      warming ? "classifier_warming" : "classifier_failed",
      warming
        ? "the image classifier is loading its model"
        : "the image classifier could not start (see the server log); it is tried again on the next probe",
    );
  }
  if (health.status !== "ok" || !jobsPeer) return health;
  const beat = await readHeartbeat({ pool }, jobsPeer).catch(() => null);
  const state = !beat ? "missing" : beat.ageMs > STALE_MS ? "stale" : "fresh";
  const jobs = { id: jobsPeer, state, ageMs: beat ? Math.round(beat.ageMs) : null } as const;
  if (state === "fresh") return { ...health, jobs };
  return notReady(
    { ...health, jobs },
    state === "missing" ? "jobs_not_running" : "jobs_stale",
    state === "missing"
      ? "the jobs process started beside this instance has not reported yet"
      : `the jobs process started beside this instance last reported ${Math.round((beat?.ageMs ?? 0) / 1000)} s ago`,
  );
}

/** A healthy database's answer turned into "not ready", with the part that is not and why. */
function notReady(readiness: Readiness, code: string, message: string): Readiness {
  return { ...readiness, status: "error", error: { code, message } } as Readiness;
}
