// The app as browser tests see it: the production build (`next start`) over a throw-away embedded PostgreSQL,
// with the fake model server beside it. Started and stopped by Playwright's webServer.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { startTemporaryPostgres } from "../lib/db/embedded";
import { applyMigrations } from "../lib/db/migrate";
import { startFakeModelServer } from "./fake-models/server";

const port = process.env.E2E_PORT ?? "3100";
const fakePort = Number(process.env.E2E_FAKE_PORT ?? Number(port) + 1);

const database = await startTemporaryPostgres("arena-e2e-");
await applyMigrations(database.url);
const fake = await startFakeModelServer({ port: fakePort, fallback: { tokenDelayMs: 5 } });

const require = createRequire(import.meta.url);
const next = spawn(process.execPath, [require.resolve("next/dist/bin/next"), "start", "-p", port], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: database.url, E2E_FAKE_URL: fake.url },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (next.exitCode === null) {
    next.kill("SIGTERM");
    await new Promise((resolve) => next.once("exit", resolve));
  }
  await fake.close();
  await database.stop();
  process.exit(code);
}
next.on("exit", (code) => void stop(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
