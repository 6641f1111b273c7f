// The database goes away while answers stream (issue 11, finding 1): a short outage is waited out and the answer
// saved; a longer one is told to the visitor as what it is, routes answer 503, and Retry works as soon as the
// database is back. A PostgreSQL of this file's own, stopped and started again on the same folder and port.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { castVote, prepareTurn, streamTurn, type TurnEvent } from "../../lib/arena";
import { closeDb, createDb, type Db } from "../../lib/db";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../lib/db/embedded";
import { freePort } from "../../lib/db/free-port";
import { applyMigrations } from "../../lib/db/migrate";
import { errorToResponse } from "../../lib/http/route";
import { openImageBattle } from "../support/battles";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "arena-outage-"));
let server: EmbeddedServer;
let port: number;
let db: Db;
let fake: FakeModelServer;

const startServer = async () => {
  server = await startEmbeddedPostgres({ dataDir: path.join(root, "data"), port });
};

beforeAll(async () => {
  port = await freePort();
  await startServer();
  await applyMigrations(server.url);
  // 40 tokens, 50 ms apart: two seconds of streaming to stop the database in
  const reply = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
  fake = await startFakeModelServer({
    models: { "alpha-vl": { reply, tokenDelayMs: 50 }, "beta-vl": { reply, tokenDelayMs: 50 } },
  });
  const modelsFile = writeFakeModelsFile(root, fake.baseURL, ["alpha-vl", "beta-vl"]);
  Object.assign(process.env, {
    ARENA_MODELS_FILE: modelsFile,
    ARENA_DATA_DIR: root,
    ARENA_SECRET: "outage-secret-0123456789",
  });
  db = createDb(server.url);
});

afterAll(async () => {
  delete process.env.ARENA_ANSWER_SAVE_WAIT_MS;
  await closeDb(db);
  await fake.close();
  await server.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const openBattle = () => openImageBattle(db, { prompt: "Describe it", background: "#123456", size: [16, 16] });

/**
 * Streams a turn, stopping the database once side A's text reaches `word<stopAt>`; `outageMs` later it starts
 * again. Stopped near the end, the outage covers the moment the answers are saved.
 */
async function streamThroughOutage(conversationId: string, visitorId: string, outageMs: number, stopAt = 30) {
  const reader = streamTurn(db, await prepareTurn(db, { conversationId, visitorId })).getReader();
  const decoder = new TextDecoder();
  const events: TurnEvent[] = [];
  let restarted: Promise<void> | null = null;
  let buffered = "";
  let textA = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter(Boolean)) {
      const event = JSON.parse(line) as TurnEvent;
      events.push(event);
      if (event.type === "delta" && event.side === "a") textA += event.text;
      if (textA.includes(`word${stopAt}`) && !restarted) {
        restarted = (async () => {
          await server.stop();
          await new Promise((resolve) => setTimeout(resolve, outageMs));
          await startServer();
        })();
      }
    }
  }
  return { events, restarted };
}

describe("a database outage while answers stream", () => {
  it("waits out a short outage: both answers are saved and the battle can be voted on", async () => {
    process.env.ARENA_ANSWER_SAVE_WAIT_MS = "20000";
    const { id, visitorId } = await openBattle();
    const { events, restarted } = await streamThroughOutage(id, visitorId, 1_500);
    await restarted;
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(events.filter((e) => e.type === "done")).toHaveLength(2);
    const answers = await db.prisma.responseMeta.findMany({ where: { message: { conversationId: id } } });
    expect(answers.map((a) => a.finishReason)).toEqual(["stop", "stop"]);
    const vote = await castVote(db, { conversationId: id, visitorId, winner: "model_a", ipHash: null });
    expect(vote.created).toBe(true);
  });

  it("tells the visitor the database is away, answers 503 meanwhile, and lets Retry run once it is back", async () => {
    process.env.ARENA_ANSWER_SAVE_WAIT_MS = "1000";
    const { id, visitorId } = await openBattle();
    const { events, restarted } = await streamThroughOutage(id, visitorId, 4_000);
    const errors = events.filter((e): e is Extract<TurnEvent, { type: "error" }> => e.type === "error");
    expect(errors.map((e) => e.code)).toEqual(["database_unavailable", "database_unavailable"]);
    expect(errors[0]?.message).toMatch(/database is unavailable.*Retry/);
    expect(events.at(-1)).toEqual({ type: "end" });
    // while it is down, a route answers 503 database_unavailable (not 500)
    const down = await prepareTurn(db, { conversationId: id, visitorId }).catch((error) => error);
    const response = errorToResponse(down);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((await response.json()).error.code).toBe("database_unavailable");
    await restarted;
    // back: the unsaved answers are recorded as failed within a couple of seconds, and Retry answers both sides
    let retry: Awaited<ReturnType<typeof prepareTurn>> | null = null;
    const deadline = Date.now() + 5_000;
    while (!retry && Date.now() < deadline) {
      retry = await prepareTurn(db, { conversationId: id, visitorId }).catch(() => null);
      if (!retry) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(retry?.targets.map((t) => t.side).sort()).toEqual(["a", "b"]);
    const failed = await db.prisma.responseMeta.findMany({
      where: { message: { conversationId: id, superseded: true } },
    });
    expect(failed.map((f) => f.errorCode)).toEqual(["database_unavailable", "database_unavailable"]);
    const again = await new Response(streamTurn(db, retry as NonNullable<typeof retry>)).text();
    expect(again).toContain('"type":"done"');
    expect((await castVote(db, { conversationId: id, visitorId, winner: "tie", ipHash: null })).created).toBe(true);
  });
});
