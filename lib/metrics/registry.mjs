// The arena's Prometheus metrics: one registry per process, kept on globalThis because this process loads the
// arena's code more than once (Next's server bundle, the direct battle routes' bundle, the front door itself) and
// a counter must count in one place. Plain ESM so the front door, which starts before any TypeScript loader, uses it.
// Names follow Prometheus' conventions (unit suffixes, _total for counters); labels stay of bounded cardinality
// (model ids are the operator's, routes are patterns, error kinds a fixed list).
import client from "prom-client";

const KEY = Symbol.for("vision-arena.metrics");
const SECONDS_FAST = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SECONDS_MODEL = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120];

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new client.Counter({
      name: "arena_http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpSeconds: new client.Histogram({
      name: "arena_http_request_duration_seconds",
      help: "time from request to the end of the answer (streams included), by route pattern",
      labelNames: ["route"],
      buckets: SECONDS_FAST,
      registers,
    }),
    battlesOpened: new client.Counter({
      name: "arena_battles_opened_total",
      help: "conversations opened, by mode (battle, direct) and model (each side counts for its model)",
      labelNames: ["mode", "model"],
      registers,
    }),
    answers: new client.Counter({
      name: "arena_answers_total",
      help: "model answers ended, by model, outcome (finished, stopped, failed) and error kind (none when not failed)",
      labelNames: ["model", "outcome", "error"],
      registers,
    }),
    firstToken: new client.Histogram({
      name: "arena_answer_first_token_seconds",
      help: "time to the first visible token of an answer, by model",
      labelNames: ["model"],
      buckets: SECONDS_MODEL,
      registers,
    }),
    answerSeconds: new client.Histogram({
      name: "arena_answer_duration_seconds",
      help: "time from request to the answer's end (finished or failed), by model",
      labelNames: ["model"],
      buckets: SECONDS_MODEL,
      registers,
    }),
    votes: new client.Counter({
      name: "arena_votes_total",
      help: "votes recorded: counted, or excluded with each reason (identity_leak, demo, named_models, daily_cap; a vote may have several)",
      labelNames: ["result", "reason"],
      registers,
    }),
    imageVerdicts: new client.Counter({
      name: "arena_image_safety_verdicts_total",
      help: "uploaded images checked, by verdict (clear, flagged) and the check that decided",
      labelNames: ["verdict", "source"],
      registers,
    }),
    imageWait: new client.Histogram({
      name: "arena_image_safety_queue_wait_seconds",
      help: "how long an image waited for a classifier thread",
      buckets: SECONDS_FAST,
      registers,
    }),
    imageQueue: new client.Gauge({
      name: "arena_image_safety_queue_length",
      help: "images waiting for a classifier thread in this process",
      registers,
    }),
    pool: new client.Gauge({
      name: "arena_db_pool_connections",
      help: "this process's database connections, by state (total, idle, waiting requests, max)",
      labelNames: ["state"],
      registers,
      collect() {
        const pool = globalThis.arenaPool;
        if (!pool) return;
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
        this.set({ state: "max" }, pool.options?.max ?? 10);
      },
    }),
  };
}

/** This process's metrics (created on first use). */
export function metrics() {
  globalThis[KEY] ??= create();
  return globalThis[KEY];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPAQUE = /^(?:\d+|[0-9a-f]{16,}|[A-Za-z0-9_-]{24,})$/;

/**
 * A request's route as a pattern of bounded cardinality: ids become `:id`, static assets one label, and an
 * answer of 404 (an unknown address) `unmatched`, so scanners cannot grow the series.
 */
export function routePattern(url, status) {
  if (status === 404) return "unmatched";
  const pathname = (url ?? "/").split("?")[0] ?? "/";
  if (pathname.startsWith("/_next/")) return "/_next/*";
  const parts = pathname.split("/").filter(Boolean).slice(0, 6);
  return `/${parts.map((part) => (UUID.test(part) || OPAQUE.test(part) ? ":id" : part)).join("/")}`;
}

/** Counts a request and times it when its answer ends (the front door calls this for every request). */
export function observeRequest(req, res) {
  const started = process.hrtime.bigint();
  res.once("close", () => {
    const route = routePattern(req.url, res.statusCode);
    const m = metrics();
    m.httpRequests.inc({ route, method: req.method ?? "GET", status: String(res.statusCode) });
    m.httpSeconds.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

export { client };
