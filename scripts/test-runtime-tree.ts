// The runtime layer of `npm test`: what the container image runs, checked without a container. Exactly the files
// scripts/runtime-files.mjs keeps (the Dockerfile's /app) are copied into a temporary folder; the launcher is started
// from there as the image's CMD starts it, with nothing configured (embedded PostgreSQL, demo models); it must become
// ready (/api/health/ready, the HEALTHCHECK's probe), take a battle and a vote, and stop cleanly. A file the image
// lacks (a message catalogue, a model's weights) fails here, in CI, rather than in an orchestrator.
// Prints JSON (the tree's size and what takes it, time to ready, the battle) and `N passed, N failed`.
//   npm test -- runtime            (after `npm run build`)
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../lib/db/free-port";
import { httpBattle } from "../tests/support/http-battle";
import { readyWithin, requireBuild, stopAfter } from "./bounded-run";

/** The image is the base (Debian minbase with Node.js and npm: 293 MB in test:container) plus this tree: ≤ 800 MB. */
const TREE_BUDGET_MB = 500;
const READY_WITHIN_MS = 180_000;

requireBuild(fs);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "arena-runtime-"));
// as root the embedded PostgreSQL runs as `postgres`, who must reach its binaries inside the tree
fs.chmodSync(root, 0o755);
const app = path.join(root, "app");
let launcher: ChildProcess | undefined;
const cleanup = async () => {
  if (launcher && launcher.exitCode === null) launcher.kill("SIGKILL");
  // the embedded PostgreSQL outlives a killed launcher: stop it by its data folder
  const pgData = path.join(root, "data", "postgres");
  if (fs.existsSync(path.join(pgData, "postmaster.pid"))) {
    const pid = Number(fs.readFileSync(path.join(pgData, "postmaster.pid"), "utf8").split("\n")[0]);
    if (pid > 0) spawnSync("kill", ["-TERM", String(pid)]);
  }
  fs.rmSync(root, { recursive: true, force: true });
};
stopAfter(600_000, "runtime-tree", cleanup);

const checks: Record<string, boolean> = {};
const figures: Record<string, unknown> = {};

let log = "";
try {
  // 1. the tree, as the image's build stage writes it
  const copy = spawnSync(process.execPath, ["scripts/runtime-files.mjs", app], { encoding: "utf8" });
  if (copy.status !== 0) throw new Error(`runtime-files.mjs failed: ${copy.stderr.trim().split("\n").pop()}`);
  const tree = JSON.parse(copy.stdout.slice(copy.stdout.indexOf("{"))) as { megabytes: number };
  figures.tree = tree;
  checks[`the runtime tree is within ${TREE_BUDGET_MB} MB (${tree.megabytes} MB)`] = tree.megabytes <= TREE_BUDGET_MB;
  checks["no test file, source map or type declaration in the tree"] =
    spawnSync("sh", ["-c", `find ${app} -name '*.test.ts' -o -name '*.js.map' -path '*/node_modules/*' | head -1`], {
      encoding: "utf8",
    }).stdout.trim() === "";

  // 2. the image's CMD, run from the tree with nothing configured (only what the Dockerfile's ENV sets)
  const port = await freePort();
  const started = Date.now();
  launcher = spawn(process.execPath, ["--import", "tsx", "scripts/run-app.ts", "start"], {
    cwd: app,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: root,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      ARENA_DATA_DIR: path.join(root, "data"),
      // two cores: one web process keeps the layer's cost down (the image's default is one per core)
      ARENA_WEB_WORKERS: "1",
    },
  });
  launcher.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  launcher.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  // the first /api/health once the web server answers at all: it once answered 503 while Prisma compiled its engine
  for (;;) {
    const live = await fetch(`${base}/api/health/live`).then(
      (r) => r.status,
      () => 0,
    );
    if (live === 200) break;
    if (launcher.exitCode !== null || Date.now() - started > READY_WITHIN_MS) throw new Error("never answered");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const firstHealth = await fetch(`${base}/api/health`);
  figures.firstHealth = { status: firstHealth.status, body: await firstHealth.json() };
  checks["the first /api/health after start answers 200"] = firstHealth.status === 200;
  const readyMs = await readyWithin(base, READY_WITHIN_MS, { everyMs: 500, gaveUp: () => launcher?.exitCode !== null });
  if (readyMs === null)
    throw new Error(`not ready within ${READY_WITHIN_MS / 1000} s (launcher exit ${launcher.exitCode})`);
  figures.secondsToReady = (Date.now() - started) / 1000;
  checks["the launcher started from the tree becomes ready"] = true;

  // 3. a visitor's battle and vote through it (demo models)
  const { cookie: _cookie, ...battle } = await httpBattle({ open: base });
  figures.battle = battle;
  checks["a battle is answered on both sides and a vote reveals the models"] =
    battle.answerChars.a > 0 && battle.answerChars.b > 0 && Boolean(battle.revealed.a && battle.revealed.b);
  checks["the jobs process did not die"] = !/jobs process exited/.test(log);
  // liveness counts the process's time up (it once read 0 after 30 minutes)
  const live = (await (await fetch(`${base}/api/health/live`)).json()) as { uptimeSeconds: number };
  figures.uptimeSeconds = { live: live.uptimeSeconds, sinceLaunch: (Date.now() - started) / 1000 };
  checks["/api/health/live's uptime is the web process's (within 10 s of the launcher's)"] =
    live.uptimeSeconds > 0 && live.uptimeSeconds >= (Date.now() - started) / 1000 - 10;

  // 4. a stop is a clean stop: the web server, the jobs process and PostgreSQL go within 30 s
  const stopped = new Promise<number | null>((resolve) => launcher?.once("exit", (code) => resolve(code)));
  const stopAsked = Date.now();
  launcher.kill("SIGTERM");
  const code = await Promise.race([stopped, new Promise<"late">((r) => setTimeout(() => r("late"), 30_000))]);
  figures.stop = { code, seconds: (Date.now() - stopAsked) / 1000 };
  if (code !== 0) console.error(log.split("\n").slice(-15).join("\n"));
  checks["SIGTERM stops the launcher and the embedded PostgreSQL within 30 s"] =
    code === 0 && /embedded PostgreSQL stopped/.test(log);
} catch (error) {
  checks[`ran to the end (${(error as Error).message.split("\n")[0]})`] = false;
  console.error((error as Error).message);
  console.error(log.split("\n").slice(-40).join("\n"));
} finally {
  await cleanup();
}
const missing = /Cannot find module[^\n]*/.exec(log)?.[0];
if (missing) checks[`no module missing (${missing})`] = false;
console.log(JSON.stringify({ ...figures, checks }, null, 2));
const failed = Object.values(checks).filter((ok) => !ok).length;
console.log(`${Object.keys(checks).length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
