// npm run bench:leaderboard [-- VOTES]: seeds a throw-away PostgreSQL with synthetic battles and votes (1M by
// default: 60 models with true strengths, style counts, languages, category labels, some repeated prompts), times a
// full recompute of every snapshot (each category, with and without style control, 100 bootstrap rounds), then
// measures requests per second and latency of GET /api/leaderboard and of the /leaderboard page on the production
// server (`npm run build` first). Prints JSON; progress goes to stderr.
//   BENCH_LB_DURATION_S (default 10) per measured route; BENCH_LB_CONCURRENCY (default 32);
//   BENCH_EXPORT_HEAP_MB caps the export's V8 heap (shows that its memory does not grow with the data).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { listModelsForAdmin } from "../lib/admin/models";
import { createApiToken, ensureResearcher } from "../lib/auth/api-tokens";
import { progressBar } from "../lib/cli/progress";
import { createDb } from "../lib/db/context";
import { startTemporaryPostgres } from "../lib/db/embedded";
import { applyMigrations } from "../lib/db/migrate";
import { sql } from "../lib/db/sql";
import { flaggedVotersCached } from "../lib/integrity/review";
import { LiveBattleCache } from "../lib/leaderboard/live-cache";
import { publishedSeconds, recomputeSnapshots } from "../lib/leaderboard/recompute";
import { seedBenchVotes } from "./bench-seed";
import { startBenchServer } from "./bench-server";
import { postmasterPid, treeCpuSeconds } from "./proc-cpu";

const VOTES = Number(process.argv[2] ?? 1_000_000);
const MODELS = 60;
const DURATION_S = Number(process.env.BENCH_LB_DURATION_S ?? 10);
const CONCURRENCY = Number(process.env.BENCH_LB_CONCURRENCY ?? 32);

if (!fs.existsSync(".next/BUILD_ID")) {
  console.error("bench:leaderboard measures the production server: run `npm run build` first");
  process.exit(1);
}
const say = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

const database = await startTemporaryPostgres("arena-bench-lb-");
await applyMigrations(database.url);
const db = createDb(database.url);

// ---------------------------------------------------------------- seeding
const seedStarted = performance.now();
const bar = progressBar("seeding votes");
await seedBenchVotes(db, VOTES, { models: MODELS, onProgress: (d, t) => bar.update(d, t) });
bar.done();
const seedSeconds = seconds(performance.now() - seedStarted);
say(`seeded ${VOTES} votes in ${seedSeconds} s`);

// ---------------------------------------------------------------- recompute
const splitOf = (split: Record<string, number>) =>
  Object.fromEntries(Object.entries(split).map(([part, s]) => [part, Number(s.toFixed(2))]));
const recomputeBar = progressBar("recompute");
const recomputeStarted = performance.now();
const cpuBefore = process.cpuUsage();
// the votes kept between runs, as the jobs process keeps them
const liveCache = new LiveBattleCache();
const recompute = await recomputeSnapshots(db, { liveCache, onProgress: (d, t) => recomputeBar.update(d, t) });
recomputeBar.done();
const recomputeSeconds = seconds(performance.now() - recomputeStarted);
const recomputeCpu = process.cpuUsage(cpuBefore);
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
say(`recomputed ${recompute.snapshots.length} snapshots in ${recomputeSeconds} s`);
// the scheduler's next run when nothing changed in between: the votes of the last minute read again, every board
// copied from its snapshot; and the same without the kept votes (a one-off `arena snapshot`: every vote read)
const againStarted = performance.now();
const again = await recomputeSnapshots(db, { liveCache });
const againSeconds = seconds(performance.now() - againStarted);
say(
  `recomputed again (nothing new): ${again.read.mode} read (${again.read.votesRead} votes read, ${again.read.changed} changed), ${again.reused.length} of ${again.snapshots.length} boards reused in ${againSeconds} s (${JSON.stringify(splitOf(again.split))})`,
);
const uncachedStarted = performance.now();
const uncached = await recomputeSnapshots(db);
const uncachedSeconds = seconds(performance.now() - uncachedStarted);
say(`recomputed again without the kept votes: ${uncachedSeconds} s`);

// ---------------------------------------------------------------- the admin console's heavier reads
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { ms: Math.round(performance.now() - started), result };
};
const modelsPage = await timed(() => listModelsForAdmin(db));
const integrityPage = await timed(() => flaggedVotersCached(db));
const integrityAgain = await timed(() => flaggedVotersCached(db));
const console_ = {
  modelListMs: modelsPage.ms,
  // FastChat's sequential test over every counted vote, as /admin/integrity runs it
  flaggedVotersMs: integrityPage.ms,
  flaggedVoters: integrityPage.result.length,
  // the same page again, nothing changed: the version check only
  flaggedVotersCachedMs: integrityAgain.ms,
  rssAfterMb: Math.round(process.memoryUsage().rss / 1e6),
};
say(`console: model list ${console_.modelListMs} ms, flagged voters ${console_.flaggedVotersMs} ms`);

// ---------------------------------------------------------------- serving
// let PostgreSQL write out what seeding and recomputing dirtied before measuring requests
await db.pool.query(sql`CHECKPOINT`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-lb-data-"));
const server = await startBenchServer({
  DATABASE_URL: database.url,
  ARENA_DATA_DIR: dataDir,
  ARENA_SECRET: "bench-secret-0123456789",
});
const { base, webWorkers } = server;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** CONCURRENCY clients requesting `url` back to back for `durationS` seconds. */
async function load(url: string, durationS: number, headers: Record<string, string> = {}) {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const until = performance.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const response = await fetch(url, { headers });
          const body = await response.arrayBuffer();
          bytes += body.byteLength;
          if (response.status !== 200 && response.status !== 304) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return {
    requests: latencies.length,
    perSecond: Number((latencies.length / durationS).toFixed(1)),
    latencyMs: {
      p50: Number(quantile(latencies, 0.5).toFixed(1)),
      p99: Number(quantile(latencies, 0.99).toFixed(1)),
    },
    bytesPerResponse: Math.round(bytes / Math.max(1, latencies.length)),
    errors,
  };
}

/** Open loop: `perSecond` requests a second whatever the answers do, latency from when each was due. */
async function rate(url: string, perSecond: number, durationS: number) {
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(perSecond * durationS);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      fetch(url)
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status !== 200) errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          latencies.push(performance.now() - due);
        }),
    );
  }
  await Promise.all(pending);
  return {
    perSecond,
    requests: total,
    latencyMs: {
      p50: Number(quantile(latencies, 0.5).toFixed(1)),
      p99: Number(quantile(latencies, 0.99).toFixed(1)),
    },
    errors,
  };
}

const apiUrl = `${base}/api/leaderboard?category=overall&style=0`;
await load(apiUrl, 2); // warm up: JIT, pools, the built body
say("measuring the API");
const apiAt500 = await rate(apiUrl, 500, DURATION_S);
const api = await load(apiUrl, DURATION_S);
const etag = (await fetch(apiUrl)).headers.get("etag") ?? "";
const apiNotModified = await load(apiUrl, Math.max(2, DURATION_S / 2), { "If-None-Match": etag });
const apiStyle = await load(`${base}/api/leaderboard?category=ocr&style=1`, Math.max(2, DURATION_S / 2));
say("measuring the page");
await load(`${base}/leaderboard`, 2);
const page = await load(`${base}/leaderboard`, DURATION_S);
const pageWeight = await firstViewWeight(`${base}/leaderboard`);
const overallId = (
  await db.prisma.leaderboardSnapshot.findFirstOrThrow({
    where: { source: "live", category: "overall", styleControl: false },
    orderBy: { createdAt: "desc" },
  })
).id;
const chartsUrl = `${base}/api/leaderboard/charts?snapshot=${overallId}&summary=${overallId}`;
const charts = await load(chartsUrl, Math.max(2, DURATION_S / 2));
const chartsBody = Buffer.from(await (await fetch(chartsUrl)).arrayBuffer());
say(`page: ${JSON.stringify(pageWeight)}`);

/**
 * What a first visit downloads, as a proxy would send it gzip-compressed (the app leaves compression to the proxy,
 * next.config.ts): the HTML document (with its inline RSC payload) and every script and stylesheet it names, the
 * visitor's message catalogue among them.
 */
async function firstViewWeight(url: string) {
  const gzip = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 6 }).length;
  const html = Buffer.from(await (await fetch(url)).arrayBuffer());
  const assets = [
    ...new Set(
      [...html.toString().matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css)|\/api\/i18n\/[^"]+)"/g)].map(
        (m) => m[1],
      ),
    ),
  ];
  let assetBytes = 0;
  let assetGzip = 0;
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer());
    assetBytes += body.length;
    assetGzip += gzip(body);
  }
  const kb = (n: number) => Number((n / 1024).toFixed(1));
  return {
    documentKb: kb(html.length),
    documentGzipKb: kb(gzip(html)),
    assets: assets.length,
    assetsKb: kb(assetBytes),
    assetsGzipKb: kb(assetGzip),
    // the target: at most 250 KB compressed for the first view
    firstViewGzipKb: kb(gzip(html) + assetGzip),
  };
}

// ---------------------------------------------------------------- the research download, over HTTP
say("downloading the research archive");
const researcher = await ensureResearcher(db, "bench@arena.test");
const { token } = await createApiToken(db, researcher.id, "bench");
const archiveStarted = performance.now();
const archiveResponse = await fetch(`${base}/api/research/archive`, { headers: { Authorization: `Bearer ${token}` } });
let firstByteMs = Number.NaN;
let archiveBytes = 0;
const archiveReader = (archiveResponse.body as ReadableStream<Uint8Array>).getReader();
for (;;) {
  const { done, value } = await archiveReader.read();
  if (done) break;
  if (archiveBytes === 0) firstByteMs = performance.now() - archiveStarted;
  archiveBytes += value.length;
}
const archive = {
  status: archiveResponse.status,
  // the JSON Lines stream into the zip from the first batch on: the download starts at once
  firstByteMs: Math.round(firstByteMs),
  seconds: seconds(performance.now() - archiveStarted),
  mb: Math.round(archiveBytes / 1e6),
};
say(`archive: first byte ${archive.firstByteMs} ms, ${archive.mb} MB in ${archive.seconds} s`);

// ---------------------------------------------------------------- export (its own process: its own memory)
const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-lb-export-"));
say("exporting");
const exportStarted = performance.now();
// PostgreSQL's CPU over the export, beside the export process's own: the two share the machine's cores, so the
// cost per battle says more than the wall clock on a machine others share
const postgres = postmasterPid(database.dataDir);
const postgresCpuBefore = treeCpuSeconds(postgres);
const exported = await new Promise<string>((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_EXPORT_HEAP_MB ? [`--max-old-space-size=${process.env.BENCH_EXPORT_HEAP_MB}`] : []),
      "bin/arena.mjs",
      "export",
      "--out",
      exportDir,
      "--no-images",
      "--zip",
      `${exportDir}.zip`,
    ],
    {
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`arena export exited with ${code}`))));
});
const postgresCpu = treeCpuSeconds(postgres) - postgresCpuBefore;
const exportCpu = Number(/CPU ([\d.]+) s\)/.exec(exported)?.[1] ?? Number.NaN);
const exportedBattles = Number(/^(\d+) battles/m.exec(exported)?.[1] ?? Number.NaN);
const exportResult = {
  seconds: seconds(performance.now() - exportStarted),
  battles: exportedBattles,
  // CPU per battle exported, microseconds: the export process's (not its zip's), PostgreSQL's
  cpuUsPerBattle: {
    export: Math.round((exportCpu * 1e6) / exportedBattles),
    postgres: Math.round((postgresCpu * 1e6) / exportedBattles),
  },
  peakRssMb: Number(/peak memory (\d+) MB/.exec(exported)?.[1] ?? Number.NaN),
  jsonlMb: Math.round(fs.statSync(path.join(exportDir, "battles.jsonl")).size / 1e6),
  parquetMb: Math.round(fs.statSync(path.join(exportDir, "battles.parquet")).size / 1e6),
  // the research page's archive: the same folder packed as a streamed zip
  zipSeconds: Number(/zip .*: \d+ MB in ([\d.]+) s/.exec(exported)?.[1] ?? Number.NaN),
  zipMb: Math.round(fs.statSync(`${exportDir}.zip`).size / 1e6),
  zipPeakRssMb: Number(/zip .*peak memory (\d+) MB/.exec(exported)?.[1] ?? Number.NaN),
  // where the export's wall time went (ExportSplit), seconds
  split: Object.fromEntries(
    [.../(\w+) ([\d.]+) s/g[Symbol.matchAll](/^time: (.*)$/m.exec(exported)?.[1] ?? "")].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  ),
};
fs.rmSync(exportDir, { recursive: true, force: true });
fs.rmSync(`${exportDir}.zip`, { force: true });

console.log(
  JSON.stringify(
    {
      machine: { cpus: os.availableParallelism(), node: process.version },
      votes: VOTES,
      models: MODELS,
      webWorkers,
      concurrency: CONCURRENCY,
      targets: {
        apiPerSecond: 500,
        apiP99Ms: 50,
        // issue 41: every board cold at 1M published in 20 s (their fragility is written in after), the research
        // export of 1M battles in 45 s
        publishedSeconds: VOTES >= 1_000_000 ? 20 : 8,
        exportSeconds: VOTES >= 1_000_000 ? 45 : undefined,
        recomputePeakRssMb: 1200,
        recomputeUnchangedSeconds: 2,
        pageP50Ms: 200,
        firstViewGzipKb: 250,
      },
      // apiAt500PerSecond: the target, 500 requests a second arriving on schedule; apiClosedLoop: CONCURRENCY
      // clients back to back, the most the server gives (its latency is then mostly queueing)
      seedSeconds,
      // every board fitted (no stored snapshot to reuse); split: wall seconds of each part; boardSeconds: the worker
      // threads' seconds on each kind of board (they run side by side)
      // publishedSeconds: until every board was written (readers see them); seconds: until their fragility was too
      recompute: {
        publishedSeconds: seconds(1000 * publishedSeconds(recompute.split)),
        seconds: recomputeSeconds,
        snapshots: recompute.snapshots.length,
        cpuSeconds: seconds((recomputeCpu.user + recomputeCpu.system) / 1000),
        peakRssMb,
        split: splitOf(recompute.split),
        boardSeconds: splitOf(recompute.boardSeconds),
      },
      recomputeUnchanged: {
        seconds: againSeconds,
        read: again.read,
        reused: again.reused.length,
        snapshots: again.snapshots.length,
        split: splitOf(again.split),
        withoutKeptVotes: { seconds: uncachedSeconds, split: splitOf(uncached.split) },
      },
      export: exportResult,
      archive,
      console: console_,
      apiAt500PerSecond: apiAt500,
      apiClosedLoop: api,
      apiNotModified,
      apiCategoryStyle: apiStyle,
      page,
      pageWeight,
      // the charts' data, fetched by the page when the reader scrolls near them
      chartsApi: {
        ...charts,
        kb: Number((chartsBody.length / 1024).toFixed(1)),
        gzipKb: Number((zlib.gzipSync(chartsBody).length / 1024).toFixed(1)),
      },
    },
    null,
    2,
  ),
);

await server.stop();
await db.pool.end();
await db.prisma.$disconnect();
await database.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
