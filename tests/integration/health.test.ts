import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrisma } from "../../lib/db/client";
import { checkHealth } from "../../lib/db/health";
import { listMigrationNames } from "../../lib/db/migrate";
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
    expect(await response.json()).toEqual({ status: "ok", database: "ok", migrations: listMigrationNames().at(-1) });
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
