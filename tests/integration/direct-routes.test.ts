// The battle routes the front door answers itself (lib/http/direct-routes.ts) answer as Next answers them: the
// same requests, good and bad, sent to an instance with ARENA_DIRECT_ROUTES on (the default) and one with it off
// give the same statuses, headers and bodies (ids aside). The off instance is Next's own answer, so a route the
// direct path got wrong shows as a difference here.
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeModelServer } from "../../e2e/fake-models/server";
import { closeDb, createDb } from "../../lib/db/context";
import { snapshotTick } from "../../lib/leaderboard/scheduler";
import { type AppInstance, fakeModels, startApp, tempDir, visitorCookie } from "./app-server";
import { migratedScratchDatabase } from "./db-admin";

const dir = tempDir("arena-direct-");
let fake: FakeModelServer;
let drop: () => Promise<void>;
let databaseUrl: string;
const apps: Record<"direct" | "next", AppInstance> = {} as never;

beforeAll(async () => {
  const database = await migratedScratchDatabase();
  drop = database.drop;
  databaseUrl = database.url;
  const models = await fakeModels(dir);
  fake = models.fake;
  const env = {
    ARENA_MODELS_FILE: models.modelsFile,
    ARENA_DATA_DIR: dir,
    ARENA_RATE_VISITOR_PER_HOUR: "100000",
    ARENA_RATE_IP_PER_HOUR: "100000",
  };
  const [direct, next] = await Promise.all([
    startApp({ databaseUrl: database.url, env }),
    startApp({ databaseUrl: database.url, env: { ...env, ARENA_DIRECT_ROUTES: "0" } }),
  ]);
  apps.direct = direct;
  apps.next = next;
}, 300_000);

afterAll(async () => {
  await Promise.all(Object.values(apps).map((app) => app?.stop()));
  await fake?.close();
  await drop?.();
});

/**
 * Headers that differ between any two responses (time, length of a body with other ids in it), and the one that
 * differs by design: Next streams every route's body, so the compressor gzips even a 60-byte JSON answer, where a
 * body sent whole under the compressor's 1 KB threshold goes as it is (fetch undoes either).
 */
const VARYING = new Set([
  "date",
  "content-length",
  "keep-alive",
  "connection",
  "transfer-encoding",
  "etag",
  "content-encoding",
]);
/** Next's own cache keys for its page router, meaningless on an API answer */
const withoutRouterVary = (value: string) =>
  value
    .split(",")
    .map((v) => v.trim())
    .filter((v) => !/^(rsc|next-)/i.test(v))
    .join(", ");
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;

interface Seen {
  /** who answered: Next marks every route's answer with its router's Vary keys */
  via: "next" | "front door";
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

async function seen(response: Response): Promise<Seen> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (VARYING.has(name)) return;
    const kept = name === "set-cookie" ? "(set)" : name === "vary" ? withoutRouterVary(value) : value;
    if (kept) headers[name] = kept;
  });
  // an answer's timings (its `stats` after the vote) differ from one run of the same battle to the next
  const text = (await response.text())
    .replace(UUID, "<id>")
    .replace(TIME, "<time>")
    .replace(/"(firstTokenMs|totalMs)":\d+/g, '"$1":0');
  const type = response.headers.get("content-type") ?? "";
  let body: unknown = text;
  if (type.startsWith("application/json")) body = JSON.parse(text);
  if (type.startsWith("application/x-ndjson")) {
    // each side's events in order, its deltas joined (how the two sides interleave, and how text is split into
    // chunks, is timing)
    const events: Record<string, unknown[]> = {};
    const text: Record<string, string> = {};
    for (const line of (body as string).split("\n").filter(Boolean)) {
      const event = JSON.parse(line) as { type: string; side?: string; text?: string };
      const side = event.side ?? "both";
      if (event.type === "delta") text[side] = (text[side] ?? "") + event.text;
      else {
        events[side] ??= [];
        events[side].push({ ...event, ms: undefined, ttftMs: undefined, durationMs: undefined });
      }
    }
    body = { events, text };
  }
  const via = /\brsc\b/.test(response.headers.get("vary") ?? "") ? "next" : "front door";
  return { via, status: response.status, headers, body };
}

async function png() {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
}

/** A battle's opening: the prompt, `fields`, and a small picture. */
async function openingForm(fields: Record<string, string> = {}): Promise<FormData> {
  const form = new FormData();
  form.set("prompt", "What colour is this?");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.append("images", new Blob([new Uint8Array(await png())], { type: "image/png" }), "square.png");
  return form;
}

/** The same scripted visit on one instance: every answer it got, by step. */
async function visit(base: string): Promise<Record<string, Seen>> {
  const cookie = await visitorCookie(base);
  const steps: Record<string, Seen> = {};
  const post = (path: string, body: BodyInit | undefined, headers: Record<string, string> = {}) =>
    fetch(base + path, { method: "POST", body, headers: { cookie, ...headers } });
  const json = { "content-type": "application/json" };

  const form = await openingForm({ mode: "side_by_side", modelA: "fake-alpha", modelB: "fake-beta" });
  const opened = await post("/api/conversations", form);
  const openedBody = (await opened.clone().json()) as { id: string };
  steps.open = await seen(opened);
  const id = openedBody.id;

  steps.earlyVote = await seen(await post(`/api/conversations/${id}/vote`, '{"winner":"tie"}', json));
  steps.turn = await seen(await post(`/api/conversations/${id}/turn`, "{}", json));
  steps.read = await seen(await fetch(`${base}/api/conversations/${id}`, { headers: { cookie } }));
  steps.malformed = await seen(await post(`/api/conversations/${id}/vote`, "{winner", json));
  steps.wrongWinner = await seen(await post(`/api/conversations/${id}/vote`, '{"winner":"both"}', json));
  steps.nul = await seen(await post(`/api/conversations/${id}/vote`, '{"winner":"tie\\u0000"}', json));
  steps.vote = await seen(await post(`/api/conversations/${id}/vote`, '{"winner":"model_a"}', json));
  steps.sameVote = await seen(await post(`/api/conversations/${id}/vote`, '{"winner":"model_a"}', json));
  steps.otherVote = await seen(await post(`/api/conversations/${id}/vote`, '{"winner":"model_b"}', json));
  steps.unknown = await seen(
    await post("/api/conversations/00000000-0000-4000-8000-000000000000/vote", '{"winner":"tie"}', json),
  );
  steps.notAnId = await seen(await post("/api/conversations/not-an-id/vote", '{"winner":"tie"}', json));
  steps.noCookie = await seen(
    await fetch(`${base}/api/conversations/${id}/vote`, { method: "POST", body: '{"winner":"tie"}', headers: json }),
  );
  steps.badCookie = await seen(
    await fetch(`${base}/api/conversations/${id}/vote`, {
      method: "POST",
      body: '{"winner":"tie"}',
      headers: { ...json, cookie: "arena_vid=forged.signature" },
    }),
  );
  steps.notAnImage = await seen(
    await (async () => {
      const bad = new FormData();
      bad.set("prompt", "and this?");
      bad.append("images", new Blob([new TextEncoder().encode("%PDF-1.4 not an image")]), "x.png");
      return post("/api/conversations", bad);
    })(),
  );
  steps.stop = await seen(await post(`/api/conversations/${id}/stop`, undefined));
  steps.wrongMethod = await seen(await fetch(`${base}/api/conversations/${id}/vote`, { headers: { cookie } }));
  return steps;
}

/** An anonymous battle opened, answered and voted on (what a board counts). */
async function anonymousVote(base: string): Promise<void> {
  const cookie = await visitorCookie(base);
  const form = await openingForm();
  const opened = await fetch(`${base}/api/conversations`, { method: "POST", body: form, headers: { cookie } });
  expect(opened.status).toBe(201);
  const { id } = (await opened.json()) as { id: string };
  const post = (path: string, body: string) =>
    fetch(base + path, { method: "POST", body, headers: { cookie, "content-type": "application/json" } });
  await (await post(`/api/conversations/${id}/turn`, "{}")).text();
  expect((await post(`/api/conversations/${id}/vote`, '{"winner":"model_a"}')).status).toBe(201);
}

describe("the battle routes answered by the front door", () => {
  it("give the answers Next gives, for good and bad requests alike", async () => {
    const direct = await visit(apps.direct.baseURL);
    const next = await visit(apps.next.baseURL);
    expect(Object.keys(direct)).toEqual(Object.keys(next));
    for (const step of Object.keys(next)) {
      expect({ step, ...direct[step], via: undefined }).toEqual({ step, ...next[step], via: undefined });
    }
    // each instance answered as configured (a GET on the vote route is a method the route lacks: Next's)
    expect(direct.vote?.via).toBe("front door");
    expect(direct.turn?.via).toBe("front door");
    expect(next.vote?.via).toBe("next");
    expect(direct.wrongMethod?.via).toBe("next");
    // the script did reach the paths that matter
    expect(direct.open?.status).toBe(201);
    expect(direct.vote?.status).toBe(201);
    expect((direct.turn?.body as { text?: Record<string, string> } | undefined)?.text).toEqual({
      a: "Alpha sees **blue**.",
      b: "Beta sees blue.",
    });
    expect(direct.malformed?.status).toBe(400);
    expect(direct.otherVote?.status).toBe(409);
  }, 120_000);

  it("answer the leaderboard API as Next does, before a board exists and after", async () => {
    const paths = [
      "/api/leaderboard",
      "/api/leaderboard?category=overall&style=1",
      "/api/leaderboard?category=overall&style=0&format=csv",
      "/api/leaderboard?include=matrices,summary",
      "/api/leaderboard?category=nowhere",
      "/api/leaderboard?style=2",
      "/api/leaderboard?format=xml",
      "/api/leaderboard?include=everything",
      "/api/leaderboard?board=composite",
      "/api/leaderboard?board=composite&category=ocr",
      "/api/leaderboard?board=elsewhere",
    ];
    const read = async (base: string, label: string) => {
      const steps: Record<string, Seen> = {};
      for (const path of paths) steps[`${label} ${path}`] = await seen(await fetch(base + path));
      return steps;
    };
    const before = { direct: await read(apps.direct.baseURL, "before"), next: await read(apps.next.baseURL, "before") };
    // anonymous battles voted on, and a board computed from them
    for (let k = 0; k < 3; k++) await anonymousVote(apps.direct.baseURL);
    const db = createDb(databaseUrl);
    expect((await snapshotTick(db, { rounds: 10 }).finally(() => closeDb(db))).reason).toBe("recomputed");
    // past what each process keeps of "no board yet" (ARENA_LEADERBOARD_CACHE_MS, 2 s)
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const after = { direct: await read(apps.direct.baseURL, "after"), next: await read(apps.next.baseURL, "after") };
    const tag = async (base: string) => {
      const first = await fetch(`${base}/api/leaderboard?category=overall&style=0`);
      const again = await fetch(`${base}/api/leaderboard?category=overall&style=0`, {
        headers: { "if-none-match": first.headers.get("etag") ?? "" },
      });
      return { status: again.status, etag: again.headers.get("etag") === first.headers.get("etag") };
    };
    for (const phase of [before, after]) {
      for (const [step, answer] of Object.entries(phase.next)) {
        expect({ step, ...phase.direct[step], via: undefined }).toEqual({ step, ...answer, via: undefined });
      }
    }
    expect(await tag(apps.direct.baseURL)).toEqual(await tag(apps.next.baseURL));
    // each answered as configured, and the script reached a board and its refusals
    expect(after.direct["after /api/leaderboard"]?.via).toBe("front door");
    expect(after.next["after /api/leaderboard"]?.via).toBe("next");
    expect(before.direct["before /api/leaderboard"]?.status).toBe(404);
    expect(after.direct["after /api/leaderboard"]?.status).toBe(200);
    expect(after.direct["after /api/leaderboard?category=overall&style=0&format=csv"]?.headers["content-type"]).toMatch(
      /^text\/csv/,
    );
    expect(after.direct["after /api/leaderboard?style=2"]?.status).toBe(400);
  }, 120_000);

  it("close the connection after answering an upload refused before its body was in", async () => {
    for (const app of [apps.direct, apps.next]) {
      const { hostname, port } = new URL(app.baseURL);
      const cookie = await visitorCookie(app.baseURL);
      // a follow-up with images to a conversation that does not exist: refused (404) before its body is read
      const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true });
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (chunk: Buffer) => {
        answer += chunk.toString("latin1");
      });
      socket.on("error", () => undefined); // the server may reset a connection whose body it will not read
      // the server's end of the connection (its FIN), whatever this side still sends
      const ended = new Promise<number>((resolve) => {
        const sent = performance.now();
        socket.once("end", () => resolve(performance.now() - sent));
        setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000);
      });
      socket.write(
        `POST /api/conversations/${crypto.randomUUID()}/messages HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
          `Content-Length: ${8 * 1024 * 1024}\r\n\r\n--x\r\n`,
      );
      // part of the body, then nothing more: the rest would never come
      socket.write(Buffer.alloc(64 * 1024, 97));
      const endedAfterMs = await ended;
      socket.destroy();
      const head = answer.slice(0, answer.indexOf("\r\n\r\n")).toLowerCase();
      expect(head).toMatch(/^http\/1\.1 404 /);
      expect(head).toContain("connection: close");
      expect(answer).toContain("conversation_not_found");
      // ended by the server (the 10 s guard above did not run out); that it ends right after the answer rather than
      // at the idle timeout is what "connection: close" above says
      expect(Number.isFinite(endedAfterMs)).toBe(true);
      // a request whose body was read keeps its connection
      const vote = await fetch(`${app.baseURL}/api/conversations/${crypto.randomUUID()}/vote`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: '{"winner":"tie"}',
      });
      expect(vote.status).toBe(404);
      expect(vote.headers.get("connection")).not.toBe("close");
    }
  }, 60_000);
});
