// Every wait on the database is bounded (DESIGN.md, conventions): how long a caller may wait for a connection, for
// a row lock, for a statement, and for a server that stopped answering at all (frozen, partitioned: PostgreSQL's
// own timeouts cannot fire there, so the driver keeps a clock of its own). The web processes answer people and
// use tight bounds; the jobs process and the CLI do long reads (recompute, export) and only bound lock waits.
import type pg from "pg";
import { config } from "../config";

export interface DbWaits {
  /** waiting for a pooled connection, or for a new one to open */
  acquireMs: number;
  /** PostgreSQL lock_timeout */
  lockMs: number;
  /** PostgreSQL statement_timeout; 0: none */
  statementMs: number;
  /** the driver's own read timeout (a server that does not answer); 0: none */
  readMs: number;
  /** PostgreSQL idle_in_transaction_session_timeout: a transaction left open by a crashed caller ends */
  idleInTransactionMs: number;
}

/** The web processes' bounds (ARENA_DB_*_TIMEOUT_MS). */
export function webWaits(): DbWaits {
  const c = config();
  return {
    acquireMs: c.ARENA_DB_ACQUIRE_TIMEOUT_MS,
    lockMs: c.ARENA_DB_LOCK_TIMEOUT_MS,
    statementMs: c.ARENA_DB_STATEMENT_TIMEOUT_MS,
    readMs: c.ARENA_DB_STATEMENT_TIMEOUT_MS + 5_000,
    idleInTransactionMs: 60_000,
  };
}

/** The jobs process, the CLI and scripts: long statements are their work; lock waits still end. */
export const BACKGROUND_WAITS: DbWaits = {
  acquireMs: 60_000,
  lockMs: 60_000,
  statementMs: 0,
  readMs: 0,
  idleInTransactionMs: 600_000,
};

/** node-postgres settings for these bounds (for a pool or Prisma's driver adapter). */
export function clientSettings(waits: DbWaits): pg.PoolConfig {
  return {
    connectionTimeoutMillis: waits.acquireMs,
    lock_timeout: waits.lockMs,
    ...(waits.statementMs ? { statement_timeout: waits.statementMs } : {}),
    ...(waits.readMs ? { query_timeout: waits.readMs } : {}),
    idle_in_transaction_session_timeout: waits.idleInTransactionMs,
  };
}
