import type pg from "pg";
import { config } from "../config";
import type { PrismaClient } from "../generated/prisma/client";
import { createPrisma, getPrisma } from "./client";
import { createPool, getPool } from "./pool";
import { BACKGROUND_WAITS, type DbWaits } from "./waits";

/** The database as the arena uses it: Prisma for most work, a plain pool for the hot paths. */
export interface Db {
  prisma: PrismaClient;
  pool: pg.Pool;
}

/** A database handle of its own: the jobs process, the CLI and tests (background bounds unless told). */
export function createDb(connectionString: string, waits: DbWaits = BACKGROUND_WAITS): Db {
  return {
    prisma: createPrisma(connectionString, waits),
    pool: createPool(connectionString, config().ARENA_DB_POOL_SIZE, waits),
  };
}

/** The app's database (DATABASE_URL). */
export function getDb(): Db {
  return { prisma: getPrisma(), pool: getPool() };
}

export async function closeDb(db: Db): Promise<void> {
  await db.prisma.$disconnect();
  await db.pool.end();
}
