import type { PrismaClient } from "../generated/prisma/client";
import { listMigrationNames } from "./migrate";

export type Health =
  | { status: "ok"; database: "ok"; migrations: string }
  | {
      status: "error";
      database: "ok" | "unreachable";
      migrations: string | null;
      error: { code: string; message: string };
    };

/** Is the database reachable, and has every migration shipped with this build been applied? */
export async function checkHealth(prisma: PrismaClient): Promise<Health> {
  let applied: string[];
  try {
    const [table] = await prisma.$queryRaw<{ present: boolean }[]>`
      SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`;
    const rows = table?.present
      ? await prisma.$queryRaw<{ migration_name: string }[]>`
          SELECT migration_name FROM "_prisma_migrations"
          WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`
      : [];
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
