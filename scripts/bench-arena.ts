// npm run bench:arena: N concurrent battles (N = 1, 25, 100 in flight, each visitor running battles back to
// back) through the production server against the fake model server at a fixed token pace, and the same load
// through a minimal Node proxy that only pipes the fake server's stream (the floor). Then votes per second through
// the API. Battles run twice: with the defaults a deployment has (image safety on: the local NSFW classifier) and
// with ARENA_NSFW_CHECK=0; every battle sends a picture of its own, so no verdict is reused. Prints JSON.
//   BENCH_VOTES_ONLY=1 skips the battles; BENCH_TOKENS=N streams N tokens an answer (default 150: runs with few
//   and many tokens tell the cost of a battle from the cost of a chunk). BENCH_PROFILE_DIR=DIR writes CPU profiles
//   of the app server there (DIR/safety-on, DIR/safety-off; the relay phases' clock windows in
//   DIR/safety-off/relay-windows.json) and prints where the web processes' CPU went while relaying with image
//   safety off, per 1,000 relayed chunks and by part of the code (relayCpuSplit; scripts/cpu-profile-split.ts; the
//   samples of the relay phases only). Each level opens its battles first and then relays them (the open phase
//   priced apart); BENCH_INTERLEAVED=1 opens each just before its answers, as a visitor does.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createPrisma } from "../lib/db/client";
import { freePort, portInUse } from "../lib/db/free-port";
import { signValue } from "../lib/security";
import { benchWorkspace, startBenchServer } from "./bench-server";
import { cpuProfileSplit, profileClockUs } from "./cpu-profile-split";
import { postmasterPid, treeCpuSeconds } from "./proc-cpu";

const SECRET = "bench-secret-0123456789";
/** tokens each answer streams (BENCH_TOKENS: more of them separate the cost per chunk from the cost per battle) */
const TOKENS = Number(process.env.BENCH_TOKENS) || 150;
/** battles each virtual visitor runs back to back */
const BATTLES_PER_WORKER = 3;
const TOKEN_DELAY_MS = 10;
const LEVELS = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0).length
  ? process.argv.slice(2).map(Number)
  : [1, 25, 100];
const VOTES = 3000;
const VOTE_CONCURRENCY = 50;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const ms = (v: number) => Number(v.toFixed(1));
const summary = (values: number[]) => ({ p50: ms(quantile(values, 0.5)), p99: ms(quantile(values, 0.99)) });

const { dir, database } = await benchWorkspace("arena");
const reply = Array.from({ length: TOKENS }, (_, i) => `word${i}`).join(" ");
// Every party in its own process, as in production: the load (this process), the model provider, the app or
// the floor proxy, PostgreSQL.
const fakePort = await freePort();
const fakeConfig = path.join(dir, "fake.json");
fs.writeFileSync(
  fakeConfig,
  JSON.stringify({
    models: { "bench-a": { reply, tokenDelayMs: TOKEN_DELAY_MS }, "bench-b": { reply, tokenDelayMs: TOKEN_DELAY_MS } },
  }),
);
const fakeProcess = spawn(
  process.execPath,
  ["--import", "tsx", "e2e/fake-models/cli.ts", "--port", String(fakePort), "--config", fakeConfig],
  {
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const fake = { baseURL: `http://127.0.0.1:${fakePort}/v1` };
const modelsFile = path.join(dir, "models.json");
fs.writeFileSync(
  modelsFile,
  JSON.stringify({
    providers: { fake: { type: "openai-compatible", baseURL: fake.baseURL } },
    models: [
      { id: "bench-a", provider: "fake", model: "bench-a", displayName: "Bench A", vision: true },
      { id: "bench-b", provider: "fake", model: "bench-b", displayName: "Bench B", vision: true },
    ],
  }),
);
// BENCH_PROFILE_DIR=/tmp/prof writes CPU profiles of the web processes there
const profileDirOf = (imageSafety: boolean) =>
  process.env.BENCH_PROFILE_DIR
    ? path.join(process.env.BENCH_PROFILE_DIR, imageSafety ? "safety-on" : "safety-off")
    : undefined;
const startApp = (imageSafety: boolean) =>
  startBenchServer(
    {
      DATABASE_URL: database.url,
      ARENA_MODELS_FILE: modelsFile,
      ARENA_DATA_DIR: dir,
      ARENA_SECRET: SECRET,
      ARENA_RATE_VISITOR_PER_HOUR: "1000000",
      ARENA_RATE_IP_PER_HOUR: "1000000",
      ARENA_RATE_MODEL_PER_HOUR: "1000000",
      ARENA_NSFW_CHECK: imageSafety ? "1" : "0",
    },
    { profileDir: profileDirOf(imageSafety) },
  );
let server = await startApp(true);
let base = server.base;
const { webWorkers } = server;

// The floor: a proxy that only pipes the fake server's stream, in a process of its own like the app.
const proxyPort = await freePort();
const proxyProcess = spawn(
  process.execPath,
  [
    "-e",
    `const http = require("node:http");
     const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
     http.createServer((req, res) => {
       const upstream = http.request(process.env.UPSTREAM, { method: "POST", agent, headers: { "Content-Type": "application/json" } }, (up) => {
         res.writeHead(up.statusCode || 502, up.headers);
         up.pipe(res);
       });
       req.pipe(upstream);
     }).listen(Number(process.env.PORT), "127.0.0.1");`,
  ],
  {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, UPSTREAM: `${fake.baseURL}/chat/completions`, PORT: String(proxyPort) },
  },
);
const proxyUrl = `http://127.0.0.1:${proxyPort}`;
for (const p of [fakePort, proxyPort]) {
  for (let i = 0; !(await portInUse(p)); i++) {
    if (i > 200) throw new Error(`nothing listens on port ${p}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const prisma = createPrisma(database.url);
async function visitors(n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const v = await prisma.visitor.create({ data: { termsAcceptedAt: new Date() } });
    cookies.push(`arena_vid=${encodeURIComponent(signValue(v.id, SECRET))}`);
  }
  return cookies;
}

/** Reads a streamed body, returning the time of the first byte of content and of the end. */
async function timeStream(response: Response, started: number, firstMarker: string) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let first = Number.NaN;
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(first) && text.includes(firstMarker)) first = performance.now() - started;
  }
  return { first, total: performance.now() - started, text };
}

// battles start from an image (the arena ranks vision): a picture of its own for every battle (a colour and a
// stripe no other has), so the classifier's verdict cache never answers for it
let pictures = 0;
async function picture(): Promise<Blob> {
  const k = pictures++;
  const stripe = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect x="${k % 80}" width="16" height="96" fill="#fff"/></svg>`,
  );
  const png = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: k % 256, g: (k >> 8) % 256, b: 128 } },
  })
    .composite([{ input: stripe }])
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

/** Opens refused as busy (503) and tried again after their Retry-After, in the current level. */
let openRefusals = 0;
/** the most times one open is tried: a refusal says "busy", and a visitor's browser tries again */
const OPEN_ATTEMPTS = 20;

/**
 * Opens a battle with a new picture; `openMs` is the accepted POST's time (the image checks run inside it). A
 * burst of uploads above what the server admits is refused at once with 503 + Retry-After (issue 41's admission):
 * tried again after the time it names, as a browser does, and counted.
 */
async function openBattle(cookie: string) {
  for (let attempt = 1; ; attempt++) {
    const form = new FormData();
    form.set("prompt", "Describe the picture");
    form.append("images", await picture(), "picture.png");
    const started = performance.now();
    const created = await fetch(`${base}/api/conversations`, { method: "POST", body: form, headers: { cookie } });
    if (created.status === 503 && attempt < OPEN_ATTEMPTS) {
      await created.arrayBuffer();
      openRefusals++;
      await sleep(Number(created.headers.get("retry-after") ?? 1) * 1000 * (0.5 + Math.random()));
      continue;
    }
    if (created.status !== 201) throw new Error(`open ${created.status}`);
    const { id } = (await created.json()) as { id: string };
    return { id, cookie, openMs: performance.now() - started };
  }
}

/** Streams the answers of an opened battle: the part measured against the floor. */
async function appBattle({ id, cookie, openMs }: { id: string; cookie: string; openMs: number }) {
  const started = performance.now();
  const response = await fetch(`${base}/api/conversations/${id}/turn`, {
    method: "POST",
    body: "{}",
    headers: { cookie, "Content-Type": "application/json" },
  });
  const headersMs = performance.now() - started;
  const timing = await timeStream(response, started, '"type":"delta"');
  if (!timing.text.includes('"type":"end"') || timing.text.includes('"type":"error"')) {
    const said = /"type":"error"[^\n]*"message":"([^"]*)"/.exec(timing.text)?.[1];
    throw new Error(`stream failed: ${said ?? "no end event"}`);
  }
  return { ...timing, headersMs, openMs, id, cookie };
}

async function floorBattle() {
  const started = performance.now();
  const one = async () => {
    const response = await fetch(`${proxyUrl}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({
        model: "bench-a",
        stream: true,
        messages: [{ role: "user", content: "Describe the picture" }],
      }),
    });
    return timeStream(response, started, '"content":"word');
  };
  const [a, b] = await Promise.all([one(), one()]);
  return { first: Math.min(a.first, b.first), total: Math.max(a.total, b.total) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const answerMs = TOKENS * TOKEN_DELAY_MS;

/**
 * N virtual visitors, each running battles back to back after a random start within one answer's time: N battles
 * in flight at any moment, arriving as a steady stream rather than all in the same millisecond.
 */
async function steady<T>(n: number, battle: (worker: number, k: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  await Promise.all(
    Array.from({ length: n }, async (_, worker) => {
      await sleep(Math.random() * answerMs);
      for (let k = 0; k < BATTLES_PER_WORKER; k++) results.push(await battle(worker, k));
    }),
  );
  return results;
}

const round3 = (v: number) => Number(v.toFixed(3));
const pgPid = postmasterPid(database.dataDir);
/** CPU seconds spent by the web processes, PostgreSQL and the floor proxy from now until the returned call. */
function cpuMeter() {
  const read = () => ({
    web: treeCpuSeconds(server.pid),
    postgres: treeCpuSeconds(pgPid),
    floor: treeCpuSeconds(proxyProcess.pid as number),
  });
  const start = read();
  return () => {
    const end = read();
    return { web: end.web - start.web, postgres: end.postgres - start.postgres, floor: end.floor - start.floor };
  };
}

// Warm up (JIT, connection pools, tokenizer, the classifier's threads), so the figures are a busy server's.
async function warmUp() {
  const warm = await visitors(20);
  await steady(20, (w) => openBattle(warm[w] as string).then(appBattle));
  await steady(20, () => floorBattle());
}

/** When the relay phases ran, on the CPU profiles' clock: the relay's split counts only their samples. */
const relayWindows: [number, number][] = [];

/**
 * Each level in two phases, so the relay's cost per chunk is the relay's (the issue measures per-image work
 * apart): first every battle is opened (the upload, its checks, the conversation's rows), N at a time as a
 * steady stream; then the opened battles' answers are streamed, N in flight. The open phase has its own CPU and
 * latency figures. BENCH_INTERLEAVED=1 opens each battle just before its answers instead (as a visitor does: the
 * relay then shares the cores with uploads), for the first-token figure under both kinds of work.
 */
async function measureBattles() {
  const interleaved = process.env.BENCH_INTERLEAVED === "1";
  const results = [];
  for (const n of process.env.BENCH_VOTES_ONLY ? [] : LEVELS) {
    const cookies = await visitors(n);
    const errors: string[] = [];
    openRefusals = 0;
    const failed = (e: Error) => {
      errors.push(e.message);
      return null;
    };
    const openCpu = cpuMeter();
    const opened = interleaved
      ? []
      : await steady(n, (w, k) => openBattle(cookies[w] as string).then((b) => ({ ...b, w, k }), failed));
    const openSpent = openCpu();
    const byWorker = new Map(opened.flatMap((b) => (b ? [[`${b.w}/${b.k}`, b] as const] : [])));
    const relayStarted = profileClockUs();
    const appCpu = cpuMeter();
    const app = (
      await steady(n, async (w, k) => {
        const battle = interleaved ? await openBattle(cookies[w] as string).catch(failed) : byWorker.get(`${w}/${k}`);
        return battle ? appBattle(battle).catch(failed) : null;
      })
    ).filter((r): r is Awaited<ReturnType<typeof appBattle>> => r !== null);
    const appSpent = appCpu();
    relayWindows.push([relayStarted, profileClockUs()]);
    const floorCpu = cpuMeter();
    const floor = await steady(n, () => floorBattle());
    const floorSpent = floorCpu();
    // each battle relays two answers of TOKENS chunks, through the app and through the floor alike
    const appChunks = (app.length * 2 * TOKENS) / 1000;
    const floorChunks = (floor.length * 2 * TOKENS) / 1000;
    const appFirst = app.map((r) => r.first);
    const floorFirst = floor.map((r) => r.first);
    const openedCount = opened.filter(Boolean).length;
    results.push({
      concurrentBattles: n,
      battlesMeasured: app.length,
      phases: interleaved ? "each battle opened just before its answers" : "all opened first, then relayed",
      app: {
        openMs: summary(app.map((r) => r.openMs)),
        headersMs: summary(app.map((r) => r.headersMs)),
        firstTokenMs: summary(appFirst),
        totalMs: summary(app.map((r) => r.total)),
      },
      floor: { firstTokenMs: summary(floorFirst), totalMs: summary(floor.map((r) => r.total)) },
      overheadFirstTokenMs: {
        p50: ms(quantile(appFirst, 0.5) - quantile(floorFirst, 0.5)),
        p99: ms(quantile(appFirst, 0.99) - quantile(floorFirst, 0.99)),
      },
      errors: errors.length,
      openRefusedBusy: openRefusals,
      // what went wrong, once each, so a run with errors says why
      ...(errors.length ? { errorKinds: [...new Set(errors)].slice(0, 5) } : {}),
      // the open phase's own cost (upload, image checks, rows), per battle opened
      ...(openedCount
        ? {
            openCpuMsPerBattle: {
              web: Number(((openSpent.web * 1000) / openedCount).toFixed(1)),
              postgres: Number(((openSpent.postgres * 1000) / openedCount).toFixed(1)),
            },
          }
        : {}),
      cpuSecondsPer1000Chunks: {
        app: round3(appSpent.web / appChunks),
        postgres: round3(appSpent.postgres / appChunks),
        floor: round3(floorSpent.floor / floorChunks),
        appOverFloor: round3(appSpent.web / appChunks / (floorSpent.floor / floorChunks)),
      },
      // the same CPU per battle relayed (two answers of TOKENS chunks each)
      cpuMsPerBattle: {
        app: Number(((appSpent.web * 1000) / Math.max(1, app.length)).toFixed(2)),
        postgres: Number(((appSpent.postgres * 1000) / Math.max(1, app.length)).toFixed(2)),
        floor: Number(((floorSpent.floor * 1000) / Math.max(1, floor.length)).toFixed(2)),
      },
    });
  }
  return results;
}

await warmUp();
const imageSafetyOn = await measureBattles();

// Votes: battles with finished answers, voted through the API.
async function answeredBattles(count: number) {
  const battles: { id: string; cookie: string }[] = [];
  const models = ["bench-a", "bench-b"];
  for (const cookie of await visitors(count)) {
    const visitorId = decodeURIComponent(cookie.split("=")[1] as string).split(".")[0] as string;
    const conversation = await prisma.conversation.create({
      data: {
        mode: "battle",
        visitorId,
        modelAId: models[0] as string,
        modelBId: models[1] as string,
        turnCount: 1,
        messages: {
          create: (["a", "b"] as const).flatMap((side) => [
            { side, turn: 1, role: "user" as const, content: "q" },
            {
              side,
              turn: 1,
              role: "assistant" as const,
              content: "an answer",
              response: { create: { modelId: side === "a" ? "bench-a" : "bench-b", finishReason: "stop" } },
            },
          ]),
        },
      },
    });
    battles.push({ id: conversation.id, cookie });
  }
  return battles;
}

// node:http with kept-alive connections: fetch (undici) spent ~1 ms of this process's CPU a request (6× more),
// taken from the same two cores the server and PostgreSQL are measured on
const voteAgent = new http.Agent({ keepAlive: true, maxSockets: VOTE_CONCURRENCY });
function postVote(battle: { id: string; cookie: string }): Promise<number> {
  const body = JSON.stringify({ winner: "model_a" });
  const url = new URL(`${base}/api/conversations/${battle.id}/vote`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: voteAgent,
        headers: { cookie: battle.cookie, "content-type": "application/json", "content-length": body.length },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Votes on every battle, VOTE_CONCURRENCY at a time; returns the latencies and the count of failures. */
async function voteOn(battles: { id: string; cookie: string }[]) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: VOTE_CONCURRENCY }, async () => {
      while (next < battles.length) {
        const battle = battles[next++] as { id: string; cookie: string };
        const t = performance.now();
        const status = await postVote(battle);
        latencies.push(performance.now() - t);
        if (status !== 201) errors++;
      }
    }),
  );
  return { latencies, errors };
}

// warm the vote route first (its code loads on first use), as the battles were warmed above
await voteOn(await answeredBattles(200));
const battles = await answeredBattles(VOTES);
const voteStarted = performance.now();
const voteCpu = cpuMeter();
const loadCpu = process.cpuUsage();
const { latencies, errors: voteErrors } = await voteOn(battles);
const voteSpent = voteCpu();
const loadSpent = process.cpuUsage(loadCpu);
const voteSeconds = (performance.now() - voteStarted) / 1000;
await server.stop();

// the same battles with the image checks off, on a server of their own
let imageSafetyOff: Awaited<ReturnType<typeof measureBattles>> = [];
if (!process.env.BENCH_VOTES_ONLY) {
  server = await startApp(false);
  base = server.base;
  await warmUp();
  imageSafetyOff = await measureBattles();
  await server.stop();
}
// where the relay's CPU went with image safety off, per 1,000 chunks relayed in that run
const offDir = profileDirOf(false);
let relayCpuSplit: Record<string, unknown> | undefined;
if (offDir && fs.existsSync(offDir) && imageSafetyOff.length) {
  const chunks = imageSafetyOff.reduce((sum, level) => sum + level.battlesMeasured * 2 * TOKENS, 0);
  // the relay phases' windows beside the profiles, for a closer look at them afterwards
  fs.writeFileSync(path.join(offDir, "relay-windows.json"), JSON.stringify(relayWindows.slice(-LEVELS.length)));
  const { totalMs, parts, hottest } = cpuProfileSplit(offDir, relayWindows);
  const per1000 = (msTotal: number) => Number(((msTotal * 1000) / chunks).toFixed(1));
  relayCpuSplit = {
    chunks,
    msPer1000Chunks: per1000(totalMs),
    byPart: Object.fromEntries(Object.entries(parts).map(([part, msPart]) => [part, per1000(msPart)])),
    // self time, per 1,000 chunks: what inside the parts is hot
    hottestFunctions: Object.fromEntries(Object.entries(hottest).map(([name, msSelf]) => [name, per1000(msSelf)])),
  };
}

console.log(
  JSON.stringify(
    {
      machine: { cpus: os.availableParallelism(), node: process.version },
      webWorkers,
      fakeModel: { tokens: TOKENS, tokenDelayMs: TOKEN_DELAY_MS },
      targets: {
        overheadFirstTokenP50Ms: 20,
        overheadFirstTokenP99Ms: 150,
        atConcurrentBattles: 100,
        votesPerSecond: 800,
        webCpuMsPerVote: 1.2,
        appCpuPerChunkOverFloor: 2,
        withImageSafety: true,
      },
      battles: { imageSafetyOn, imageSafetyOff },
      ...(relayCpuSplit ? { relayCpuSplit } : {}),
      votes: {
        count: VOTES,
        concurrency: VOTE_CONCURRENCY,
        perSecond: Number((VOTES / voteSeconds).toFixed(1)),
        latencyMs: summary(latencies),
        errors: voteErrors,
        cpuMsPerVote: {
          web: Number(((voteSpent.web * 1000) / VOTES).toFixed(2)),
          postgres: Number(((voteSpent.postgres * 1000) / VOTES).toFixed(2)),
          loadGenerator: Number(((loadSpent.user + loadSpent.system) / 1000 / VOTES).toFixed(2)),
        },
        directRoutes: process.env.ARENA_DIRECT_ROUTES !== "0",
      },
    },
    null,
    2,
  ),
);

await prisma.$disconnect();
proxyProcess.kill();
fakeProcess.kill();
await database.stop();
fs.rmSync(dir, { recursive: true, force: true });
