// The arena's web process: Next.js behind a thin front door (lib/http/front-door.mjs) that decides the client's
// address from the socket and ARENA_TRUSTED_PROXIES, refuses NUL bytes in URLs and oversized declared bodies
// before anything is read, cuts bodies that pass their ceiling as they arrive, sets the security headers, and
// gives Next's bare 405s and Node's parser errors the error shape, and compresses what it serves (brotli or gzip:
// HTML, JSON, JavaScript, CSS; never images, never a stream marked no-transform such as the answers' NDJSON); the
// leaderboard API's public answers are kept a moment and answered again without Next (lib/http/public-cache.mjs);
// the battle routes and the leaderboard API are answered by their own route modules without Next's request path
// (lib/http/direct-routes.ts, in production mode unless ARENA_DIRECT_ROUTES=0), and an upload their admission would
// refuse now is refused from its headers alone (lib/http/busy-uploads.ts).
//   node scripts/web-server.mjs start|dev [-p PORT] [-H HOST]
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import next from "next";
import { ConfigError, config, configuredOrigin } from "../lib/config/schema.mjs";
import {
  answerClientError,
  bodyCeiling,
  closeWhenAnsweredEarly,
  crossSiteAction,
  handOverFrontDoorToken,
  jsonMethodNotAllowed,
  limitBody,
  newFrontDoorToken,
  parseTrustedProxies,
  refusal,
  securityHeaders,
  sendError,
  stampClient,
  wholeFilesOnly,
} from "../lib/http/front-door.mjs";
import { publicCache } from "../lib/http/public-cache.mjs";
import { knowRoutes, metrics, observeRequest } from "../lib/metrics/registry.mjs";
import { startTracing, stopTracing, traceRequest } from "../lib/metrics/tracing.mjs";
import { guardProcess } from "../lib/process/crash-guard.mjs";
import { loadDirectRoutes } from "./build-direct-routes.mjs";

guardProcess({ name: "web" });

const [mode = "start", ...args] = process.argv.slice(2);
if (mode !== "start" && mode !== "dev") {
  console.error("usage: web-server.mjs start|dev [-p PORT] [-H HOST]");
  process.exit(2);
}
const option = (short, long) => {
  const i = args.findIndex((a) => a === short || a === long);
  return i >= 0 ? args[i + 1] : undefined;
};
let settings;
let proxies;
try {
  settings = config();
  proxies = parseTrustedProxies(settings.ARENA_TRUSTED_PROXIES);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `error: ${error.message}`);
  process.exit(1);
}
const port = Number(option("-p", "--port") ?? settings.PORT);
// the public origin when configured (ARENA_PUBLIC_URL), else decided per request (lib/http/front-door.mjs)
const origin = configuredOrigin(settings);
const hostname = option("-H", "--hostname");
const headers = Object.entries(securityHeaders(mode === "dev"));

// traces only when a collector is configured (OTEL_EXPORTER_OTLP_ENDPOINT)
if (settings.OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing(settings.OTEL_EXPORTER_OTLP_ENDPOINT);

const token = newFrontDoorToken();
handOverFrontDoorToken(token);

// brotli at quality 4 (the middleware's default): ~190 KB → ~55 KB for the arena's first view at a fraction of a
// millisecond per KB; Next flushes the compressor after each streamed chunk of a page (res.flush)
const compress = compression({ threshold: 1024 });
// the leaderboard API's public answers, for half the time each web process keeps the served snapshot (so the two
// together stay within the staleness ARENA_LEADERBOARD_CACHE_MS allows)
const cache = publicCache({ ttlMs: Math.floor(settings.ARENA_LEADERBOARD_CACHE_MS / 2) });

// A runtime without next.config.ts (the container image: scripts/runtime-files.mjs) serves the configuration it was
// built with, as Next's standalone server does: no compiler needed at start.
const builtConfig = path.join(process.cwd(), ".next", "required-server-files.json");
if (mode === "start" && !fs.existsSync(path.join(process.cwd(), "next.config.ts")) && fs.existsSync(builtConfig)) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(
    JSON.parse(fs.readFileSync(builtConfig, "utf8")).config,
  );
}
// the metrics' route labels: the build's routes only, so no address a client makes up adds a series
const routesManifest = path.join(process.cwd(), ".next", "routes-manifest.json");
if (mode === "start" && fs.existsSync(routesManifest)) {
  const publicDir = path.join(process.cwd(), "public");
  knowRoutes(
    JSON.parse(fs.readFileSync(routesManifest, "utf8")),
    fs.existsSync(publicDir) ? fs.readdirSync(publicDir) : [],
  );
}
const app = next({ dev: mode === "dev", dir: process.cwd(), port, hostname });
const handle = app.getRequestHandler();
await app.prepare();
// development serves every route through Next, so an edit shows at once
// (a build that cannot be made here, a read-only install with other sources, leaves the routes to Next: slower, same)
const direct =
  mode === "start" && settings.ARENA_DIRECT_ROUTES
    ? await loadDirectRoutes().catch((error) => {
        console.error(`[arena] direct routes unavailable, Next answers them: ${error.message.split("\n")[0]}`);
        return null;
      })
    : null;
void direct?.warmUp();

const server = http.createServer((req, res) => {
  observeRequest(req, res);
  traceRequest(req, res, () => frontDoor(req, res));
});

function frontDoor(req, res) {
  for (const [name, value] of headers) res.setHeader(name, value);
  closeWhenAnsweredEarly(req, res);
  const ceiling = bodyCeiling(req, settings);
  const refused = refusal(req, ceiling);
  if (refused) {
    // the body is never read: close the connection rather than drain it
    sendError(res, refused.status, refused.code, refused.message, { connection: "close", ...refused.headers });
    return;
  }
  // an upload its route would refuse now (the visitor's cap, the work ahead): answered from its headers alone, the
  // route's answer (closeWhenAnsweredEarly closes the connection)
  if (direct?.refuseBusyUpload(req, res)) return;
  limitBody(req, res, ceiling);
  stampClient(req, proxies, token, origin);
  const crossSite = crossSiteAction(req);
  if (crossSite) {
    sendError(res, crossSite.status, crossSite.code, crossSite.message, { connection: "close" });
    return;
  }
  wholeFilesOnly(req);
  if (cache.serve(req, res)) return;
  compress(req, res, () => {
    // patched after the compressor, so the cache sees the body before it is compressed
    cache.record(req, res);
    if (direct?.answer(req, res)) return;
    // patched after the compressor, so it sees Next's bare 405 before the compressor sends headers
    if (req.url?.startsWith("/api/")) jsonMethodNotAllowed(req, res);
    handle(req, res).catch((error) => {
      console.error("unexpected error before a route:", error instanceof Error ? error.message : error);
      if (!res.headersSent) sendError(res, 500, "internal_error", "something went wrong on our side; please try again");
      else res.destroy();
    });
  });
}
server.on("clientError", answerClientError);
if (mode === "dev") server.on("upgrade", app.getUpgradeHandler());
server.listen(port, hostname, () => {
  console.log(`[arena] web ${mode === "dev" ? "(development) " : ""}on http://${hostname ?? "localhost"}:${port}`);
});

// in a cluster (scripts/web-cluster.cjs), the primary gathers every worker's metrics for a scrape (lib/metrics)
process.on("message", (message) => {
  if (message?.type !== "arena:metrics-collect") return;
  metrics()
    .registry.getMetricsAsJSON()
    .then((json) => process.send?.({ type: "arena:metrics-part", id: message.id, json }))
    .catch(() => process.send?.({ type: "arena:metrics-part", id: message.id, json: [] }));
});

function stop() {
  void stopTracing();
  server.close();
  server.closeIdleConnections?.();
  // streams in flight get a few seconds to finish; then the process goes
  setTimeout(() => process.exit(0), 5_000).unref();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
