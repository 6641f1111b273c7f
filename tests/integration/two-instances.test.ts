// Two instances for real (issue 11): two `npm start`-like servers on their own ports and data folders (no shared
// disk), over one PostgreSQL and one S3-compatible server (s3rver), behind a small round-robin proxy. A battle
// started on one continues on the other, limits and caps hold across both, images uploaded through one are
// served by the other, and two jobs workers run one snapshot at a time.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FakeModelServer } from "../../e2e/fake-models/server";
import { applyMigrations } from "../../lib/db/migrate";
import { startS3 } from "../support/s3";
import { type AppInstance, fakeModels, startApp, tempDir, visitorCookie } from "./app-server";
import { query, scratchDatabase } from "./db-admin";

const root = tempDir("arena-two-");
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let fake: FakeModelServer;
let s3: S3rver;
let instances: AppInstance[] = [];
let proxy: http.Server;
let proxyURL: string;
const jobs: ChildProcess[] = [];
const served: number[] = [0, 0];

beforeAll(async () => {
  ({ url: databaseUrl, drop: dropDatabase } = await scratchDatabase(inject("serverUrl")));
  await applyMigrations(databaseUrl);
  const { fake: server, modelsFile } = await fakeModels(root);
  fake = server;
  const started = await startS3(root, "arena-images");
  s3 = started.s3;
  const s3Port = started.port;
  const shared = {
    ARENA_MODELS_FILE: modelsFile,
    ARENA_S3_BUCKET: "arena-images",
    ARENA_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    ARENA_S3_ACCESS_KEY_ID: "S3RVER",
    ARENA_S3_SECRET_ACCESS_KEY: "S3RVER",
    ARENA_TRUSTED_PROXIES: "loopback",
    ARENA_RATE_IP_PER_HOUR: "6",
    ARENA_RATE_VISITOR_PER_HOUR: "1000",
    ARENA_DAILY_COUNTED_VOTES: "2",
  };
  instances = await Promise.all(
    ["a", "b"].map((name) =>
      startApp({ databaseUrl, env: { ...shared, ARENA_DATA_DIR: path.join(root, `instance-${name}`) } }),
    ),
  );
  // round robin, forwarding the client's address as a proxy in front of real instances does
  let turn = 0;
  proxy = http.createServer((req, res) => {
    const index = turn++ % 2;
    served[index] = (served[index] ?? 0) + 1;
    const target = instances[index] as AppInstance;
    const forwarded = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, "x-forwarded-for": forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyURL = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
}, 300_000);

afterAll(async () => {
  for (const job of jobs) if (job.exitCode === null) job.kill("SIGTERM");
  proxy?.close();
  await Promise.all(instances.map((instance) => instance.stop()));
  await s3?.close();
  await fake?.close();
  await dropDatabase?.();
  fs.rmSync(root, { recursive: true, force: true });
});

const png = (colour: string) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function open(base: string, cookie: string, colour: string, clientAddress: string) {
  const form = new FormData();
  form.set("prompt", "What colour is this?");
  form.append("images", new Blob([new Uint8Array(await png(colour))], { type: "image/png" }), "x.png");
  return fetch(`${base}/api/conversations`, {
    method: "POST",
    body: form,
    headers: { cookie, "x-forwarded-for": clientAddress },
  });
}

async function answer(base: string, cookie: string, id: string) {
  const response = await fetch(`${base}/api/conversations/${id}/turn`, {
    method: "POST",
    body: "{}",
    headers: { cookie, "content-type": "application/json" },
  });
  return response.text();
}

async function vote(base: string, cookie: string, id: string) {
  return fetch(`${base}/api/conversations/${id}/vote`, {
    method: "POST",
    body: JSON.stringify({ winner: "model_a" }),
    headers: { cookie, "content-type": "application/json" },
  });
}

describe("two instances over one database and one bucket", () => {
  it("continues a battle on the other instance, and serves its image from there (no shared disk)", async () => {
    const [a, b] = instances as [AppInstance, AppInstance];
    const cookie = await visitorCookie(a.baseURL);
    const opened = await open(a.baseURL, cookie, "#aa2200", "198.51.100.1");
    expect(opened.status).toBe(201);
    const { id } = (await opened.json()) as { id: string };
    const streamed = await answer(b.baseURL, cookie, id);
    expect(streamed.match(/"type":"done"/g)).toHaveLength(2);
    expect((await vote(a.baseURL, cookie, id)).status).toBe(201);
    const view = (await (await fetch(`${b.baseURL}/api/conversations/${id}`, { headers: { cookie } })).json()) as {
      sides: { a: { messages: { images: string[] }[] } };
    };
    const sha = view.sides.a.messages[0]?.images[0] as string;
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    // the image is in the bucket, on neither instance's disk, and both serve it
    expect(fs.existsSync(path.join(root, "instance-a", "images"))).toBe(false);
    for (const instance of [a, b]) {
      const image = await fetch(`${instance.baseURL}/api/images/${sha}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
    }
  });

  it("holds the per-address limit and the daily vote cap across both instances", async () => {
    const before = [...served];
    const statuses: number[] = [];
    const voter = await visitorCookie(proxyURL);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const cookie = i < 3 ? voter : await visitorCookie(proxyURL);
      const response = await open(proxyURL, cookie, `#00${(20 + i).toString(16)}00`, "203.0.113.9");
      statuses.push(response.status);
      if (i < 3 && response.status === 201) ids.push(((await response.json()) as { id: string }).id);
    }
    // six per hour from one address, wherever they landed
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
    expect(served[0]! - before[0]!).toBeGreaterThan(2);
    expect(served[1]! - before[1]!).toBeGreaterThan(2);
    // one visitor votes three battles through the proxy: two count, the third is kept uncounted
    for (const id of ids) {
      await answer(proxyURL, voter, id);
      expect((await vote(proxyURL, voter, id)).status).toBe(201);
    }
    const counted = await query<{ counted: boolean }>(
      databaseUrl,
      `SELECT counted FROM "Vote" WHERE "conversationId" IN (${ids.map((id) => `'${id}'`).join(",")}) ORDER BY "createdAt"`,
    );
    expect(counted.map((v) => v.counted)).toEqual([true, true, false]);
  });

  it("runs one snapshot at a time with a jobs worker beside each instance", async () => {
    for (let i = 0; i < 2; i++) {
      jobs.push(
        spawn(process.execPath, ["--import", "tsx", "scripts/jobs.ts"], {
          stdio: "ignore",
          env: { ...process.env, DATABASE_URL: databaseUrl, ARENA_SNAPSHOT_INTERVAL_S: "1", ARENA_TAG_SWEEP_S: "1" },
        }),
      );
    }
    const deadline = Date.now() + 60_000;
    let runs: { dataAt: string; runs: number }[] = [];
    while (Date.now() < deadline) {
      runs = await query(
        databaseUrl,
        `SELECT params->>'dataAt' AS "dataAt", count(DISTINCT params->>'runId')::int AS runs
           FROM "LeaderboardSnapshot" WHERE source = 'live' AND category = 'overall' AND NOT "styleControl"
          GROUP BY 1`,
      );
      if (runs.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(runs.length).toBeGreaterThan(0);
    // a few more checks by both workers: still one run per state of the data
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    runs = await query(
      databaseUrl,
      `SELECT params->>'dataAt' AS "dataAt", count(DISTINCT params->>'runId')::int AS runs
         FROM "LeaderboardSnapshot" WHERE source = 'live' AND category = 'overall' AND NOT "styleControl" GROUP BY 1`,
    );
    expect(runs.every((r) => r.runs === 1)).toBe(true);
  }, 90_000);
});
