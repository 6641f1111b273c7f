import net from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrisma } from "../../lib/db/client";
import { closeDb, createDb } from "../../lib/db/context";
import { checkHealth } from "../../lib/db/health";
import { listMigrationNames } from "../../lib/db/migrate";
import { createPool, poolUse } from "../../lib/db/pool";
import { keepBeating, STALE_MS } from "../../lib/jobs/heartbeat";
import { scratchDatabase } from "./db-admin";

const disconnect: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of disconnect) await d();
});

describe("GET /api/health", () => {
  it("answers ok with the latest migration when the database is up to date", async () => {
    process.env.DATABASE_URL = inject("databaseUrl");
    const { GET } = await import("../../app/api/health/route");
    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      status: "ok",
      database: "ok",
      migrations: listMigrationNames().at(-1),
      pool: expect.objectContaining({ max: 20, waiting: 0, saturated: false }),
    });
  });

  it("reports a saturated pool (callers waiting, nothing idle) and a database that does not answer in time", async () => {
    const prisma = createPrisma(inject("databaseUrl"));
    const pool = createPool(inject("databaseUrl"), 1);
    const held = await pool.connect();
    const waiting = pool.connect();
    try {
      const saturated = await checkHealth(prisma, pool);
      expect(saturated).toMatchObject({
        status: "error",
        database: "saturated",
        pool: { max: 1, waiting: 1, saturated: true },
        error: { code: "database_saturated" },
      });
    } finally {
      held.release();
      (await waiting).release();
      await pool.end();
      await prisma.$disconnect();
    }
    // a server that accepts connections and never answers (a frozen PostgreSQL)
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const frozen = createPrisma(
      `postgresql://nobody:secret@127.0.0.1:${(silent.address() as net.AddressInfo).port}/nothing`,
    );
    try {
      const slow = await checkHealth(frozen);
      expect(slow).toMatchObject({ status: "error", database: "slow", error: { code: "database_slow" } });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      void frozen.$disconnect().catch(() => undefined);
    }
  });

  it("reports pending migrations with 503", async () => {
    const db = await scratchDatabase(inject("serverUrl"));
    const prisma = createPrisma(db.url);
    disconnect.push(async () => {
      await prisma.$disconnect();
      await db.drop();
    });
    const health = await checkHealth(prisma);
    expect(health.status).toBe("error");
    expect(health).toMatchObject({ database: "ok", migrations: null, error: { code: "migrations_pending" } });
  });

  it("reports an unreachable database without throwing", async () => {
    const prisma = createPrisma("postgresql://nobody:secret@127.0.0.1:1/nothing");
    disconnect.push(() => prisma.$disconnect());
    const health = await checkHealth(prisma);
    expect(health).toMatchObject({ status: "error", database: "unreachable", error: { code: "database_unavailable" } });
    expect(JSON.stringify(health)).not.toContain("secret");
  });
});

describe("GET /api/health/live and /api/health/ready", () => {
  it("live answers without the database; ready follows the database and the jobs process beside it", async () => {
    process.env.DATABASE_URL = inject("databaseUrl");
    const live = await import("../../app/api/health/live/route");
    const answer = live.GET();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: "ok", pid: process.pid });

    const { GET } = await import("../../app/api/health/ready/route");
    delete process.env.ARENA_JOBS_PEER;
    process.env.ARENA_NSFW_CHECK = "0"; // the classifier's own test is below
    const webOnly = await GET();
    expect(webOnly.status).toBe(200);
    expect(await webOnly.json()).not.toHaveProperty("jobs");

    // an instance whose launcher started a jobs process: not ready until it beats, ready while it does
    const peer = `jobs-test-${Date.now()}`;
    process.env.ARENA_JOBS_PEER = peer;
    try {
      const before = await GET();
      expect(before.status).toBe(503);
      expect(await before.json()).toMatchObject({
        status: "error",
        jobs: { id: peer, state: "missing" },
        error: { code: "jobs_not_running" },
      });
      const db = createDb(inject("databaseUrl"));
      const stop = new AbortController();
      const beating = keepBeating(db, peer, "jobs", stop.signal);
      try {
        await expect.poll(async () => (await GET()).status, { timeout: 5_000 }).toBe(200);
        expect(await (await GET()).json()).toMatchObject({ status: "ok", jobs: { state: "fresh" } });
        // a jobs process silent for longer than STALE_MS (stuck, or its host gone): not ready
        stop.abort();
        await beating;
        await db.pool.query(
          `INSERT INTO "WorkerHeartbeat" (id, role, host, "startedAt", "beatAt")
           VALUES ($1, 'jobs', 'elsewhere', now(), now() - make_interval(secs => $2))`,
          [peer, STALE_MS / 1000 + 5],
        );
        const stale = await GET();
        expect(stale.status).toBe(503);
        expect(await stale.json()).toMatchObject({ jobs: { state: "stale" }, error: { code: "jobs_stale" } });
      } finally {
        stop.abort();
        await db.pool.query(`DELETE FROM "WorkerHeartbeat" WHERE id = $1`, [peer]);
        await closeDb(db);
      }
    } finally {
      delete process.env.ARENA_JOBS_PEER;
    }
  });
});

describe("readiness and the image classifier", () => {
  it("is not ready while the classifier loads its model, and ready once every thread can classify", async () => {
    process.env.DATABASE_URL = inject("databaseUrl");
    delete process.env.ARENA_JOBS_PEER;
    process.env.ARENA_NSFW_CHECK = "1";
    try {
      const { GET } = await import("../../app/api/health/ready/route");
      const first = await GET();
      const body = await first.json();
      // this worker may have warmed the pool already (another test classified an image): then it is ready at once
      if (first.status === 503)
        expect(body).toMatchObject({ imageClassifier: "warming", error: { code: "classifier_warming" } });
      await expect.poll(async () => (await GET()).status, { timeout: 30_000, interval: 200 }).toBe(200);
      expect(await (await GET()).json()).toMatchObject({ status: "ok" });
    } finally {
      process.env.ARENA_NSFW_CHECK = "0";
    }
  }, 40_000);
});

describe("the web process's pool", () => {
  it("opens every connection it keeps before anyone asks, and keeps them", async () => {
    const pool = createPool(inject("databaseUrl"), 6, undefined, 6);
    try {
      // nothing borrowed: the connections are opened at start
      for (let waited = 0; pool.totalCount < 6 && waited < 10_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pool.totalCount).toBe(6);
      expect((pool.options as { min?: number }).min).toBe(6);
      // six at once are served by the open connections, no seventh is opened
      const clients = await Promise.all(Array.from({ length: 6 }, () => pool.connect()));
      expect(pool.totalCount).toBe(6);
      for (const client of clients) client.release();
    } finally {
      await pool.end();
    }
    // right after start, a request waiting while the connections are still being opened is no saturation (the first
    // /api/health after start answered 503 "saturated": every slot held by the warm-up's own handshakes)
    const starting = createPool(inject("databaseUrl"), 6, undefined, 6);
    try {
      const asked = starting.query("SELECT 1");
      expect(starting.waitingCount).toBeGreaterThan(0);
      expect(poolUse(starting).saturated).toBe(false);
      await asked;
    } finally {
      await starting.end();
    }
    // a background pool keeps a few
    const background = createPool(inject("databaseUrl"), 6);
    expect((background.options as { min?: number }).min).toBe(4);
    await background.end();
  });
});
