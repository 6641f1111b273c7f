// Which tables a backup holds and in which order a restore loads them: every table of the arena's schema but the
// migration ledger (a restore's own migrations write it) and process heartbeats (about processes, not data); pg-boss'
// schema is left out too (queued work is recreated by the schedules). Parents before children, so each COPY
// satisfies its foreign keys without disabling triggers, which a managed PostgreSQL would not allow.
import type pg from "pg";
import { sql } from "../db/sql";
import { domainError } from "../errors";

export class BackupError extends domainError("invalid", "backup_invalid") {}

export const LEFT_OUT = ["_prisma_migrations", "WorkerHeartbeat"] as const;

export interface TableShape {
  name: string;
  /** stored columns in their order (generated columns are computed again on load) */
  columns: string[];
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const tableSql = (table: TableShape) => `${quote(table.name)} (${table.columns.map(quote).join(", ")})`;

/** The public schema's tables with their columns, parents before children. */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<TableShape[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    sql`SELECT c.relname AS table, a.attname AS column
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT (c.relname = ANY(${LEFT_OUT}::text[]))
      ORDER BY c.relname, a.attnum`,
  );
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    sql`SELECT ch.relname AS child, pa.relname AS parent
       FROM pg_constraint k JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = ch.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND ch.relname <> pa.relname`,
  );
  const shapes = new Map<string, TableShape>();
  for (const row of columns) {
    const shape = shapes.get(row.table) ?? { name: row.table, columns: [] };
    shape.columns.push(row.column);
    shapes.set(row.table, shape);
  }
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of links) {
    if (!shapes.has(child) || !shapes.has(parent)) continue;
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  // Kahn's order, alphabetical among equals so two backups of one schema list their tables alike
  const order: TableShape[] = [];
  const placed = new Set<string>();
  const names = [...shapes.keys()].sort();
  while (order.length < names.length) {
    const ready = names.find((n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p)));
    if (!ready) {
      const left = names.filter((n) => !placed.has(n)).join(", ");
      throw new BackupError(
        `the tables ${left} refer to each other in a cycle; a restore could not load them in order`,
      );
    }
    placed.add(ready);
    order.push(shapes.get(ready) as TableShape);
  }
  return order;
}
