// A plain node-postgres pool for the hot paths (streaming turns, votes, rate limits), where a few hand-written
// statements in one round trip each beat the ORM's per-query overhead several times over. Everything else uses
// Prisma. Both talk to the same database.
import pg from "pg";
import { config } from "../config";
import { sql } from "./sql";
import { sendDatesAsUtc, utcTypes } from "./timestamps";
import { isDatabaseUnavailable } from "./unavailable";
import { BACKGROUND_WAITS, clientSettings, type DbWaits, webWaits } from "./waits";

const globalForPool = globalThis as unknown as { arenaPool?: pg.Pool };

/**
 * Opening a connection costs a SCRAM handshake (thousands of PBKDF2 rounds, in JavaScript on our side): keep
 * connections for minutes rather than seconds, and open `keep` of them ahead of the first burst of traffic and keep
 * them however quiet it gets (the web process's hot paths: all of them, see getPool).
 */
export function createPool(
  connectionString: string,
  max = config().ARENA_DB_POOL_SIZE,
  waits: DbWaits = BACKGROUND_WAITS,
  keep = Math.min(4, max),
): pg.Pool {
  sendDatesAsUtc();
  const pool = new pg.Pool({
    connectionString,
    // timestamps without a zone are UTC, whatever the process's TZ (./timestamps)
    types: utcTypes,
    max,
    min: keep,
    idleTimeoutMillis: 300_000,
    ...clientSettings(waits),
  });
  pool.on("error", () => undefined); // an idle client lost its connection: the pool replaces it
  // A client lent out (a transaction between statements) that loses its connection emits "error" on itself; with
  // no listener that is an uncaught exception. Its pending or next query fails anyway, and the caller handles that.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const warm = Math.max(keep, Math.min(max, 8));
  // each connection lent back as soon as it is open, so requests arriving meanwhile take it; while they are still
  // being opened the pool is warming, not saturated (the first /api/health after start answered 503 "saturated":
  // all 20 slots taken by the warm-up's own handshakes and one request waiting)
  const counted = pool as WarmingPool;
  counted[WARMING] = warm;
  const opened = () => {
    counted[WARMING] = Math.max(0, (counted[WARMING] ?? 1) - 1);
  };
  for (let i = 0; i < warm; i++) {
    pool.connect().then((client) => {
      opened();
      client.release();
    }, opened);
  }
  return pool;
}

/**
 * How many of the start's warm-up connections are still being opened, kept on the pool itself: the pool is shared
 * through globalThis by code bundled more than once (Next's routes, the direct routes), each with its own copy of
 * this module, so a module-level map would not be seen by the copy that reports health.
 */
const WARMING = Symbol.for("arena.pool.warming");
type WarmingPool = pg.Pool & { [WARMING]?: number };

/**
 * The web process's pool, every connection opened at start and kept. A connection opened during a burst waited for
 * its handshake behind the burst: `npm run test:admission`, a vote 20 ms into 120 uploads found the 16 open
 * connections taken by the admitted uploads' first queries and waited 162 ms for a new one, of its 191 ms.
 */
export function getPool(): pg.Pool {
  if (!globalForPool.arenaPool) {
    const connectionString = config().DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set");
    const size = config().ARENA_DB_POOL_SIZE;
    globalForPool.arenaPool = createPool(connectionString, size, webWaits(), size);
  }
  return globalForPool.arenaPool;
}

/**
 * Runs `work` in a transaction on one pooled connection; rolls back on any error. `durable: false` lets the
 * commit return before its WAL record reaches the disk: still atomic, but an operating-system crash may forget
 * the last fraction of a second of such transactions. For work that is cheap to redo, never for votes.
 */
export async function transaction<T>(
  work: (client: pg.PoolClient) => Promise<T>,
  pool = getPool(),
  options: { durable?: boolean } = {},
): Promise<T> {
  return inTransaction(pool, async (client) => {
    await client.query(options.durable === false ? "BEGIN; SET LOCAL synchronous_commit TO off" : "BEGIN");
    const result = await work(client);
    await client.query(sql`COMMIT`);
    return result;
  });
}

/**
 * A connection that failed at the connection level (cut, or a server that stopped answering within the read
 * timeout) is not given back to the pool: it may still owe the answer to a statement, and the next borrower
 * would read it. Released with the error, the pool closes it. Domain errors keep the (healthy) connection.
 */
function brokenConnection(error: unknown): Error | undefined {
  if (!isDatabaseUnavailable(error) || isBusy(error)) return undefined;
  return error instanceof Error ? error : new Error(String(error));
}

/** A lock not granted in time (lock_timeout, NOWAIT) or a statement cancelled by statement_timeout. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "55P03" || code === "57014";
}

/** A row lock refused at once by NOWAIT (or not granted within lock_timeout). */
export const isLockNotAvailable = (error: unknown) => (error as { code?: unknown } | null)?.code === "55P03";

/** For the `.catch` of a statement that locks a row NOWAIT: a lock held elsewhere becomes `refusal`. */
export const whenLocked =
  (refusal: () => Error) =>
  (error: unknown): never => {
    throw isLockNotAvailable(error) ? refusal() : error;
  };

/**
 * For hot paths that send BEGIN in their first multi-statement message and COMMIT in their last (see
 * ./literals): lends a pooled connection and rolls back whatever is open if `work` throws. A `work` that returns
 * must have ended its transaction itself (COMMIT or ROLLBACK), or the connection goes back to the pool holding
 * its locks.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    broken = brokenConnection(error);
    if (!broken) await client.query(sql`ROLLBACK`).catch(() => undefined);
    throw error;
  } finally {
    client.release(broken);
  }
}

/** How busy the pool is: a pool with callers waiting and no idle connection is saturated. */
export function poolUse(pool: pg.Pool) {
  const max = (pool.options as { max?: number }).max ?? 10;
  return {
    max,
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    saturated:
      !((pool as WarmingPool)[WARMING] ?? 0) && pool.waitingCount > 0 && pool.idleCount === 0 && pool.totalCount >= max,
  };
}
