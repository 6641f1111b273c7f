import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client";
import { listMigrationNames } from "./migrate";
import { poolUse } from "./pool";
import { sql } from "./sql";

type PoolUse = ReturnType<typeof poolUse>;

export type Health =
  | { status: "ok"; database: "ok"; migrations: string; pool?: PoolUse }
  | {
      status: "error";
      database: "ok" | "unreachable" | "slow" | "saturated";
      migrations: string | null;
      pool?: PoolUse;
      error: { code: string; message: string };
    };

/** How long the health probe waits for the database before calling it slow. */
const PROBE_MS = 2_000;

/**
 * Is the database reachable and answering within PROBE_MS, is this process's pool able to lend a connection, and
 * has every migration shipped with this build been applied? A saturated pool (callers waiting, nothing idle) is
 * an error: the arena is up but cannot serve, which is what a load balancer must hear.
 */
export async function checkHealth(prisma: PrismaClient, pool?: pg.Pool): Promise<Health> {
  const use = pool ? poolUse(pool) : undefined;
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<"slow">((resolve) => {
    timer = setTimeout(() => resolve("slow"), PROBE_MS);
  });
  // a saturated pool would keep the probe waiting behind the requests it reports: then Prisma's own pool asks
  const result = await Promise.race([probe(prisma, use?.saturated ? undefined : pool), slow]).finally(() =>
    clearTimeout(timer),
  );
  if (result === "slow") {
    return {
      status: "error",
      database: "slow",
      migrations: null,
      pool: use,
      error: { code: "database_slow", message: `the database did not answer within ${PROBE_MS / 1000} s` },
    };
  }
  if (result.status === "ok" && use?.saturated) {
    return {
      status: "error",
      database: "saturated",
      migrations: result.migrations,
      pool: use,
      error: {
        code: "database_saturated",
        message: `every one of this process's ${use.max} database connections is busy and ${use.waiting} requests are waiting`,
      },
    };
  }
  return { ...result, pool: use };
}

/**
 * Applied migrations, on the plain pool when there is one: Prisma's first query in a process compiles its query
 * engine (1-3 s on a cold two-core machine), so a health check that asked Prisma first answered 503 after start.
 */
async function appliedMigrations(prisma: PrismaClient, pool?: pg.Pool): Promise<{ migration_name: string }[]> {
  if (pool) {
    const { rows: table } = await pool.query<{ present: boolean }>(
      sql`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`,
    );
    if (!table[0]?.present) return [];
    const { rows } = await pool.query<{ migration_name: string }>(
      sql`SELECT migration_name FROM "_prisma_migrations"
         WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    );
    return rows;
  }
  const [table] = await prisma.$queryRaw<{ present: boolean }[]>`
    SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`;
  return table?.present
    ? await prisma.$queryRaw<{ migration_name: string }[]>`
        SELECT migration_name FROM "_prisma_migrations"
        WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`
    : [];
}

async function probe(prisma: PrismaClient, pool?: pg.Pool): Promise<Health> {
  let applied: string[];
  try {
    const rows = await appliedMigrations(prisma, pool);
    applied = rows.map((row) => row.migration_name);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n").filter(Boolean).at(-1);
    return {
      status: "error",
      database: "unreachable",
      migrations: null,
      error: { code: "database_unavailable", message: `the database cannot be queried: ${message}` },
    };
  }
  const latest = applied.at(-1) ?? null;
  const pending = listMigrationNames().filter((name) => !applied.includes(name));
  if (pending.length > 0 || !latest) {
    return {
      status: "error",
      database: "ok",
      migrations: latest,
      error: {
        code: "migrations_pending",
        message: `migrations not applied: ${pending.join(", ") || "all"}; restart the app to apply them`,
      },
    };
  }
  return { status: "ok", database: "ok", migrations: latest };
}
