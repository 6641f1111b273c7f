// What the fault-layer scripts (test-faults.ts, test-abuse.ts) share: they run against the production build, start
// its web process as a deployment does (scripts/web-server.mjs), and stop by themselves, whatever happens.
import { type ChildProcess, spawn } from "node:child_process";

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
  const child = spawn(process.execPath, ["scripts/web-server.mjs", "start", "-p", String(port)], {
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
