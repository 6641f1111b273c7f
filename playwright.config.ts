import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// scripts/test-all.ts picks free ports; these defaults serve a manual `npx playwright test` after `next build`.
const port = Number(process.env.E2E_PORT ?? 3100);
const fakePort = Number(process.env.E2E_FAKE_PORT ?? port + 1);
const idpPort = Number(process.env.E2E_IDP_PORT ?? port + 2);
process.env.E2E_FAKE_URL = `http://127.0.0.1:${fakePort}`;
// serve.ts writes the database URL and image folder here, for tests that seed what only real traffic would make
process.env.E2E_STATE_FILE = path.join(os.tmpdir(), `arena-e2e-state-${port}.json`);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  // one worker: tests change the shared fake model server's behaviour
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    // Next 16 rewrites 127.0.0.1 to localhost in request URLs and Auth.js redirects follow it: the tests use
    // localhost (and the server is not bound to -H 127.0.0.1).
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          // Debian's Chromium, never Playwright's own download (it cannot be fetched here).
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node --import tsx e2e/serve.ts",
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    // the browser flows read ranks off a handful of votes: everyone ranked (the listing policy is tested in
    // tests/integration/leaderboard.test.ts)
    env: {
      E2E_PORT: String(port),
      E2E_FAKE_PORT: String(fakePort),
      E2E_IDP_PORT: String(idpPort),
      E2E_STATE_FILE: process.env.E2E_STATE_FILE,
      ARENA_MIN_VOTES: "0",
    },
  },
});
