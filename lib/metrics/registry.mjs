// The arena's Prometheus metrics: one registry per process, kept on globalThis because this process loads the
// arena's code more than once (Next's server bundle, the direct battle routes' bundle, the front door itself) and
// a counter must count in one place. Plain ESM so the front door, which starts before any TypeScript loader, uses it.
// Names follow Prometheus' conventions (unit suffixes, _total for counters); labels stay of bounded cardinality
// (model ids are the operator's, routes are patterns, error kinds a fixed list).
import client from "prom-client";

const KEY = Symbol.for("vision-arena.metrics");
const SECONDS_FAST = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SECONDS_MODEL = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120];

/**
 * A metric of `kind` in `registers`, declared in one line: name, help, labels and (histograms) buckets.
 * @param {"Counter" | "Gauge" | "Histogram"} kind
 * @param {client.Registry[]} registers
 * @param {string} name
 * @param {string} help
 * @param {string[]} [labelNames]
 * @param {object} [extra] buckets, collect()
 */
export function declare(kind, registers, name, help, labelNames = [], extra = {}) {
  return new client[kind]({ name, help, labelNames, registers, ...extra });
}

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = (name, help, labels) => declare("Counter", registers, name, help, labels);
  const histogram = (name, help, labels, buckets) => declare("Histogram", registers, name, help, labels, { buckets });
  return {
    registry,
    httpRequests: counter("arena_http_requests_total", "HTTP requests answered, by route pattern, method and status", [
      "route",
      "method",
      "status",
    ]),
    httpSeconds: histogram(
      "arena_http_request_duration_seconds",
      "time from request to the end of the answer (streams included), by route pattern",
      ["route"],
      SECONDS_FAST,
    ),
    battlesOpened: counter(
      "arena_battles_opened_total",
      "conversations opened, by mode (battle, direct) and model (each side counts for its model)",
      ["mode", "model"],
    ),
    answers: counter(
      "arena_answers_total",
      "model answers ended, by model, outcome (finished, stopped, failed) and error kind (none when not failed)",
      ["model", "outcome", "error"],
    ),
    firstToken: histogram(
      "arena_answer_first_token_seconds",
      "time to the first visible token of an answer, by model",
      ["model"],
      SECONDS_MODEL,
    ),
    answerSeconds: histogram(
      "arena_answer_duration_seconds",
      "time from request to the answer's end (finished or failed), by model",
      ["model"],
      SECONDS_MODEL,
    ),
    votes: counter(
      "arena_votes_total",
      "votes recorded: counted, or excluded with each reason (identity_leak, demo, named_models, daily_cap; a vote may have several)",
      ["result", "reason"],
    ),
    imageVerdicts: counter(
      "arena_image_safety_verdicts_total",
      "uploaded images checked, by verdict (clear, flagged) and the check that decided",
      ["verdict", "source"],
    ),
    imageWait: histogram(
      "arena_image_safety_queue_wait_seconds",
      "how long an image waited for a classifier thread",
      [],
      SECONDS_FAST,
    ),
    imageQueue: declare(
      "Gauge",
      registers,
      "arena_image_safety_queue_length",
      "images waiting for a classifier thread in this process",
    ),
    pool: declare(
      "Gauge",
      registers,
      "arena_db_pool_connections",
      "this process's database connections, by state (total, idle, waiting requests, max)",
      ["state"],
      {
        collect() {
          const pool = globalThis.arenaPool;
          if (!pool) return;
          this.set({ state: "total" }, pool.totalCount);
          this.set({ state: "idle" }, pool.idleCount);
          this.set({ state: "waiting" }, pool.waitingCount);
          this.set({ state: "max" }, pool.options?.max ?? 10);
        },
      },
    ),
  };
}

/** This process's metrics (created on first use). */
export function metrics() {
  globalThis[KEY] ??= create();
  return globalThis[KEY];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPAQUE = /^(?:\d+|[0-9a-f]{16,}|[A-Za-z0-9_-]{24,})$/;
/** Without the build's route list (development), at most this many shapes get a series of their own. */
const MAX_GUESSED_ROUTES = 100;

/** @type {{ exact: Map<string, string>, dynamic: [RegExp, string][], publicTops: Set<string> } | null} */
let knownRoutes = null;
/** @type {Set<string>} */
const guessed = new Set();

/**
 * The build's routes (Next's .next/routes-manifest.json) and the public folder's top-level names: from then on a
 * request is labelled with its route's pattern (`/api/conversations/[id]/vote`) or `unmatched`, never with
 * anything taken from the address itself, so no sequence of requests can add a series.
 * @param {{ staticRoutes?: { page: string }[], dynamicRoutes?: { page: string, regex: string }[] }} manifest
 * @param {string[]} publicNames
 */
export function knowRoutes(manifest, publicNames = []) {
  knownRoutes = {
    exact: new Map((manifest.staticRoutes ?? []).map((r) => [r.page, r.page])),
    dynamic: (manifest.dynamicRoutes ?? []).map((r) => [new RegExp(r.regex), r.page]),
    publicTops: new Set(publicNames),
  };
}

/**
 * A request's route as a label of bounded cardinality: the build's route pattern, `/_next/*` for the build's
 * assets, `/public/*` for the public folder's files, and `unmatched` for everything else (an answer of 404 always).
 * @param {string | undefined} url
 * @param {number} status
 */
export function routePattern(url, status) {
  if (status === 404) return "unmatched";
  const pathname = (url ?? "/").split("?")[0] ?? "/";
  if (pathname.startsWith("/_next/")) return "/_next/*";
  if (knownRoutes) {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const exact = knownRoutes.exact.get(trimmed);
    if (exact) return exact;
    for (const [regex, page] of knownRoutes.dynamic) if (regex.test(pathname)) return page;
    if (knownRoutes.publicTops.has(trimmed.split("/")[1] ?? "")) return "/public/*";
    return "unmatched";
  }
  const parts = pathname.split("/").filter(Boolean).slice(0, 6);
  const shape = `/${parts.map((part) => (UUID.test(part) || OPAQUE.test(part) ? ":id" : part)).join("/")}`;
  if (guessed.has(shape)) return shape;
  if (guessed.size >= MAX_GUESSED_ROUTES) return "unmatched";
  guessed.add(shape);
  return shape;
}

/** @type {Map<string, Set<string>>} */
const seenValues = new Map();
/**
 * A label value from a set that only staff can grow (models, error codes), capped all the same: past `max`
 * distinct values a metric's label reads `other`.
 * @param {string} label
 * @param {string} value
 * @param {number} [max]
 */
export function boundedLabel(label, value, max = 200) {
  const seen = seenValues.get(label) ?? new Set();
  seenValues.set(label, seen);
  if (seen.has(value)) return value;
  if (seen.size >= max) return "other";
  seen.add(value);
  return value;
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
