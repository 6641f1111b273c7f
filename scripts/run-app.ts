// `npm run dev` / `npm start`: pick the database (DATABASE_URL, or an embedded PostgreSQL 17 in .data/),
// apply pending migrations, then run Next.js with DATABASE_URL set. Stopping this process stops both.
//   tsx scripts/run-app.ts dev|start|db [next args...]
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { ensureFirstAdmin } from "../lib/auth/users";
import { config as configuration } from "../lib/config";
import { prepareDatabase } from "../lib/db/bootstrap";
import { closeDb, createDb } from "../lib/db/context";
import { leaveSignalsToCaller } from "../lib/db/embedded";
import { imageStore } from "../lib/images/store";
import { guardProcess, type Supervised, supervise } from "../lib/process";
import { loadModelsConfig } from "../lib/providers/config";
import { webWorkerCount } from "./web-workers";

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start" && mode !== "db") {
  console.error("usage: run-app.ts dev|start|db [next options]");
  process.exit(2);
}
if (mode === "start" && !fs.existsSync(".next/BUILD_ID")) {
  console.error("error: no production build found; run `npm run build` first (or use `npm run dev`)");
  process.exit(1);
}

/** A web server that ends this soon after the first start never served: the launcher stops rather than retries. */
const WEB_START_GRACE_MS = 20_000;
const say = (line: string) => console.log(`[arena] ${line}`);
guardProcess({ name: "arena" });
leaveSignalsToCaller();
const started = Date.now();
// A bad variable or a broken models file stops start-up here, in one line, before anything else starts.
try {
  configuration();
  const { config, source } = loadModelsConfig();
  say(`models: ${config.models.length} from ${source}`);
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
async function ensureStaff(url: string) {
  const db = createDb(url);
  try {
    const admin = await ensureFirstAdmin(db);
    say(
      admin
        ? `admin account: ${admin.email}`
        : "no admin account configured (set ARENA_ADMIN_EMAIL and ARENA_ADMIN_PASSWORD)",
    );
  } catch (error) {
    say(`warning: first admin not set up: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await closeDb(db);
  }
}

let database: Awaited<ReturnType<typeof prepareDatabase>>;
try {
  database = await prepareDatabase({ log: say });
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
for (const note of database.notes) say(`recovered: ${note}`);
for (const warning of database.migrations.warnings) say(`warning: ${warning}`);
say(
  `database ${database.source} ${database.target} ready in ${Date.now() - started} ms; ` +
    `migrations: ${database.migrations.applied.length} applied now, latest ${database.migrations.latest}`,
);

// the first admin exists before anyone signs in (and `arena users list` shows it)
await ensureStaff(database.url);
// the image store's bucket exists before the first upload (a new MinIO has none)
if (mode !== "db") {
  try {
    const prepared = await imageStore().prepare?.();
    if (prepared?.created) say(`image storage: bucket ${configuration().ARENA_S3_BUCKET} created`);
  } catch (error) {
    say(`warning: image storage not ready: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let web: Supervised | undefined;
let jobs: Supervised | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all([web?.stop(), jobs?.stop()]);
  await database.stop();
  if (database.source === "embedded") say("embedded PostgreSQL stopped");
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));

if (mode === "db") {
  say(`DATABASE_URL=${database.url}`);
  say("press Ctrl-C to stop");
} else {
  // production: one web process per core (stateless, sharing the port); development: one with hot reload.
  // Both behind the front door (scripts/web-server.mjs): client addresses, body ceilings, error shapes.
  const workers = mode === "start" ? webWorkerCount() : 1;
  const command =
    workers > 1
      ? ["scripts/web-cluster.cjs", String(workers), ...process.argv.slice(3)]
      : ["scripts/web-server.mjs", mode, ...process.argv.slice(3)];
  if (workers > 1) say(`web: ${workers} processes (ARENA_WEB_WORKERS)`);
  // the web processes' readiness follows the jobs process started beside them (lib/health)
  const jobsPeer = configuration().ARENA_JOBS ? { ARENA_JOBS_PEER: `jobs-${randomUUID()}` } : {};
  const firstStart = Date.now();
  web = supervise({
    name: "web server",
    log: say,
    start: () => {
      const child = spawn(process.execPath, command, {
        stdio: "inherit",
        env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env, ...jobsPeer, DATABASE_URL: database.url },
      });
      // a web server that cannot even start (the port taken, a broken build) is no crash to ride out: stop here
      child.once("exit", (code) => {
        if (web?.restarts === 0 && code && Date.now() - firstStart < WEB_START_GRACE_MS) void shutdown(code);
      });
      return child;
    },
  });
  if (configuration().ARENA_JOBS) {
    // the background work runs beside the web server; it needs the tsx loader for the rating engine's threads.
    // Restarted when it dies: the web processes' readiness follows its heartbeat.
    jobs = supervise({
      name: "jobs process",
      log: say,
      start: () =>
        spawn(process.execPath, ["--import", "tsx", "scripts/jobs.ts"], {
          stdio: "inherit",
          env: { ...process.env, ...jobsPeer, DATABASE_URL: database.url },
        }),
    });
  }
}
