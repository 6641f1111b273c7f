// What the fault-layer scripts (test-faults.ts, test-abuse.ts, test-admission.ts) share: they run against the
// production build, start its web process as a deployment does (scripts/web-server.mjs), over a PostgreSQL and a
// fake model server of their own, and stop by themselves, whatever happens.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeFakeModelsFile } from "../e2e/fake-models/models-file";
import { startFakeModelServer } from "../e2e/fake-models/server";
import { type EmbeddedServer, startEmbeddedPostgres } from "../lib/db/embedded";
import { freePort } from "../lib/db/free-port";
import { applyMigrations } from "../lib/db/migrate";

export function requireBuild(fs: typeof import("node:fs")): void {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.error("error: no production build; run `npm run build` first");
    process.exit(1);
  }
}

/** After `ms`, says that `run` passed its time limit, cleans up and exits 1. */
export function stopAfter(ms: number, run: string, cleanup: () => Promise<void>): void {
  setTimeout(() => {
    console.error(`error: the ${run} run passed its time limit`);
    void cleanup().finally(() => process.exit(1));
  }, ms).unref();
}

/**
 * Starts one web process of the build on `port` with the arena's environment plus `env`, and waits until it
 * answers /api/health. `logs`: its errors on this process's stderr.
 */
export async function startWebProcess(
  port: number,
  env: Record<string, string>,
  logs: boolean,
): Promise<{ base: string; child: ChildProcess }> {
  // RUN_PROFILE_DIR=DIR: a V8 CPU profile of the web process written there when it stops (scripts/cpu-profile-split.ts)
  const profile = process.env.RUN_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.RUN_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, "scripts/web-server.mjs", "start", "-p", String(port)], {
    stdio: ["ignore", "ignore", logs ? "inherit" : "ignore"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child };
    if (i > 240) throw new Error(`the web process on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface ArenaRun {
  /** the run's folder (PostgreSQL's data is in pg/) */
  root: string;
  database: EmbeddedServer;
  /** the fake model server (its `requests` counts the models' calls) */
  fake: Awaited<ReturnType<typeof startFakeModelServer>>;
  base: string;
  web: ChildProcess;
  /** stops everything and removes the folder */
  cleanup(): Promise<void>;
}

/**
 * A run's world: a PostgreSQL of its own, the fake model server (two quick models, fake-alpha and fake-beta) and
 * one web process with the arena's environment plus `env`, all stopped by `cleanup` (and by the deadline).
 */
export async function startArenaRun(
  name: string,
  options: { env: Record<string, string>; logs: boolean; deadlineMs: number },
): Promise<ArenaRun> {
  requireBuild(fs);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `arena-${name}-`));
  const parts: { database?: EmbeddedServer; web?: ChildProcess; closeFake?: () => Promise<void> } = {};
  const cleanup = async () => {
    if (parts.web && parts.web.exitCode === null) {
      // a profiled process is let stop on its own, which writes its profile
      const web = parts.web;
      if (process.env.RUN_PROFILE_DIR) await new Promise((resolve) => web.once("exit", resolve).kill("SIGTERM"));
      else web.kill("SIGKILL");
    }
    await parts.closeFake?.().catch(() => undefined);
    await parts.database?.stop().catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  };
  stopAfter(options.deadlineMs, name, cleanup);
  const database = await startEmbeddedPostgres({ dataDir: path.join(root, "pg"), port: await freePort() });
  parts.database = database;
  await applyMigrations(database.url);
  const reply = Array.from({ length: 12 }, (_, i) => `word${i}`).join(" ");
  const fake = await startFakeModelServer({
    models: { "fake-alpha": { reply, tokenDelayMs: 5 }, "fake-beta": { reply, tokenDelayMs: 5 } },
  });
  parts.closeFake = () => fake.close();
  const modelsFile = writeFakeModelsFile(root, fake.baseURL, ["fake-alpha", "fake-beta"]);
  const { base, child } = await startWebProcess(
    await freePort(),
    { DATABASE_URL: database.url, ARENA_MODELS_FILE: modelsFile, ARENA_DATA_DIR: root, ...options.env },
    options.logs,
  );
  parts.web = child;
  return { root, database, fake, base, web: child, cleanup };
}

/** A process and all its descendants. */
export function processTree(pid: number): Set<number> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  return tree;
}

/** Resident memory of a process and its children, in bytes. */
export function treeRss(pid: number): number {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${member}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Samples a process tree's resident memory every 50 ms from now; `stop` gives its growth over the start, in MB. */
export function rssMeter(pid: number): { stop(): number } {
  const before = treeRss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, 50);
  return {
    stop() {
      clearInterval(sampler);
      peak = Math.max(peak, treeRss(pid));
      return (peak - before) / 1048576;
    },
  };
}

/** One poll of /api/health: its status (0 when the connection failed or timed out), time and, failed, what it said. */
/** Whether the instance at `base` answers /api/health/ready with 200 now (what the image's HEALTHCHECK asks). */
export function readyNow(base: string): Promise<boolean> {
  return fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2_500) }).then(
    (r) => r.status === 200,
    () => false,
  );
}

/** Milliseconds until the instance at `base` is ready, or null when not within `limitMs` (or `gaveUp()` says so). */
export async function readyWithin(
  base: string,
  limitMs: number,
  options: { everyMs?: number; gaveUp?: () => boolean } = {},
): Promise<number | null> {
  const since = Date.now();
  while (Date.now() - since < limitMs) {
    if (await readyNow(base)) return Date.now() - since;
    if (options.gaveUp?.()) return null;
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 250));
  }
  return null;
}

export interface HealthPoll {
  status: number;
  ms: number;
  said?: string;
}

/** Polls `GET base/api/health` every 100 ms until `stop`, which gives every answer's status and time. */
export function pollHealth(base: string): { stop(): Promise<HealthPoll[]> } {
  const answers: HealthPoll[] = [];
  let polling = true;
  const loop = (async () => {
    while (polling) {
      const started = performance.now();
      const poll = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) }).then(
        async (r) => {
          const body = await r.text();
          return { status: r.status, said: r.status === 200 ? undefined : body.slice(0, 300) };
        },
        (error: unknown) => ({ status: 0, said: error instanceof Error ? error.message : String(error) }),
      );
      answers.push({ ...poll, ms: Math.round(performance.now() - started) });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      polling = false;
      await loop;
      return answers;
    },
  };
}

/** One request's answer as a run records it; status -1 when it timed out, 0 when the connection failed. */
export interface Answer {
  status: number;
  ms: number;
  body: string;
  retryAfter: string | null;
}

/** A requester for `base` that never throws and times each request (each given `timeoutMs`). */
export function requester(base: string, timeoutMs: number) {
  return async (pathname: string, init: RequestInit = {}): Promise<Answer> => {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${pathname}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const body = await response.text();
      return {
        status: response.status,
        ms: performance.now() - started,
        body,
        retryAfter: response.headers.get("retry-after"),
      };
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      return { status: timedOut ? -1 : 0, ms: performance.now() - started, body: "", retryAfter: null };
    }
  };
}

/** A new visitor's cookie (`arena_vid=…`), as the page gets one. */
export async function newVisitor(base: string): Promise<string> {
  const response = await fetch(`${base}/api/visitor`, { method: "POST", body: "{}" });
  return (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}

/**
 * Ends a run: prints its figures and checks as JSON, cleans up, names each failed check on stderr and prints the
 * `N passed, N failed` line the test runner totals; exits 1 when a check failed.
 */
export async function reportChecks(
  figures: Record<string, unknown>,
  checks: Record<string, boolean>,
  cleanup: () => Promise<void>,
): Promise<never> {
  console.log(JSON.stringify({ ...figures, checks }, null, 2));
  await cleanup();
  const failed = Object.entries(checks).filter(([, ok]) => !ok);
  for (const [name] of failed) console.error(`failed: ${name}`);
  console.log(`${Object.keys(checks).length - failed.length} passed, ${failed.length} failed`);
  process.exit(failed.length ? 1 : 0);
}
