// `npm run test:faults`: the arena under faults, on this machine only (loopback), bounded in time and count.
// Two web processes (each `scripts/web-server.mjs`, as behind a load balancer) over a PostgreSQL of its own and
// the fake model server, which cuts 10% of streams mid-answer. N virtual visitors each open a battle, stream it,
// press Retry for any side that failed (as the page offers) and vote. Meanwhile PostgreSQL is stopped and started
// again, one web process is killed mid-stream (and started again), and every database connection is terminated
// (pg_terminate_backend) while battles run: readiness must come back within 5 s. Afterwards: no acknowledged vote lost, no
// battle stuck, every error the visitor met said what happened. Prints JSON; exits 1 when a check fails.
//   npm run test:faults [-- --visitors 100]
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { writeFakeModelsFile } from "../e2e/fake-models/models-file";
import { startFakeModelServer } from "../e2e/fake-models/server";
import { STALE_ANSWER_MS } from "../lib/arena/history";
import { type EmbeddedServer, startEmbeddedPostgres } from "../lib/db/embedded";
import { freePort } from "../lib/db/free-port";
import { applyMigrations } from "../lib/db/migrate";
import { sql } from "../lib/db/sql";
import { requireBuild, startWebProcess, stopAfter } from "./bounded-run";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const VISITORS = arg("visitors", 100);
const DEADLINE_MS = arg("deadline-s", 150) * 1000;
const SECRET = "faults-secret-0123456789";
/** longer than any answer (30 tokens at 30 ms) plus the save's wait for the database (15 s) */
const REQUEST_TIMEOUT_MS = 40_000;

requireBuild(fs);
stopAfter(DEADLINE_MS + 90_000, "fault", () => cleanup());

const root = fs.mkdtempSync(path.join(os.tmpdir(), "arena-faults-"));
const pgPort = await freePort();
let database: EmbeddedServer = await startEmbeddedPostgres({ dataDir: path.join(root, "pg"), port: pgPort });
await applyMigrations(database.url);
const reply = Array.from({ length: 30 }, (_, i) => `token${i}`).join(" ");
const fake = await startFakeModelServer({
  models: {
    "fake-alpha": { reply, tokenDelayMs: 30, failure: { kind: "cut", afterTokens: 5 }, failureRate: 0.1 },
    "fake-beta": { reply, tokenDelayMs: 30, failure: { kind: "cut", afterTokens: 5 }, failureRate: 0.1 },
  },
});
const modelsFile = writeFakeModelsFile(root, fake.baseURL, ["fake-alpha", "fake-beta"]);

interface Web {
  port: number;
  base: string;
  child: ChildProcess;
}
async function startWeb(port: number): Promise<Web> {
  const { base, child } = await startWebProcess(
    port,
    {
      DATABASE_URL: database.url,
      ARENA_MODELS_FILE: modelsFile,
      ARENA_DATA_DIR: root,
      ARENA_SECRET: SECRET,
      ARENA_RATE_VISITOR_PER_HOUR: "100000",
      ARENA_RATE_IP_PER_HOUR: "100000",
      ARENA_RATE_MODEL_PER_HOUR: "1000000",
      ARENA_DAILY_COUNTED_VOTES: "100000",
    },
    Boolean(process.env.FAULTS_LOGS),
  );
  return { port, base, child };
}
const webs: Web[] = await Promise.all([startWeb(await freePort()), startWeb(await freePort())]);

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function cleanup() {
  for (const web of webs) if (web.child.exitCode === null) web.child.kill("SIGKILL");
  await fake.close().catch(() => undefined);
  await database.stop().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
}

// ---------------------------------------------------------------- what the visitors saw

const figures = {
  visitors: VISITORS,
  battles: { opened: 0, voted: 0, stuck: 0 },
  votes: { acknowledged: 0, stored: 0 },
  retries: 0,
  errorsShown: {} as Record<string, number>,
  errorsWithoutMessage: 0,
  streamsCutByProvider: 0,
  connectionsLost: 0,
  requestsTimedOut: 0,
  faults: {
    databaseDownMs: 0,
    recoveryMs: null as number | null,
    webProcessKilledAt: 0,
    connectionsTerminated: 0,
    readyAgainMs: null as number | null,
  },
  pendingAnswersLeft: 0,
  seconds: 0,
};
const shown = (code: string, message: unknown) => {
  figures.errorsShown[code] = (figures.errorsShown[code] ?? 0) + 1;
  if (typeof message !== "string" || !message.trim()) figures.errorsWithoutMessage++;
};

let databaseBackAt: number | null = null;
const noteSuccess = () => {
  if (databaseBackAt !== null && figures.faults.recoveryMs === null) {
    figures.faults.recoveryMs = Date.now() - databaseBackAt;
  }
};

/** A request as a browser behind a load balancer makes it: a dead process means the other one answers. */
async function request(visitor: number, attempt: number, pathname: string, init: RequestInit): Promise<Response> {
  for (let tries = 0; ; tries++) {
    const live = webs.filter((w) => w.child.exitCode === null && !w.child.killed);
    const web = live[(visitor + attempt + tries) % Math.max(1, live.length)] ?? webs[0]!;
    try {
      // a request that hangs is a finding, not a reason for the run to hang
      return await fetch(`${web.base}${pathname}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      if ((error as Error).name === "TimeoutError") figures.requestsTimedOut++;
      else figures.connectionsLost++;
      if (tries > 20) throw new Error("no web process answers");
      await sleep(250);
    }
  }
}

/** Reads an error answer the way the page does: it must carry a message to show. */
async function showError(response: Response) {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  shown(body?.error?.code ?? `http_${response.status}`, body?.error?.message);
  return body?.error?.code;
}

const image = new Blob(
  [
    new Uint8Array(
      await sharp({ create: { width: 32, height: 32, channels: 3, background: "#3355aa" } })
        .png()
        .toBuffer(),
    ),
  ],
  { type: "image/png" },
);
const acknowledged: string[] = [];
const conversations: string[] = [];

async function visitor(n: number, deadline: number): Promise<void> {
  let attempt = 0;
  const retryLater = async () => {
    attempt++;
    await sleep(300 + Math.random() * 400);
    if (Date.now() > deadline) throw new Error("deadline");
  };
  let cookie = "";
  for (;;) {
    const response = await request(n, attempt, "/api/visitor", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    if (response.ok) {
      cookie = (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
      noteSuccess();
      break;
    }
    await showError(response);
    await retryLater();
  }
  let id = "";
  for (;;) {
    const form = new FormData();
    form.set("prompt", `Describe the picture, please (${n})`);
    form.append("images", image, "square.png");
    const response = await request(n, attempt, "/api/conversations", {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    if (response.status === 201) {
      id = ((await response.json()) as { id: string }).id;
      conversations.push(id);
      figures.battles.opened++;
      noteSuccess();
      break;
    }
    await showError(response);
    await retryLater();
  }
  // stream; then Retry the sides that failed, as the page offers, until both answers are done
  let sides: string[] | undefined;
  for (;;) {
    const response = await request(n, attempt, `/api/conversations/${id}/turn`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify(sides ? { sides } : {}),
    }).catch(() => null);
    if (response?.ok) {
      const failed = new Set<string>();
      let done = 0;
      try {
        const text = await response.text();
        for (const line of text.split("\n").filter(Boolean)) {
          const event = JSON.parse(line) as { type: string; side?: string; code?: string; message?: string };
          if (event.type === "error") {
            failed.add(event.side as string);
            shown(event.code ?? "stream_error", event.message);
            if (event.code === "provider_error") figures.streamsCutByProvider++;
          }
          if (event.type === "done") done++;
        }
        if (!text.includes('"type":"end"')) throw new Error("stream cut");
      } catch (error) {
        // the connection to the web process broke mid-stream: the page says so and offers Retry
        if ((error as Error).name === "TimeoutError") figures.requestsTimedOut++;
        else figures.connectionsLost++;
        shown("connection_lost", "The connection was lost; press Retry.");
        sides = undefined;
        figures.retries++;
        await retryLater();
        continue;
      }
      noteSuccess();
      if (failed.size === 0 && (done > 0 || sides === undefined)) break;
      sides = [...failed];
      if (sides.length === 0) break;
      figures.retries++;
      await retryLater();
      continue;
    }
    if (response) {
      const code = await showError(response);
      if (code === "nothing_to_answer") break; // both answers are already there
    }
    figures.retries++;
    sides = undefined; // after an outage, answer whatever is missing
    await retryLater();
  }
  for (;;) {
    const response = await request(n, attempt, `/api/conversations/${id}/vote`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ winner: n % 2 ? "model_a" : "tie" }),
    }).catch(() => null);
    if (response && (response.status === 201 || response.status === 200)) {
      acknowledged.push(id);
      figures.votes.acknowledged++;
      figures.battles.voted++;
      noteSuccess();
      return;
    }
    if (response) {
      const code = await showError(response);
      if (code === "answers_pending" || code === "conversation_not_found") return;
    }
    await retryLater();
  }
}

// ---------------------------------------------------------------- the run

const started = Date.now();
const deadline = started + DEADLINE_MS;
const load = Promise.allSettled(Array.from({ length: VISITORS }, (_, n) => visitor(n, deadline)));
const faults = (async () => {
  await sleep(1_500);
  const down = Date.now();
  await database.stop();
  await sleep(3_000);
  database = await startEmbeddedPostgres({ dataDir: path.join(root, "pg"), port: pgPort });
  databaseBackAt = Date.now();
  figures.faults.databaseDownMs = databaseBackAt - down;
  await sleep(2_500);
  const victim = webs[1] as Web;
  victim.child.kill("SIGKILL");
  figures.faults.webProcessKilledAt = Date.now() - started;
  await new Promise((resolve) => victim.child.once("exit", resolve));
  await sleep(3_000);
  webs[1] = await startWeb(victim.port);
  // every connection to the database cut at once (a failover, a proxy restart): pg_terminate_backend under load.
  // Both instances ready first: the restarted one's image classifier warms up for seconds under this load (it made
  // the recovery below measure 9.9 s and over 15 s in two runs), and the bound is on recovering from the cut
  await sleep(1_500);
  await readyAgain(Date.now(), 60_000);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const cut = Date.now();
  const { rowCount } = await admin.query(
    sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  await admin.end();
  figures.faults.connectionsTerminated = rowCount ?? 0;
  figures.faults.readyAgainMs = await readyAgain(cut, 15_000);
})();

/** How long after `since` every web process answered /api/health/ready with 200 again (null: not within `limit`). */
async function readyAgain(since: number, limit: number): Promise<number | null> {
  const ready = async (web: Web) =>
    fetch(`${web.base}/api/health/ready`, { signal: AbortSignal.timeout(2_500) })
      .then((r) => r.status === 200)
      .catch(() => false);
  while (Date.now() - since < limit) {
    const answers = await Promise.all(webs.map(ready));
    if (answers.every(Boolean)) return Date.now() - since;
    await sleep(100);
  }
  return null;
}
const results = await load;
await faults;
figures.battles.stuck = results.filter((r) => r.status === "rejected").length;

// after the stale window, nothing may still look "in progress"
await sleep(STALE_ANSWER_MS + 1_000);
const { createDb, closeDb } = await import("../lib/db/context");
const db = createDb(database.url);
try {
  const stored = await db.pool.query<{ id: string }>(
    sql`SELECT "conversationId" AS id FROM "Vote" WHERE "conversationId" = ANY(${acknowledged}::uuid[])`,
  );
  figures.votes.stored = stored.rowCount ?? 0;
  const pending = await db.pool.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM "ResponseMeta" r JOIN "Message" m ON m.id = r."messageId"
      WHERE NOT m.superseded AND r."finishReason" IS NULL AND r.error IS NULL
        AND coalesce(r."heartbeatAt", r."createdAt") > now() - make_interval(secs => ${STALE_ANSWER_MS / 1000})`,
  );
  figures.pendingAnswersLeft = pending.rows[0]?.n ?? 0;
} finally {
  await closeDb(db);
}
figures.seconds = Math.round((Date.now() - started) / 100) / 10;

const checks = {
  "no acknowledged vote lost": figures.votes.stored === figures.votes.acknowledged,
  "every battle voted (none stuck)": figures.battles.stuck === 0 && figures.battles.voted === VISITORS,
  "no answer left in progress": figures.pendingAnswersLeft === 0,
  "every error shown with a message": figures.errorsWithoutMessage === 0,
  "no request hung": figures.requestsTimedOut === 0,
  "the database came back within 10 s": figures.faults.recoveryMs !== null && figures.faults.recoveryMs < 10_000,
  "provider cuts happened": figures.streamsCutByProvider > 0,
  "connections were terminated under load": figures.faults.connectionsTerminated > 0,
  "ready again within 5 s of every connection being terminated":
    figures.faults.readyAgainMs !== null && figures.faults.readyAgainMs <= 5_000,
};
console.log(JSON.stringify({ ...figures, checks }, null, 2));
await cleanup();
const failed = Object.entries(checks).filter(([, ok]) => !ok);
console.log(`${Object.keys(checks).length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
