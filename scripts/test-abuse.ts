// `npm run test:abuse`: what one visitor can do to the arena, on this machine only (loopback), bounded in time and
// count, against the production build with a deployment's defaults (limits, pool, ceilings). One web process over
// a PostgreSQL of its own and the fake model server, started cold (its pool just opened), then:
//   1. 200 simultaneous follow-ups on one battle from one cookie, while a second visitor opens a battle, streams it,
//      votes and reads the leaderboard: each of those must answer within 2 s, and no storm request a 500 or hang;
//   2. 100 regenerations from one visitor, one after another and then 100 at once: refused past the limit, and the
//      models called no more often than the limit allows;
//   3. a 400 MB chunked body to every kind of route (JSON, Auth.js, a server action, an unknown address, uploads):
//      refused after its ceiling, the web process's memory growing less than 50 MB;
//   4. bans: a banned visitor's vote and regeneration refused; a banned image (and every battle carrying it, also
//      another visitor's) absent from the export, the research archive and share links;
//   3b. 8 concurrent 60 MB uploads of random bytes from one visitor (issue 41): refused before or at their first
//      bytes, memory growing < 100 MB, another visitor and /api/health unaffected;
//   6. 3,000 made-up addresses: the metrics exposition does not grow; headers and methods that once gave a 500
//      (Accept-Language: constructor, TRACE, a cross-site server action) answer 200, 405 and 403;
//   5. a frozen database (every PostgreSQL process stopped): health and a vote answer 503 within their bounds.
// Prints JSON with every figure and "N passed, N failed" last; exits 1 when a check fails.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { errorCode, pushBody as pushTo } from "../tests/push-body";
import {
  type Answer,
  pollHealth,
  processTree,
  reportChecks,
  requester,
  rssMeter,
  startArenaRun,
  newVisitor as visitorOf,
} from "./bounded-run";

const DEADLINE_MS = 240_000;
const SECRET = "abuse-secret-0123456789";
const METRICS_TOKEN = "abuse-metrics-token-0123456789";
const REQUEST_TIMEOUT_MS = 30_000;

// uploads: 2 images of 10 MB at most, so the upload route's ceiling (21 MB) is what this run measures against
const UPLOAD_ENV = { ARENA_MAX_IMAGES: "2", ARENA_IMAGE_MAX_MB: "10" };
const { root, database, fake, base, web, cleanup } = await startArenaRun("abuse", {
  env: { ARENA_SECRET: SECRET, ARENA_NSFW_CHECK: "0", ARENA_METRICS_TOKEN: METRICS_TOKEN, ...UPLOAD_ENV },
  logs: Boolean(process.env.ABUSE_LOGS),
  deadlineMs: DEADLINE_MS,
});
const call = requester(base, REQUEST_TIMEOUT_MS);
const newVisitor = () => visitorOf(base);

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const checks: Record<string, boolean> = {};
const figures: Record<string, unknown> = {};

// ---------------------------------------------------------------- a visitor as the page is one

let shade = 0;
async function image(bytes?: Uint8Array<ArrayBuffer>): Promise<Blob> {
  shade += 1;
  const data =
    bytes ??
    new Uint8Array(
      await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: shade, g: 80, b: 160 } } })
        .png()
        .toBuffer(),
    );
  return new Blob([data], { type: "image/png" });
}

async function openBattle(cookie: string, picture?: Blob): Promise<{ answer: Answer; id: string }> {
  const form = new FormData();
  form.set("prompt", "What is in the picture?");
  form.append("images", picture ?? (await image()), "picture.png");
  const answer = await call("/api/conversations", { method: "POST", body: form, headers: { cookie } });
  const id = answer.status === 201 ? (JSON.parse(answer.body) as { id: string }).id : "";
  return { answer, id };
}

const json = (cookie: string, body: unknown): RequestInit => ({
  method: "POST",
  headers: { cookie, "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Streams a turn to its end; `ms` is the time to the response's headers (when the answers start). */
async function turn(cookie: string, id: string, body: unknown = {}): Promise<Answer & { headersMs: number }> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/conversations/${id}/turn`, {
      ...json(cookie, body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const headersMs = performance.now() - started;
    const text = await response.text();
    const retryAfter = response.headers.get("retry-after");
    return { status: response.status, ms: performance.now() - started, headersMs, body: text, retryAfter };
  } catch {
    return { status: -1, ms: performance.now() - started, headersMs: -1, body: "", retryAfter: null };
  }
}

const vote = (cookie: string, id: string) => call(`/api/conversations/${id}/vote`, json(cookie, { winner: "model_a" }));
const statusCounts = (answers: { status: number }[]) =>
  answers.reduce<Record<string, number>>((counts, a) => {
    counts[a.status] = (counts[a.status] ?? 0) + 1;
    return counts;
  }, {});

/** A visitor's battle opened (201), its answers streamed (200), their vote taken and the board read, each within 2 s. */
function servedWithin2s(
  opened: { status: number; ms: number },
  streamed: { status: number; headersMs: number },
  voted: { status: number; ms: number },
  board: { status: number; ms: number },
): boolean {
  return (
    opened.status === 201 &&
    streamed.status === 200 &&
    (voted.status === 200 || voted.status === 201) &&
    board.status === 200 &&
    Math.max(opened.ms, streamed.headersMs, voted.ms, board.ms) < 2_000
  );
}

// ---------------------------------------------------------------- 1. the follow-up storm on a cold pool

{
  // a board to serve: one voted battle, its snapshots computed as the jobs process would
  const voter = await newVisitor();
  const seeded = await openBattle(voter);
  await turn(voter, seeded.id);
  await vote(voter, seeded.id);
  const { createDb, closeDb } = await import("../lib/db/context");
  const { snapshotTick } = await import("../lib/leaderboard/scheduler");
  const jobs = createDb(database.url);
  const tick = await snapshotTick(jobs, { rounds: 10 }).finally(() => closeDb(jobs));
  figures.seededBoard = {
    reason: tick.reason,
    snapshots: tick.result?.snapshots.length ?? 0,
    votes: tick.result?.votes,
  };
  // the vote above read the (then empty) board, which each web process keeps for ARENA_LEADERBOARD_CACHE_MS
  await sleep(2_500);

  const cookie = await newVisitor();
  const { id } = await openBattle(cookie);
  await turn(cookie, id);
  const storm = Array.from({ length: 200 }, (_, i) =>
    call(`/api/conversations/${id}/messages`, json(cookie, { prompt: `and then? (${i})` })),
  );
  await sleep(50);
  // a second visitor, meanwhile
  const other = await newVisitor();
  const opened = await openBattle(other);
  const streamed = await turn(other, opened.id);
  const voted = await vote(other, opened.id);
  const board = await call("/api/leaderboard");
  const health = await call("/api/health");
  const stormed = await Promise.all(storm);
  const slowest = Math.max(...stormed.map((a) => a.ms));
  figures.followUpStorm = {
    requests: stormed.length,
    statuses: statusCounts(stormed),
    slowestMs: Math.round(slowest),
    secondVisitor: {
      openBattleMs: Math.round(opened.answer.ms),
      answersStartMs: Math.round(streamed.headersMs),
      voteMs: Math.round(voted.ms),
      leaderboardMs: Math.round(board.ms),
      statuses: [opened.answer.status, streamed.status, voted.status, board.status],
    },
    healthDuringStorm: health.status,
  };
  checks["storm: no request failed with 5xx or hung"] = stormed.every((a) => a.status > 0 && a.status < 500);
  checks["storm: a second visitor's battle, answers, vote and leaderboard each within 2 s"] = servedWithin2s(
    opened.answer,
    streamed,
    voted,
    board,
  );
}

// ---------------------------------------------------------------- 2. regenerations

{
  const cookie = await newVisitor();
  const { id } = await openBattle(cookie);
  await turn(cookie, id);
  const callsBefore = fake.requests.length;
  const oneByOne: Answer[] = [];
  for (let i = 0; i < 100; i++) oneByOne.push(await turn(cookie, id, { regenerate: true }));
  const callsOneByOne = fake.requests.length - callsBefore;
  // another visitor, 100 at once: refused at once while one is claimed, and the battle's limit still holds
  const other = await newVisitor();
  const second = await openBattle(other);
  await turn(other, second.id);
  const callsBeforeBurst = fake.requests.length;
  const burst = await Promise.all(Array.from({ length: 100 }, () => turn(other, second.id, { regenerate: true })));
  const callsBurst = fake.requests.length - callsBeforeBurst;
  const allowedOneByOne = oneByOne.filter((a) => a.status === 200).length;
  figures.regenerations = {
    oneByOne: { statuses: statusCounts(oneByOne), modelCalls: callsOneByOne },
    atOnce: { statuses: statusCounts(burst), modelCalls: callsBurst },
  };
  checks["regenerations: refused past the battle's limit (10), each refusal a 429"] =
    allowedOneByOne === 10 && oneByOne.filter((a) => a.status === 429).length === 90;
  checks["regenerations: the models called only for the ones allowed"] =
    callsOneByOne === 2 * allowedOneByOne && callsBurst <= 2 * 10;
  checks["regenerations: none failed with 5xx or hung"] = [...oneByOne, ...burst].every(
    (a) => a.status > 0 && a.status < 500,
  );
}

// ---------------------------------------------------------------- 3. 400 MB bodies

/** Pushes up to `total` bytes chunked until the app answers, with the answer's error code. */
async function pushBody(pathname: string, contentType: string, cookie: string, total: number) {
  const pushed = await pushTo(`${base}${pathname}`, { contentType, cookie, total });
  return { ...pushed, code: errorCode(pushed.body) };
}

{
  const cookie = await newVisitor();
  const { id } = await openBattle(cookie);
  const targets: [string, string][] = [
    [`/api/conversations/${id}/messages`, "application/json"],
    ["/api/auth/callback/credentials", "application/x-www-form-urlencoded"],
    ["/signin", "application/x-www-form-urlencoded"],
    ["/api/no-such-route", "application/json"],
    ["/api/conversations", "multipart/form-data; boundary=x"],
  ];
  const pid = web.pid as number;
  const results: Record<string, unknown> = {};
  let worst = 0;
  for (const [pathname, type] of targets) {
    await sleep(300);
    const memory = rssMeter(pid);
    const pushed = await pushBody(pathname, type, cookie, 400 * 1024 * 1024);
    const growthMb = memory.stop();
    worst = Math.max(worst, growthMb);
    results[pathname.replace(id, ":id")] = {
      status: pushed.status,
      code: pushed.code,
      sentMb: Math.round(pushed.written / 1048576),
      rssGrowthMb: Math.round(growthMb * 10) / 10,
    };
    // a route that reads its body must refuse it at the ceiling; one that does not read it (a page, a 404) may
    // answer at once: either way nothing past the ceiling is taken in
    const reads = !["/signin", "/api/no-such-route"].includes(pathname);
    const answered = reads
      ? pushed.status === 413 && pushed.code === "body_too_large"
      : pushed.status > 0 && pushed.status < 500;
    const what = reads ? "413 after its ceiling" : "answered unread";
    checks[`400 MB body to ${pathname.replace(id, ":id")}: ${what}, memory +${Math.round(growthMb)} MB < 50`] =
      answered && pushed.written < 64 * 1048576 && growthMb < 50;
  }
  figures.bodies = { ...results, uploadCeilingMb: 21, worstRssGrowthMb: Math.round(worst * 10) / 10 };
  const alive = await call("/api/health");
  checks["the web process still answers after the bodies"] = alive.status === 200;
}

// ---------------------------------------------------------------- 3b. eight 60 MB uploads at once from one visitor

{
  // issue 41: one visitor sends 8 multipart bodies of 60 MB of random bytes as `images` at once, to a follow-up of
  // a battle that does not exist and to a new battle, while another visitor opens a battle, votes and reads the board
  // and /api/health is polled. Before: every body read whole before any check (~3.5× the body in memory each),
  // votes 5.8 s, one health 503. Now: refused before or at the first bytes, the others unaffected.
  const cookie = await newVisitor();
  const other = await newVisitor();
  const pid = web.pid as number;
  await sleep(300);
  const memory = rssMeter(pid);
  const polled = pollHealth(base);
  const boundary = "----abuse60";
  const prefix = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const upload = (pathname: string) =>
    pushTo(`${base}${pathname}`, {
      contentType: `multipart/form-data; boundary=${boundary}`,
      cookie,
      total: 60 * 1048576,
      prefix,
      random: true,
    }).then((pushed) => ({ ...pushed, code: errorCode(pushed.body) }));
  const started = performance.now();
  const uploads = [
    ...Array.from({ length: 8 }, () => upload(`/api/conversations/${crypto.randomUUID()}/messages`)),
    ...Array.from({ length: 8 }, () => upload("/api/conversations")),
  ];
  await sleep(50);
  const opened = await openBattle(other);
  const streamed = await turn(other, opened.id);
  const voted = await vote(other, opened.id);
  const board = await call("/api/leaderboard");
  const refused = await Promise.all(uploads);
  const allAnsweredMs = performance.now() - started;
  const health = await polled.stop();
  const growthMb = memory.stop();
  figures.bigUploads = {
    requests: refused.length,
    statuses: statusCounts(refused),
    codes: refused.reduce<Record<string, number>>((counts, r) => {
      counts[r.code ?? "none"] = (counts[r.code ?? "none"] ?? 0) + 1;
      return counts;
    }, {}),
    sentMbMax: Math.round(Math.max(...refused.map((r) => r.written)) / 1048576),
    allAnsweredMs: Math.round(allAnsweredMs),
    rssGrowthMb: Math.round(growthMb * 10) / 10,
    otherVisitor: {
      openBattleMs: Math.round(opened.answer.ms),
      voteMs: Math.round(voted.ms),
      leaderboardMs: Math.round(board.ms),
      statuses: [opened.answer.status, streamed.status, voted.status, board.status],
    },
    health: {
      polls: health.length,
      worstMs: Math.round(Math.max(...health.map((h) => h.ms))),
      statuses: statusCounts(health),
    },
  };
  checks["60 MB uploads: every one refused with a 4xx (none read whole, none 5xx or hung)"] = refused.every(
    (r) => r.status >= 400 && r.status < 500,
  );
  checks[`60 MB uploads: the web process grew ${Math.round(growthMb)} MB < 100 MB for 16 bodies of 60 MB`] =
    growthMb < 100;
  checks["60 MB uploads: another visitor's battle, answers, vote and board each within 2 s"] = servedWithin2s(
    opened.answer,
    streamed,
    voted,
    board,
  );
  checks["60 MB uploads: health never failed meanwhile"] = health.length > 0 && health.every((h) => h.status === 200);
}

// ---------------------------------------------------------------- 4. bans

{
  const { createDb, closeDb } = await import("../lib/db/context");
  const { banVisitor } = await import("../lib/integrity");
  const { reviewFlag } = await import("../lib/admin/moderation");
  const { createApiToken } = await import("../lib/auth/api-tokens");
  const db = createDb(database.url);
  try {
    // a banned visitor: its vote and its regeneration are refused
    const banned = await newVisitor();
    const battle = await openBattle(banned);
    await turn(banned, battle.id);
    const owner = await db.prisma.conversation.findUniqueOrThrow({ where: { id: battle.id } });
    await banVisitor(db, owner.visitorId as string, "abuse run");
    const refusedVote = await vote(banned, battle.id);
    const refusedRegenerate = await turn(banned, battle.id, { regenerate: true });
    const storedVotes = await db.prisma.vote.count({ where: { conversationId: battle.id } });
    checks["ban: the banned visitor's vote is refused (403) and not stored"] =
      refusedVote.status === 403 && storedVotes === 0;
    checks["ban: the banned visitor's regeneration is refused (403)"] = refusedRegenerate.status === 403;

    // a banned image: uploaded by one visitor, used again by another; both battles voted
    const bytes = new Uint8Array(
      await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c01070" } })
        .png()
        .toBuffer(),
    );
    const first = await newVisitor();
    const second = await newVisitor();
    const mine = await openBattle(first, await image(bytes));
    const theirs = await openBattle(second, await image(bytes));
    for (const [cookie, id] of [
      [first, mine.id],
      [second, theirs.id],
    ] as const) {
      await turn(cookie, id);
      await vote(cookie, id);
    }
    const sha = (await db.prisma.messageImage.findFirstOrThrow({ where: { message: { conversationId: mine.id } } }))
      .imageSha256;
    const researcher = await db.prisma.user.create({ data: { email: "researcher@abuse.test", role: "researcher" } });
    const { token } = await createApiToken(db, researcher.id, "abuse run");
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const exported = async () => (await call("/api/export", auth)).body;
    const archived = async () => {
      const response = await fetch(`${base}/api/research/archive`, auth);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      return Object.entries(files).map(([name, data]) => [name, Buffer.from(data).toString("latin1")] as const);
    };
    const mentions = (files: (readonly [string, string])[]) =>
      files.filter(([name, text]) => name.includes(sha) || text.includes(sha)).map(([name]) => name);
    const shareBefore = await call(`/api/conversations/${theirs.id}`, {}).then(() =>
      fetch(`${base}/share/${theirs.id}`).then((r) => r.status),
    );
    const exportBefore = (await exported()).includes(sha);
    const archiveBefore = mentions(await archived()).length;
    const flag = await db.prisma.moderationFlag.create({
      data: { conversationId: mine.id, imageSha256: sha, source: "abuse-run", reason: "reported" },
    });
    await reviewFlag(db, flag.id, "ban", "abuse-run");
    const exportAfter = (await exported()).includes(sha);
    const archiveAfter = mentions(await archived());
    const shareAfter = await fetch(`${base}/share/${theirs.id}`).then((r) => r.status);
    figures.bans = {
      vote: refusedVote.status,
      regenerate: refusedRegenerate.status,
      image: { exportBefore, exportAfter, archiveFilesBefore: archiveBefore, archiveFilesAfter: archiveAfter.length },
      shareLinkOfAnotherVisitorsBattle: { before: shareBefore, after: shareAfter },
    };
    checks["ban: the banned image was exported before the ban (the check can fail)"] =
      exportBefore && archiveBefore > 0 && shareBefore === 200;
    checks["ban: the banned image and every battle carrying it are gone from the export and the archive"] =
      !exportAfter && archiveAfter.length === 0;
    checks["ban: another visitor's share link carrying the banned image is gone"] = shareAfter === 404;
  } finally {
    await closeDb(db);
  }
}

// ---------------------------------------------------------------- 6. made-up addresses, methods and headers

{
  // every distinct unknown address once added metric series (20,000 requests: a scrape 217 KB → 11.5 MB)
  const scrape = async () => {
    const answer = await call("/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    return answer.status === 200 ? answer.body : "";
  };
  const made = (i: number): [string, RequestInit] => {
    const id = crypto.randomUUID();
    const kinds: [string, RequestInit][] = [
      [`/probe-${i}-${id.slice(0, 8)}`, {}],
      [`/api/probe/${i}/${id}`, {}],
      [
        `/api/conversations/${id}/vote`,
        { method: "POST", body: "{}", headers: { "content-type": "application/json" } },
      ],
      [`/models/probe-${i}`, {}],
      [`/api/leaderboard?category=probe-${i}`, {}],
      [`/api/probe-${i}`, { method: "DELETE" }],
    ];
    return kinds[i % kinds.length] as [string, RequestInit];
  };
  // warm every kind of answer once, so the series the checked run may legitimately add exist before the first scrape
  for (let i = 0; i < 12; i++) await call(...made(i));
  const before = await scrape();
  const ADDRESSES = 3_000;
  let served = 0;
  for (let i = 0; i < ADDRESSES; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, (_, k) => call(...made(i + k))));
    served += batch.filter((a) => a.status > 0 && a.status < 500).length;
  }
  const after = await scrape();
  const unmatched = (after.match(/route="unmatched"/g) ?? []).length;
  figures.madeUpAddresses = {
    requests: ADDRESSES,
    answeredBelow500: served,
    exposition: { beforeBytes: before.length, afterBytes: after.length },
    unmatchedSeries: unmatched,
  };
  checks["3,000 made-up addresses: each answered, none 5xx or hung"] = served === ADDRESSES;
  checks["3,000 made-up addresses: the metrics exposition grew by less than 4 KB"] =
    before.length > 0 && after.length - before.length < 4_096;
  checks["3,000 made-up addresses: no address of theirs in a route label"] = !/route="[^"]*probe/.test(after);

  // headers and methods that once made a page or a route answer 500
  const pages = await Promise.all(
    ["constructor", "__proto__", "toString"].map((language) => call("/", { headers: { "accept-language": language } })),
  );
  checks["Accept-Language: constructor, __proto__ or toString: the page answers 200 (in English)"] = pages.every(
    (a) => a.status === 200 && a.body.includes('lang="en"'),
  );
  // fetch refuses to send TRACE itself (as Next's Request did, with a 500): a plain HTTP request
  const trace = (pathname: string) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const req = http.request(`${base}${pathname}`, { method: "TRACE" }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", () => resolve({ status: 0, body: "" }));
      req.end();
    });
  const traced = await Promise.all(["/api/health", "/api/leaderboard", "/"].map(trace));
  figures.trace = traced.map((a) => a.status);
  checks["TRACE on a route or a page: 405 in the error shape, not 500"] = traced.every(
    (a) => a.status === 405 && errorCode(a.body) === "method_not_allowed",
  );
  const action = await call("/", {
    method: "POST",
    headers: {
      "next-action": "7f0000000000000000000000000000000000000000",
      origin: "http://evil.example",
      "content-type": "text/plain",
    },
    body: "[]",
  });
  figures.crossSiteAction = action.status;
  checks["a server action posted from another site: 403, not 500"] = action.status === 403;
}

// ---------------------------------------------------------------- 5. a frozen database

{
  // every PostgreSQL process stopped (SIGSTOP): connections stay open and nothing answers, which PostgreSQL's own
  // timeouts cannot see; the web process must still answer, 503, within its bounds
  const cookie = await newVisitor();
  const { id } = await openBattle(cookie);
  await turn(cookie, id);
  const postmaster = Number(fs.readFileSync(path.join(root, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
  const frozen = [...processTree(postmaster)];
  for (const pid of frozen) process.kill(pid, "SIGSTOP");
  let health: Answer;
  let voted: Answer;
  try {
    [health, voted] = await Promise.all([call("/api/health"), vote(cookie, id)]);
  } finally {
    for (const pid of frozen) process.kill(pid, "SIGCONT");
  }
  const after = await vote(cookie, id);
  figures.frozenDatabase = {
    processes: frozen.length,
    health: { status: health.status, ms: Math.round(health.ms), code: errorCode(health.body) },
    vote: { status: voted.status, ms: Math.round(voted.ms), code: errorCode(voted.body) },
    voteAfterThaw: after.status,
  };
  checks["frozen database: health answers 503 database_slow within 5 s"] =
    health.status === 503 && errorCode(health.body) === "database_slow" && health.ms < 5_000;
  checks["frozen database: a vote answers 503 (not a hang) within the read bound, and works after the thaw"] =
    voted.status === 503 && voted.ms < REQUEST_TIMEOUT_MS && (after.status === 201 || after.status === 200);
}

await reportChecks(figures, checks, cleanup);
