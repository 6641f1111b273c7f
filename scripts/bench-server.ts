// The production web server as the benchmarks run it: as `npm start` does (one process per core, ARENA_WEB_WORKERS),
// on a free port, waited for until /api/health answers.
import { spawn } from "node:child_process";
import { freePort } from "../lib/db/free-port";
import { webWorkerCount } from "./web-workers";

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
