import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // Vitest's default leaves a core free (one worker on two cores); these tests spend much of their time waiting on
    // PostgreSQL, app servers and child processes. Two cores, measured alone: unit 103 → 68 s, integration 285 →
    // 203 s with a worker per core.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "components/**/*.test.{ts,tsx}",
            "e2e/fake-models/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
          // the command-line tests start the `arena` process several times per test
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // recorded streams of the real services, replayed through the provider adapters (tests/recordings)
          name: "recordings",
          include: ["tests/recordings/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database, so files may run in parallel.
          fileParallelism: true,
        },
      },
    ],
  },
});
