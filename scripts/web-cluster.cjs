// Runs the web server (scripts/web-server.mjs: Next.js behind the front door) in several processes sharing one
// port (Node's cluster module), so the web tier uses more than one core. Each worker is a stateless instance like
// those behind a load balancer: everything they share lives in PostgreSQL and the image store. A worker that dies
// is replaced.
//   node scripts/web-cluster.cjs WORKERS [-p PORT] [-H HOST]
const cluster = require("node:cluster");
const path = require("node:path");

const workers = Math.max(1, Number(process.argv[2]) || 1);
const args = ["start", ...process.argv.slice(3)];
cluster.setupPrimary({ exec: path.join(__dirname, "web-server.mjs"), args });

let stopping = false;
const recentDeaths = [];
for (let i = 0; i < workers; i++) cluster.fork();
cluster.on("exit", (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers).length === 0) process.exit(0);
    return;
  }
  const now = Date.now();
  recentDeaths.push(now);
  while (recentDeaths.length && recentDeaths[0] < now - 60_000) recentDeaths.shift();
  if (recentDeaths.length > workers * 3) {
    console.error(`[arena] web workers keep dying (last: code ${code}, signal ${signal}); giving up`);
    process.exit(1);
  }
  console.error(`[arena] web worker ${worker.process.pid} exited (code ${code}, signal ${signal}); starting another`);
  cluster.fork();
});
// A scrape of GET /api/metrics reaches one worker, which asks here: every worker's registry, summed (lib/metrics).
const { AggregatorRegistry } = require("prom-client");
const asks = new Map();
cluster.on("message", (worker, message) => {
  if (message?.type === "arena:metrics-ask") {
    const live = Object.values(cluster.workers).filter((w) => w?.isConnected());
    const ask = { worker, parts: [], expected: live.length, timer: null };
    const id = message.id;
    asks.set(id, ask);
    ask.timer = setTimeout(() => answer(id), 2_000); // a busy worker is left out rather than waited for
    for (const w of live) w.send({ type: "arena:metrics-collect", id });
  } else if (message?.type === "arena:metrics-part") {
    const ask = asks.get(message.id);
    if (!ask) return;
    ask.parts.push(message.json);
    if (ask.parts.length >= ask.expected) answer(message.id);
  }
});
function answer(id) {
  const ask = asks.get(id);
  if (!ask) return;
  asks.delete(id);
  clearTimeout(ask.timer);
  AggregatorRegistry.aggregate(ask.parts)
    .metrics()
    .then((text) => ask.worker.isConnected() && ask.worker.send({ type: "arena:metrics-answer", id, text }))
    .catch(() => undefined);
}

function stop() {
  if (stopping) return;
  stopping = true;
  for (const worker of Object.values(cluster.workers)) worker?.process.kill("SIGTERM");
  setTimeout(() => process.exit(0), 10_000).unref();
}
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, stop);
// stop with the launcher even when it was killed without the chance to stop us
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(), 2000).unref();
