// Timestamps without a zone hold UTC (Prisma writes them so). The raw pools must read and write them as UTC in a
// process whose time zone is not UTC: before, node-postgres read them as local time, and on such a server an
// export's tstamp, for one, came out shifted by the offset. Each zone runs in a process of its own (TZ is read at
// start), against the tests' PostgreSQL.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "./app-server";
import { migratedScratchDatabase } from "./db-admin";

const dir = tempDir("arena-zones-");
let database: { url: string; drop: () => Promise<void> };
const root = path.resolve(import.meta.dirname, "../..");

beforeAll(async () => {
  database = await migratedScratchDatabase();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

const script = `
import { createPool } from ${JSON.stringify(path.join(root, "lib/db/pool.ts"))};
import { createPrisma } from ${JSON.stringify(path.join(root, "lib/db/client.ts"))};
const pool = createPool(process.env.DATABASE_URL, 2);
const prisma = createPrisma(process.env.DATABASE_URL);
const read = await pool.query("SELECT '2026-01-01 00:00:00.123'::timestamp AS winter, '2026-07-01 12:30:45.5'::timestamp AS summer");
const written = await pool.query("SELECT $1::timestamp::text AS text", [new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 123))]);
// a row Prisma wrote, read back by the raw pool
const visitor = await prisma.visitor.create({ data: { createdAt: new Date(Date.UTC(2026, 2, 3, 4, 5, 6, 789)) } });
const back = await pool.query('SELECT "createdAt" FROM "Visitor" WHERE id = $1', [visitor.id]);
console.log(JSON.stringify({
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  winter: read.rows[0].winter.getTime(),
  summer: read.rows[0].summer.getTime(),
  written: written.rows[0].text,
  prismaRow: back.rows[0].createdAt.getTime(),
}));
await prisma.$disconnect();
await pool.end();
`;

function inZone(zone: string): Record<string, unknown> {
  const file = path.join(dir, "zone-check.mts");
  fs.writeFileSync(file, script);
  const out = execFileSync(process.execPath, ["--import", "tsx", file], {
    cwd: root,
    env: { ...process.env, TZ: zone, DATABASE_URL: database.url },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1) as string);
}

describe("timestamps through the raw pools, in any time zone", () => {
  it("read and write UTC in New York, Tokyo and UTC alike", () => {
    const expected = {
      winter: Date.UTC(2026, 0, 1, 0, 0, 0, 123),
      summer: Date.UTC(2026, 6, 1, 12, 30, 45, 500),
      written: "2026-01-01 00:00:00.123",
      prismaRow: Date.UTC(2026, 2, 3, 4, 5, 6, 789),
    };
    for (const zone of ["America/New_York", "Asia/Tokyo", "UTC"]) {
      expect(inZone(zone)).toEqual({ zone, ...expected });
    }
  }, 60_000);
});
