// Part of the faults layer: the launcher (scripts/run-app.ts start, as `npm start` and the image run it) with its
// jobs process, over a PostgreSQL of its own and the fake model server, while visitors battle and vote. A managed
// PostgreSQL's failover is played three times: every connection terminated five times within a second. Readiness
// must be 200 again within 60 s of each round and stay so, the jobs process must ride the blips out (no library's
// handler may turn a failed poll into a crash), and one killed by hand must be started again by the supervisor
// (lib/process). Afterwards no acknowledged vote may be missing. Prints JSON and `N passed, N failed`.
//   node --import tsx scripts/test-launcher-faults.ts
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { writeFakeModelsFile } from "../e2e/fake-models/models-file";
import { startFakeModelServer } from "../e2e/fake-models/server";
import { startEmbeddedPostgres } from "../lib/db/embedded";
import { freePort } from "../lib/db/free-port";
import { sql } from "../lib/db/sql";
import { httpBattle } from "../tests/support/http-battle";
import { readyNow, readyWithin, requireBuild, stopAfter } from "./bounded-run";

const ROUNDS = 3;
const CUTS_PER_ROUND = 5;
const READY_AGAIN_WITHIN_MS = 60_000;
/** after being ready again, it must stay ready this long (probed every half second) */
const STAYS_READY_MS = 10_000;
const VISITORS = 4;

requireBuild(fs);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "arena-launcher-faults-"));
const database = await startEmbeddedPostgres({ dataDir: path.join(root, "pg"), port: await freePort() });
const fake = await startFakeModelServer({
  models: {
    "fake-alpha": { reply: "one two three four five", tokenDelayMs: 20 },
    "fake-beta": { reply: "six seven eight", tokenDelayMs: 20 },
  },
});
const modelsFile = writeFakeModelsFile(root, fake.baseURL, ["fake-alpha", "fake-beta"]);
let launcher: ChildProcess | undefined;
const cleanup = async () => {
  if (launcher && launcher.exitCode === null) launcher.kill("SIGKILL");
  await fake.close().catch(() => undefined);
  await database.stop().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
};
stopAfter(420_000, "launcher-faults", cleanup);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let log = "";
launcher = spawn(process.execPath, ["--import", "tsx", "scripts/run-app.ts", "start"], {
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    DATABASE_URL: database.url,
    ARENA_MODELS_FILE: modelsFile,
    ARENA_DATA_DIR: root,
    ARENA_SECRET: "launcher-faults-secret-0123456789",
    ARENA_WEB_WORKERS: "1",
    ARENA_RATE_VISITOR_PER_HOUR: "100000",
    ARENA_RATE_IP_PER_HOUR: "100000",
    ARENA_RATE_MODEL_PER_HOUR: "1000000",
    ARENA_DAILY_COUNTED_VOTES: "100000",
  },
});
for (const stream of [launcher.stdout, launcher.stderr]) stream?.on("data", (chunk) => (log += chunk));

async function staysReady(ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!(await readyNow(base))) return false;
    await sleep(500);
  }
  return true;
}
/** The jobs process the launcher runs now (its pid), found among the launcher's children. */
function jobsPid(): number | null {
  const found = spawnSync("pgrep", ["-P", String(launcher?.pid), "-f", "scripts/jobs.ts"], { encoding: "utf8" });
  const pid = Number(found.stdout.trim().split("\n")[0]);
  return pid > 0 ? pid : null;
}

const checks: Record<string, boolean> = {};
const figures = {
  secondsToReady: 0,
  rounds: [] as { connectionsTerminated: number; readyAgainMs: number | null; stayedReady: boolean }[],
  jobsRestartsDuringBlips: 0,
  jobsKilled: { restartedWithinMs: null as number | null, readyThroughout: false },
  battles: { voted: 0, failed: 0 },
  votes: { acknowledged: 0, stored: 0 },
  unhandledRejectionsLogged: 0,
};
const acknowledged: string[] = [];
let loadRunning = true;
async function visitor(): Promise<void> {
  while (loadRunning) {
    try {
      const battle = await httpBattle({ open: base });
      acknowledged.push(battle.id);
      figures.battles.voted++;
    } catch {
      figures.battles.failed++; // a blip met mid-battle: the visitor is told and tries again
      await sleep(300);
    }
  }
}

try {
  const started = Date.now();
  if ((await readyWithin(base, 120_000)) === null) throw new Error("the launcher was not ready within 120 s");
  figures.secondsToReady = (Date.now() - started) / 1000;
  const load = Promise.all(Array.from({ length: VISITORS }, visitor));
  await sleep(2_000);

  const jobsBefore = jobsPid();
  for (let round = 0; round < ROUNDS; round++) {
    let terminated = 0;
    const cutStarted = Date.now();
    for (let cut = 0; cut < CUTS_PER_ROUND; cut++) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rowCount } = await client.query(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      await client.end();
      terminated += rowCount ?? 0;
      await sleep(Math.max(0, cutStarted + ((cut + 1) * 1000) / CUTS_PER_ROUND - Date.now()));
    }
    const readyAgainMs = await readyWithin(base, READY_AGAIN_WITHIN_MS);
    const stayedReady = readyAgainMs !== null && (await staysReady(STAYS_READY_MS));
    figures.rounds.push({ connectionsTerminated: terminated, readyAgainMs, stayedReady });
  }
  const jobsAfter = jobsPid();
  figures.jobsRestartsDuringBlips = (log.match(/jobs process exited/g) ?? []).length;
  checks[`every round: ready again within ${READY_AGAIN_WITHIN_MS / 1000} s and stays so`] =
    figures.rounds.length === ROUNDS && figures.rounds.every((r) => r.stayedReady);
  checks["every round terminated connections"] = figures.rounds.every((r) => r.connectionsTerminated > 0);
  checks["the jobs process rode the blips out (same process, no restart)"] =
    jobsBefore !== null && jobsBefore === jobsAfter && figures.jobsRestartsDuringBlips === 0;

  // the supervisor: a jobs process that dies is started again, and readiness never notices
  if (jobsAfter) {
    const killedAt = Date.now();
    process.kill(jobsAfter, "SIGKILL");
    let readyThroughout = true;
    while (Date.now() - killedAt < 30_000) {
      if (!(await readyNow(base))) readyThroughout = false;
      const now = jobsPid();
      if (now && now !== jobsAfter) {
        figures.jobsKilled.restartedWithinMs = Date.now() - killedAt;
        break;
      }
      await sleep(250);
    }
    figures.jobsKilled.readyThroughout = readyThroughout && (await staysReady(STAYS_READY_MS));
  }
  checks["a killed jobs process is started again within 10 s, logged"] =
    figures.jobsKilled.restartedWithinMs !== null &&
    figures.jobsKilled.restartedWithinMs <= 10_000 &&
    /jobs process exited \(signal SIGKILL\); starting it again/.test(log);
  checks["readiness stays 200 while the jobs process is restarted"] = figures.jobsKilled.readyThroughout;

  loadRunning = false;
  await load;
  figures.votes.acknowledged = acknowledged.length;
  const reader = new pg.Client({ connectionString: database.url });
  await reader.connect();
  const { rowCount } = await reader.query(
    sql`SELECT 1 FROM "Vote" WHERE "conversationId" = ANY(${acknowledged}::uuid[])`,
  );
  await reader.end();
  figures.votes.stored = rowCount ?? 0;
  checks["votes were cast under the faults"] = acknowledged.length > 0;
  checks["no acknowledged vote lost"] = figures.votes.stored === acknowledged.length;
} catch (error) {
  checks[`ran to the end (${(error as Error).message.split("\n")[0]})`] = false;
  console.error((error as Error).message);
} finally {
  loadRunning = false;
  figures.unhandledRejectionsLogged = (log.match(/a failed promise no one was waiting for/g) ?? []).length;
  fs.mkdirSync(".test-output", { recursive: true });
  fs.writeFileSync(".test-output/launcher-faults-app.log", log);
  if (launcher.exitCode === null) {
    launcher.kill("SIGTERM");
    await Promise.race([new Promise((r) => launcher?.once("exit", r)), sleep(20_000)]);
  }
  await cleanup();
}
console.log(JSON.stringify({ ...figures, checks }, null, 2));
const failed = Object.values(checks).filter((ok) => !ok).length;
console.log(`${Object.keys(checks).length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
