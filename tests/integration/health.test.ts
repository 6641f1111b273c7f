import net from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrisma } from "../../lib/db/client";
import { checkHealth } from "../../lib/db/health";
import { listMigrationNames } from "../../lib/db/migrate";
import { createPool } from "../../lib/db/pool";
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
