// `npm run test:admission` (part of the faults layer): uploads past what the image classifier and the upload parser
// can take, on this machine only (loopback), against the production build with image safety on. One web process
// over a PostgreSQL of its own and the fake model server; its classifier warmed before it reports ready. Then a
// burst of 120 battles opened at once by 120 visitors, each with its own 1 MB picture (sent from a process of its own,
// scripts/admission-burst.ts), while five other visitors vote and read a board (one every 100 ms from 20 ms into the
// burst) and /api/health is polled (issue 41: before, everyone waited 3.3 s p50):
//   - every burst request is admitted (201) or refused at once with 503 `busy` and a Retry-After; none 5xx
//     otherwise, none hung;
//   - the refusals come back faster than the admitted battles open (refused fast, not queued);
//   - the other visitors' votes and boards each answer within 2 s (the issue's target is 200 ms, printed beside);
//     health never fails;
//   - once the burst is over, a new battle with a new picture is admitted;
//   - twelve anonymous 49-megapixel pictures to "which model for an image like mine?" at once: all but the
//     per-address cap refused before their bodies are read, health never failing.
// Prints JSON with every figure (the CPU the web process, its event loop, PostgreSQL and the load generator used during
// the burst, and during its first quarter second, among them) and "N passed, N failed" last; exits 1 when a check
// fails.
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { opening, picture } from "./admission-uploads";
import {
  type Answer,
  pollHealth,
  reportChecks,
  requester,
  startArenaRun,
  newVisitor as visitorOf,
} from "./bounded-run";
import { postmasterPid, threadCpuSeconds, treesCpuSeconds } from "./proc-cpu";

const BURST = 120;
const REQUEST_TIMEOUT_MS = 30_000;

const { database, base, cleanup, web, root } = await startArenaRun("admission", {
  env: {
    ARENA_SECRET: "admission-secret-0123456789",
    ARENA_NSFW_CHECK: "1",
    ARENA_RATE_IP_PER_HOUR: "100000",
  },
  logs: Boolean(process.env.ADMISSION_LOGS),
  deadlineMs: 180_000,
});
const call = requester(base, REQUEST_TIMEOUT_MS);
const newVisitor = () => visitorOf(base);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const checks: Record<string, boolean> = {};
const figures: Record<string, unknown> = {};

const json = (cookie: string, body: unknown): RequestInit => ({
  method: "POST",
  headers: { cookie, "content-type": "application/json" },
  body: JSON.stringify(body),
});

const percentile = (xs: number[], q: number) => {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
};
const code = (body: string) => {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

// ready means the classifier can classify: no burst request pays for loading it
const readyAt = performance.now();
for (;;) {
  const ready = await call("/api/health/ready");
  if (ready.status === 200) break;
  if (performance.now() - readyAt > 60_000) throw new Error("the web process never became ready");
  await sleep(100);
}
figures.readyAfterStartMs = Math.round(performance.now() - readyAt);

// a board to read during the burst
{
  const seeder = await newVisitor();
  const seeded = await call("/api/conversations", opening(seeder, await picture(30_000)));
  const seededId = (JSON.parse(seeded.body) as { id: string }).id;
  await call(`/api/conversations/${seededId}/turn`, json(seeder, {}));
  await call(`/api/conversations/${seededId}/vote`, json(seeder, { winner: "model_a" }));
  const { createDb, closeDb } = await import("../lib/db/context");
  const { snapshotTick } = await import("../lib/leaderboard/scheduler");
  const jobs = createDb(database.url);
  await snapshotTick(jobs, { rounds: 10 }).finally(() => closeDb(jobs));
  await sleep(2_500); // past the web process's board cache
}
// the other visitors, each with a battle answered and not yet voted on
const OTHERS = 5;
const others: { cookie: string; id: string }[] = [];
for (let k = 0; k < OTHERS; k++) {
  const cookie = await newVisitor();
  const opened = await call("/api/conversations", opening(cookie, await picture(10_000 + k)));
  const id = (JSON.parse(opened.body) as { id: string }).id;
  await call(`/api/conversations/${id}/turn`, json(cookie, {}));
  others.push({ cookie, id });
}

// the burst from a process of its own (scripts/admission-burst.ts), its visitors and pictures made before "go"
const burster = fork(new URL("./admission-burst.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
const burstReady = new Promise((resolve, reject) => {
  burster.once("message", resolve);
  burster.once("exit", (code) => reject(new Error(`the burst process ended (${code}) before it was ready`)));
});
burster.send({ base, count: BURST, timeoutMs: REQUEST_TIMEOUT_MS });
await burstReady;
const burst = new Promise<Answer[]>((resolve, reject) => {
  burster.once("message", (answers) => resolve(answers as Answer[]));
  burster.once("exit", (code) => reject(new Error(`the burst process ended (${code}) before it answered`)));
});

const polled = pollHealth(base);
// the CPU each party used while the burst was answered: the two cores are shared by the server, PostgreSQL, the load
// generator and this process, so a wait the server shows may be a turn it did not get
// (one look at /proc a sample: this process also times the other visitors meanwhile)
const postmaster = postmasterPid(path.join(root, "pg"));
const cpuNow = () => {
  const [webCpu, postgres, burst] = treesCpuSeconds([web.pid as number, postmaster, burster.pid as number]);
  return {
    at: performance.now(),
    web: webCpu as number,
    webMain: threadCpuSeconds(web.pid as number),
    postgres: postgres as number,
    burst: burst as number,
    timing: process.cpuUsage(),
  };
};
const cpuAtGo = cpuNow();
const cpuAtEnd = burst.then(cpuNow);
// the uploads' arrival apart: the first quarter second, when the slow vote (sent 120 ms in) is answered
const cpuEarly = new Promise<ReturnType<typeof cpuNow>>((resolve) => setTimeout(() => resolve(cpuNow()), 250));
burster.send("go");
// each other visitor votes and then reads a board, 20, 120, … 420 ms into the burst
const boardPaths = ["/api/leaderboard", "/api/leaderboard?category=overall&style=0"];
const otherVisits = others.map(async ({ cookie, id }, k) => {
  await sleep(20 + 100 * k);
  const vote = await call(`/api/conversations/${id}/vote`, json(cookie, { winner: "model_b" }));
  const board = await call(boardPaths[k % boardPaths.length] as string);
  return { vote, board };
});
const visited = await Promise.all(otherVisits);
const votes = visited.map((v) => v.vote);
const boards = visited.map((v) => v.board);
const answered = await burst;
const health = await polled.stop();

const busy = (a: Answer) => a.status === 503 && code(a.body) === "busy";
const admitted = answered.filter((a) => a.status === 201);
const refused = answered.filter(busy);
const retryAfter = refused.map((a) => Number(a.retryAfter));
const spread = (answers: Answer[]) => ({
  p50: percentile(
    answers.map((a) => a.ms),
    0.5,
  ),
  p99: percentile(
    answers.map((a) => a.ms),
    0.99,
  ),
});
const [admittedMs, refusedMs] = [spread(admitted), spread(refused)];
figures.burst = {
  requests: BURST,
  admitted: admitted.length,
  refused: refused.length,
  other: answered.filter((a) => a.status !== 201 && !busy(a)).map((a) => ({ status: a.status, code: code(a.body) })),
  admittedOpenMs: admittedMs,
  refusedMs,
  retryAfterSeconds: { min: Math.min(...retryAfter), max: Math.max(...retryAfter) },
};
{
  const ms = (seconds: number) => Math.round(seconds * 1000);
  const cpuSince = (at: ReturnType<typeof cpuNow>) => ({
    wallMs: Math.round(at.at - cpuAtGo.at),
    webMs: ms(at.web - cpuAtGo.web),
    // its event loop's thread alone (the rest: image and classifier threads, the garbage collector's)
    webMainThreadMs: ms(at.webMain - cpuAtGo.webMain),
    postgresMs: ms(at.postgres - cpuAtGo.postgres),
    loadGeneratorMs: ms(at.burst - cpuAtGo.burst),
  });
  const timing = process.cpuUsage(cpuAtGo.timing);
  figures.cpuDuringBurst = {
    ...cpuSince(await cpuAtEnd),
    timingProcessMs: Math.round((timing.user + timing.system) / 1000),
    cores: os.availableParallelism(),
  };
  figures.cpuDuringArrival = cpuSince(await cpuEarly);
}
figures.otherVisitors = {
  voteStatuses: votes.map((a) => a.status),
  boardStatuses: boards.map((a) => a.status),
  voteMs: votes.map((a) => Math.round(a.ms)),
  boardMs: boards.map((a) => Math.round(a.ms)),
  targetMs: 200,
};
figures.health = {
  polls: health.length,
  worstMs: percentile(
    health.map((h) => h.ms),
    1,
  ),
  failed: health.filter((h) => h.status !== 200),
};

checks["burst: every request admitted (201) or refused with 503 busy; none failed otherwise or hung"] =
  admitted.length + refused.length === BURST;
checks["burst: some admitted, the rest refused (the burst was above capacity)"] =
  admitted.length > 0 && refused.length > 0;
checks["burst: every refusal carries a Retry-After of at least 1 s"] = retryAfter.every(
  (s) => Number.isInteger(s) && s >= 1,
);
checks["burst: refused at once, faster than the admitted battles opened (p50)"] =
  (refusedMs.p50 ?? Number.POSITIVE_INFINITY) < (admittedMs.p50 ?? 0);
checks["the other visitors' votes and boards each answered within 2 s during the burst"] =
  votes.every((a) => a.status === 200 || a.status === 201) &&
  boards.every((a) => a.status === 200) &&
  Math.max(...votes.map((a) => a.ms), ...boards.map((a) => a.ms)) < 2_000;
checks["health never failed during the burst"] = health.length > 0 && health.every((h) => h.status === 200);

await sleep(Math.max(1, ...retryAfter.filter(Number.isFinite)) * 1000 + 500);
const after = await call("/api/conversations", opening(await newVisitor(), await picture(20_000)));
figures.afterBurst = { status: after.status, ms: Math.round(after.ms) };
checks["after the burst, a new battle with a new picture is admitted"] = after.status === 201;

// "which model for an image like mine?" from anonymous clients (issue 66: twelve 49-megapixel PNGs at once, no
// cookie, took health to 503 in 6.9 s): the same admission as the arena's uploads, the address standing for the
// visitor in the cap of bodies at once
{
  const huge = new Uint8Array(
    await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#7a8b9c" } })
      .png()
      .toBuffer(),
  );
  const polledLookups = pollHealth(base);
  const lookups = await Promise.all(
    Array.from({ length: 12 }, () => {
      const form = new FormData();
      form.set("prompt", "Which model reads a picture like this best?");
      form.append("images", new Blob([huge], { type: "image/png" }), "huge.png");
      return call("/api/neighbourhood", { method: "POST", body: form });
    }),
  );
  const healthDuring = await polledLookups.stop();
  const refusedAtOnce = lookups.filter((a) => a.status === 429 || busy(a));
  figures.anonymousHugeLookups = {
    pngBytes: huge.length,
    statuses: lookups.map((a) => `${a.status}${code(a.body) ? ` ${code(a.body)}` : ""}`),
    refusedMs: spread(refusedAtOnce),
    healthPolls: healthDuring.length,
    healthFailed: healthDuring.filter((h) => h.status !== 200).length,
  };
  checks["12 anonymous 49-megapixel lookups: each answered or refused (4xx, 503 busy), none 5xx otherwise or hung"] =
    lookups.every((a) => (a.status >= 200 && a.status < 500) || busy(a));
  checks["12 anonymous 49-megapixel lookups: all but the per-address cap (2) refused before their bodies were read"] =
    refusedAtOnce.length >= 10;
  checks["12 anonymous 49-megapixel lookups: health never failed meanwhile"] =
    healthDuring.length > 0 && healthDuring.every((h) => h.status === 200);
}

await reportChecks(figures, checks, cleanup);
