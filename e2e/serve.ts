// The app as browser tests see it: the production build (`next start`) over a throw-away embedded PostgreSQL,
// with the fake model server beside it. Started and stopped by Playwright's webServer.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTemporaryPostgres } from "../lib/db/embedded";
import { applyMigrations } from "../lib/db/migrate";
import { ADMIN } from "./accounts";
import { startFakeModelServer } from "./fake-models/server";
import { IDP, idpProvidersJson, startTestIdp } from "./oidc-idp";

const port = process.env.E2E_PORT ?? "3100";
const fakePort = Number(process.env.E2E_FAKE_PORT ?? Number(port) + 1);
const idpPort = Number(process.env.E2E_IDP_PORT ?? Number(port) + 2);

/** What the fake models answer by default; tests change them over the control endpoint and reset them after. */
export const FAKE_MODELS = {
  "fake-alpha": { reply: "## Alpha answer\nThe image is **blue**.", tokenDelayMs: 100 },
  "fake-beta": { reply: "Beta thinks it is blue.", tokenDelayMs: 100 },
  "fake-text": { reply: "Text model reply.", tokenDelayMs: 5 },
  // VisionArena-Bench: a judge preferring Alpha over Beta over Text, and an embedding endpoint
  "fake-judge": { judgeRanking: ["Alpha", "Beta", "Text"] },
  "fake-embed": {},
};

const database = await startTemporaryPostgres("arena-e2e-");
await applyMigrations(database.url);
const fake = await startFakeModelServer({ port: fakePort, models: FAKE_MODELS });
// single sign-on: a real OpenID Connect provider beside the app
const idp = await startTestIdp(idpPort, `http://localhost:${port}`);

// The app sees the fake server as an ordinary OpenAI-compatible provider.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-e2e-data-"));
const modelsFile = path.join(dataDir, "models.json");
fs.writeFileSync(
  modelsFile,
  JSON.stringify({
    providers: { fake: { type: "openai-compatible", baseURL: fake.baseURL, apiKeyEnv: "FAKE_API_KEY" } },
    models: [
      {
        id: "fake-alpha",
        provider: "fake",
        model: "fake-alpha",
        displayName: "Fake Alpha",
        organization: "Alpha Labs",
        vision: true,
      },
      {
        id: "fake-beta",
        provider: "fake",
        model: "fake-beta",
        displayName: "Fake Beta",
        organization: "Beta Works",
        vision: true,
      },
      // weight 0: never drawn for battles, still offered in direct chat
      { id: "fake-text", provider: "fake", model: "fake-text", displayName: "Fake Text", vision: false, weight: 0 },
      // not in the arena (disabled): a judge and an embedding model for the offline bench
      {
        id: "fake-judge",
        provider: "fake",
        model: "fake-judge",
        displayName: "Fake Judge",
        vision: true,
        enabled: false,
      },
      { id: "fake-embed", provider: "fake", model: "fake-embed", displayName: "Fake Embed", enabled: false },
    ],
  }),
);

// the benchmark folder the console imports from (the browser test writes a fixture into it)
const benchmarkDir = path.join(dataDir, "benchmarks");
fs.mkdirSync(benchmarkDir, { recursive: true });

// where the tests find the database and image folder, to seed what only real traffic would make (old battles)
if (process.env.E2E_STATE_FILE) {
  fs.writeFileSync(process.env.E2E_STATE_FILE, JSON.stringify({ databaseUrl: database.url, dataDir, benchmarkDir }));
}

// two web processes on one port, as `npm start` runs on two cores: every browser test also checks that the app
// keeps no state of its own between requests
const appEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DATABASE_URL: database.url,
  ARENA_MODELS_FILE: modelsFile,
  ARENA_DATA_DIR: dataDir,
  ARENA_SECRET: "e2e-secret-0123456789",
  ARENA_BENCHMARK_DIR: benchmarkDir,
  ARENA_RATE_VISITOR_PER_HOUR: "8",
  ARENA_BLOCKLIST: "blocked-word",
  // /data recomputes at most once a second, so a vote made by a test shows there at once
  ARENA_DATA_STATS_INTERVAL_S: "1",
  ARENA_TOPICS_INTERVAL_S: "5",
  FAKE_API_KEY: "fake-key",
  ARENA_ADMIN_EMAIL: ADMIN.email,
  ARENA_ADMIN_PASSWORD: ADMIN.password,
  // GitHub sign-in switched on (the browser test stops at GitHub's door: no network here)
  AUTH_GITHUB_ID: "e2e-github-client",
  AUTH_GITHUB_SECRET: "e2e-github-secret",
  ARENA_OIDC_PROVIDERS: idpProvidersJson(idp.issuer),
  // single sign-on builds its callbacks on the public address (start-up refuses a provider without it)
  ARENA_PUBLIC_URL: `http://localhost:${port}`,
  E2E_IDP_SECRET: IDP.clientSecret,
};
const next = spawn(process.execPath, ["scripts/web-cluster.cjs", "2", "-p", port], {
  stdio: ["ignore", "inherit", "inherit"],
  env: appEnv,
});

// the snapshot worker, checking every second, so a vote reaches the leaderboard within the test's patience
// its lines (each recompute, each failure) go to stderr, which Playwright shows as [WebServer] lines
const jobs = spawn(process.execPath, ["--import", "tsx", "scripts/jobs.ts"], {
  stdio: ["ignore", 2, "inherit"],
  // the same configuration as the web processes (models, image folder, keys): offline runs call the models too
  env: { ...appEnv, ARENA_SNAPSHOT_INTERVAL_S: "1" },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const proc of [next, jobs]) {
    if (proc.exitCode === null) {
      proc.kill("SIGTERM");
      await new Promise((resolve) => proc.once("exit", resolve));
    }
  }
  await fake.close();
  await idp.close();
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.env.E2E_STATE_FILE) fs.rmSync(process.env.E2E_STATE_FILE, { force: true });
  process.exit(code);
}
next.on("exit", (code) => void stop(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
