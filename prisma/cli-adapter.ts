// The driver adapter used by the Prisma CLI only (never at runtime).
// Works around upstream bugs of the WebAssembly migration path (prisma/orm issue 27403): PostgreSQL catalog
// types such as `name` and `"char"` cannot be deserialised, so they are read as text.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

const CATALOG_TEXT_OIDS = [18, 19, 22, 24, 26, 28, 29, 30, 194, 2202, 2203, 2204, 2205, 2206, 3734, 3769, 4089, 4096];
for (const oid of CATALOG_TEXT_OIDS) pg.types.setTypeParser(oid, (value: string) => value);

export async function cliAdapter() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: the Prisma CLI needs a database for this command");
  return new PrismaPg({ connectionString, allowExitOnIdle: true } as ConstructorParameters<typeof PrismaPg>[0]);
}
