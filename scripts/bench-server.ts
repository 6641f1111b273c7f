// The production web server as the benchmarks run it: as `npm start` does (one process per core, ARENA_WEB_WORKERS),
// on a free port, waited for until /api/health answers.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTemporaryPostgres } from "../lib/db/embedded";
import { freePort } from "../lib/db/free-port";
import { applyMigrations } from "../lib/db/migrate";
import { webWorkerCount } from "./web-workers";

/**
 * What a benchmark of the production server starts from: the build (it stops with a clear line without one), a
 * scratch folder and a throw-away PostgreSQL with every migration applied.
 */
export async function benchWorkspace(bench: string) {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.error(`bench:${bench} measures the production server: run \`npm run build\` first`);
    process.exit(1);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `arena-bench-${bench}-`));
  const database = await startTemporaryPostgres(`arena-bench-${bench}-pg-`);
  await applyMigrations(database.url);
  return { dir, database };
}

export async function startBenchServer(env: Record<string, string>, options: { profileDir?: string } = {}) {
  const port = await freePort();
  const profile = options.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`] : [];
  const webWorkers = webWorkerCount();
  const server = spawn(
    process.execPath,
    [...profile, "scripts/web-cluster.cjs", String(webWorkers), "-p", String(port)],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
    },
  );
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 300) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    webWorkers,
    /** the cluster's primary: its tree holds every web process */
    pid: server.pid as number,
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    },
  };
}
