import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listMigrationNames, listMigrations, MIGRATIONS_DIR } from "./migrate";

describe("committed migrations", () => {
  it("are listed oldest first with Prisma's checksum (sha256 of the file)", () => {
    const files = listMigrations();
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => f.name)).toEqual([...listMigrationNames()].sort());
    for (const file of files) {
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file.name, "migration.sql"));
      expect(file.checksum).toBe(crypto.createHash("sha256").update(sql).digest("hex"));
    }
  });

  it("cover the current schema: schema.prisma changed without `npm run db:new-migration` fails here", () => {
    const current = fs.readFileSync("prisma/schema.prisma", "utf8");
    const migrated = fs.readFileSync("prisma/schema.migrated.prisma", "utf8");
    expect(current, "prisma/schema.prisma differs from the schema of the last migration").toBe(migrated);
  });
});
