// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that turns the schema of the last
// migration (prisma/schema.migrated.prisma) into the current prisma/schema.prisma, then records the new snapshot.
// The Prisma CLI cannot diff against a live database when it runs through a driver adapter, hence the snapshot.
//   npm run db:new-migration -- add_something
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startTemporaryPostgres } from "../lib/db/embedded";
import { MIGRATIONS_DIR } from "../lib/db/migrate";

const SCHEMA = "prisma/schema.prisma";
const SNAPSHOT = "prisma/schema.migrated.prisma";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:new-migration -- <name>");
  process.exit(2);
}
const from = fs.existsSync(SNAPSHOT) ? ["--from-schema-datamodel", SNAPSHOT] : ["--from-empty"];
// The CLI's driver adapter wants a live server even for a file-to-file diff.
const server = await startTemporaryPostgres("arena-migrate-");
try {
  const sql = execFileSync(
    process.execPath,
    ["prisma/cli.mjs", "migrate", "diff", ...from, "--to-schema-datamodel", SCHEMA, "--script"],
    { env: { ...process.env, DATABASE_URL: server.url }, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
    console.log("the schema matches the migrations: nothing to write");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), sql);
    console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
  }
  fs.copyFileSync(SCHEMA, SNAPSHOT);
} finally {
  await server.stop();
}
