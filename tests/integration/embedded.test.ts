import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../lib/config";
import { prepareDatabase } from "../../lib/db/bootstrap";
import { DatabaseUnreachableError } from "../../lib/db/connection";
import { startEmbeddedPostgres } from "../../lib/db/embedded";
import { query as sql } from "./db-admin";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "arena-embedded-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const tsx = path.resolve("node_modules/.bin/tsx");

/** Runs the launcher's database step with `env` added; its exit status, output and stderr's lines (npm's own
 *  warnings left out). */
function launcher(env: Record<string, string>) {
  const result = spawnSync(tsx, ["scripts/run-app.ts", "db"], { env: { ...process.env, ...env }, encoding: "utf8" });
  const lines = result.stderr
    .trim()
    .split("\n")
    .filter((l) => !l.startsWith("npm warn"));
  return { status: result.status, output: result.stdout + result.stderr, lines };
}

type Embedded = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

/** Starts the embedded server on `dataDir`, runs the checks, and stops it whatever they found. */
async function withEmbedded(dataDir: string, check: (server: Embedded) => Promise<void>) {
  const server = await startEmbeddedPostgres({ dataDir });
  try {
    await check(server);
  } finally {
    await server.stop();
  }
}

describe("embedded PostgreSQL", () => {
  it("keeps the data across a restart", async () => {
    const dataDir = path.join(root, "restart");
    const first = await startEmbeddedPostgres({ dataDir });
    await sql(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false); // a clean shutdown
    await withEmbedded(dataDir, async (second) => {
      expect(second.recovered).toEqual([]);
      expect(await sql(second.url, "SELECT v FROM kept")).toEqual([{ v: "still here" }]);
    });
  });

  it("recovers a data folder whose owner was killed while the server kept running", async () => {
    const dataDir = path.join(root, "orphan");
    // node --import tsx (not the tsx wrapper) so that SIGKILL hits the process that owns the server.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/integration/fixtures/start-embedded.ts", dataDir],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        const line = chunk.toString().trim();
        if (line.startsWith("postgresql://")) resolve(line);
      });
      child.on("exit", (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    await sql(url, "CREATE TABLE survived (v int); INSERT INTO survived VALUES (42)");
    child.kill("SIGKILL"); // the server it started is left running, holding postmaster.pid
    await new Promise((resolve) => child.once("exit", resolve));

    await withEmbedded(dataDir, async (server) => {
      expect(server.recovered).toEqual([expect.stringMatching(/^stopped PostgreSQL \(pid \d+\) left running/)]);
      expect(await sql(server.url, "SELECT v FROM survived")).toEqual([{ v: 42 }]);
    });
  });

  it("shares a server whose owner is still running instead of stopping it", async () => {
    const dataDir = path.join(root, "shared");
    const owner = await startEmbeddedPostgres({ dataDir });
    try {
      const second = await startEmbeddedPostgres({ dataDir });
      expect(second.port).toBe(owner.port);
      expect(second.recovered).toEqual([expect.stringContaining("shared the PostgreSQL already running")]);
      await second.stop(); // leaves the owner's server running
      expect(await sql(owner.url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
    } finally {
      await owner.stop();
    }
  });

  it("removes a stale lock whose process is gone", async () => {
    const dataDir = path.join(root, "stale");
    const first = await startEmbeddedPostgres({ dataDir });
    await first.stop();
    fs.writeFileSync(path.join(dataDir, "postmaster.pid"), "999999\n");
    await withEmbedded(dataDir, async (second) => {
      expect(second.recovered).toEqual([expect.stringContaining("removed the stale lock")]);
    });
  });

  it("re-initialises a folder whose initdb never finished, keeping the remains aside", async () => {
    const dataDir = path.join(root, "incomplete");
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "half-written"), "x");
    await withEmbedded(dataDir, async (server) => {
      expect(server.recovered).toEqual([expect.stringContaining("never fully initialised")]);
      expect(await sql(server.url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
      expect(fs.readdirSync(root).some((name) => name.startsWith("incomplete.incomplete-"))).toBe(true);
    });
  });
});

describe("an unreachable DATABASE_URL", () => {
  it("fails preparation with an error naming the host", async () => {
    const env = parseConfig({ DATABASE_URL: "postgresql://arena:pw@127.0.0.1:1/arena" });
    await expect(prepareDatabase({ config: env })).rejects.toThrow(DatabaseUnreachableError);
    await expect(prepareDatabase({ config: env })).rejects.toThrow(
      "cannot reach PostgreSQL at 127.0.0.1:1/arena: connection refused",
    );
  });

  it("makes the launcher print one line, without the password or a stack trace, and exit 1", () => {
    const result = launcher({ DATABASE_URL: "postgresql://arena:hunter2@db.example.invalid:5432/arena" });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      "error: cannot reach PostgreSQL at db.example.invalid:5432/arena: host name not found",
    ]);
    expect(result.output).not.toContain("hunter2");
  });
});

describe("a broken models file", () => {
  it("stops start-up with one line naming the file and the problem", () => {
    const file = path.join(root, "models.json");
    fs.writeFileSync(
      file,
      JSON.stringify({ providers: {}, models: [{ id: "x", provider: "p", model: "m", displayName: "X" }] }),
    );
    const result = launcher({ ARENA_MODELS_FILE: file, DATABASE_URL: "postgresql://u:p@127.0.0.1:1/x" });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      `error: ARENA_MODELS_FILE (${file}) is not a valid models file: models[0].provider: unknown provider 'p'`,
    ]);
  });
});
