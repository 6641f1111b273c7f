import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client";
import { createPrisma, getPrisma } from "./client";
import { createPool, getPool } from "./pool";

/** The database as the arena uses it: Prisma for most work, a plain pool for the hot paths. */
export interface Db {
  prisma: PrismaClient;
  pool: pg.Pool;
}

export function createDb(connectionString: string): Db {
  return { prisma: createPrisma(connectionString), pool: createPool(connectionString) };
}

/** The app's database (DATABASE_URL). */
export function getDb(): Db {
  return { prisma: getPrisma(), pool: getPool() };
}

export async function closeDb(db: Db): Promise<void> {
  await db.prisma.$disconnect();
  await db.pool.end();
}
