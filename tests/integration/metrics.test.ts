// GET /api/metrics on a production instance of two web processes (as `npm start` runs them): behind its bearer
// token, summed over both processes, and the counters move with a battle and a vote that went through HTTP. The
// same instance sends OpenTelemetry traces to a collector (a small OTLP/HTTP receiver here): the battle's answer
// request is one trace, with a span per model's answer and the database's queries inside it.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeModelServer } from "../../e2e/fake-models/server";
import { freePort } from "../../lib/db/free-port";
import { httpBattle } from "../support/http-battle";
import { type AppInstance, fakeModels, startApp, tempDir, visitorCookie } from "./app-server";
import { migratedScratchDatabase } from "./db-admin";

const TOKEN = "metrics-token-0123456789abcdef";
const dir = tempDir("arena-metrics-");
let fake: FakeModelServer;
let drop: () => Promise<void>;
let app: AppInstance;
let collector: http.Server;

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
const spans: ReceivedSpan[] = [];
const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

beforeAll(async () => {
  const database = await migratedScratchDatabase();
  drop = database.drop;
  const models = await fakeModels(dir);
  fake = models.fake;
  // an OpenTelemetry collector as far as the exporter can tell: POST /v1/traces, OTLP JSON
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw;
      if (req.url === "/v1/traces") {
        const data = JSON.parse(body.toString("utf8")) as {
          resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
        };
        for (const resource of data.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  const collectorPort = await freePort();
  await new Promise<void>((resolve) => collector.listen(collectorPort, "127.0.0.1", resolve));
  app = await startApp({
    databaseUrl: database.url,
    workers: 2,
    env: {
      ARENA_MODELS_FILE: models.modelsFile,
      ARENA_DATA_DIR: dir,
      ARENA_METRICS_TOKEN: TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_BSP_SCHEDULE_DELAY: "200",
      ARENA_RATE_VISITOR_PER_HOUR: "100000",
      // one counted vote a day per visitor: a second is kept but not counted (daily_cap)
      ARENA_DAILY_COUNTED_VOTES: "1",
      ARENA_RATE_IP_PER_HOUR: "100000",
    },
  });
}, 300_000);

afterAll(async () => {
  await app?.stop();
  collector?.close();
  await fake?.close();
  await drop?.();
});

/** The sum of a metric's samples whose labels include `labels` (Prometheus text exposition). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(match[3]);
  }
  return total;
}

const scrape = async () => {
  const response = await fetch(`${app.baseURL}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
};

describe("metrics and traces", () => {
  it("refuses a scrape without the token, or with another", async () => {
    const none = await fetch(`${app.baseURL}/api/metrics`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: "metrics_token_required" } });
    const wrong = await fetch(`${app.baseURL}/api/metrics`, { headers: { authorization: "Bearer not-the-token" } });
    expect(wrong.status).toBe(401);
  });

  it("moves the battle, answer, vote and request counters after a battle and a vote, summed over both processes", async () => {
    const before = await scrape();
    const cookie = await visitorCookie(app.baseURL);
    await httpBattle({ open: app.baseURL, cookie });

    // several scrapes: each reaches one of the two processes, and each answer is the sum over both
    for (let i = 0; i < 4; i++) {
      const after = await scrape();
      const moved = (name: string, labels: Record<string, string> = {}) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(moved("arena_battles_opened_total", { mode: "battle" })).toBe(2); // one per side's model
      expect(moved("arena_answers_total", { outcome: "finished", error: "none" })).toBe(2);
      expect(moved("arena_answer_first_token_seconds_count", { model: "fake-alpha" })).toBe(1);
      expect(moved("arena_answer_duration_seconds_count", { model: "fake-beta" })).toBe(1);
      expect(moved("arena_votes_total", { result: "counted", reason: "none" })).toBe(1);
      expect(moved("arena_votes_total", { result: "excluded", reason: "daily_cap" })).toBe(0);
      expect(moved("arena_http_requests_total", { route: "/api/conversations", method: "POST", status: "201" })).toBe(
        1,
      );
      // the route as the build names it, never an id of the address
      expect(moved("arena_http_requests_total", { route: "/api/conversations/[id]/vote", status: "201" })).toBe(1);
      // the database's figures and each process's pool
      expect(sample(after, "arena_db_pool_connections", { state: "max" })).toBeGreaterThan(0);
      expect(after).toMatch(/^arena_leaderboard_votes_since_snapshot \d+/m);
      expect(after).toContain("# TYPE arena_jobs_queue_depth gauge");
      expect(after).toContain("process_cpu_seconds_total");
    }

    // the answer request as one trace: the request's span, both models' answers inside it, the database inside too
    await expect
      .poll(() => spans.filter((s) => s.name === "model.answer").length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    const request = spans.find((s) => s.name === "POST /api/conversations/[id]/turn");
    expect(request).toBeDefined();
    const answers = spans.filter((s) => s.name === "model.answer" && s.traceId === request?.traceId);
    expect(answers.map((s) => attribute(s, "arena.model")).sort()).toEqual(["fake-alpha", "fake-beta"]);
    // inside the request's trace (same trace id), never roots of their own
    expect(answers.every((s) => Boolean(s.parentSpanId) && s.parentSpanId !== s.spanId)).toBe(true);
    expect(answers.every((s) => attribute(s, "arena.finish_reason") === "stop")).toBe(true);
    const queries = spans.filter((s) => s.name === "pg.query" && s.traceId === request?.traceId);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((s) => /"ResponseMeta"/.test(String(attribute(s, "db.query.text"))))).toBe(true);

    // the same visitor's second vote of the day is kept but not counted: excluded for the daily cap
    const beforeCap = await scrape();
    await httpBattle({ open: app.baseURL, cookie });
    const afterCap = await scrape();
    expect(
      sample(afterCap, "arena_votes_total", { result: "excluded", reason: "daily_cap" }) -
        sample(beforeCap, "arena_votes_total", { result: "excluded", reason: "daily_cap" }),
    ).toBe(1);
  });
});
