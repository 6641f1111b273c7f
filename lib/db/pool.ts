// A plain node-postgres pool for the hot paths (streaming turns, votes, rate limits), where a few hand-written
// statements in one round trip each beat the ORM's per-query overhead several times over. Everything else uses
// Prisma. Both talk to the same database.
import pg from "pg";

const globalForPool = globalThis as unknown as { arenaPool?: pg.Pool };

export function getPool(): pg.Pool {
  if (!globalForPool.arenaPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set");
    const pool = new pg.Pool({ connectionString, max: Number(process.env.ARENA_DB_POOL_SIZE ?? 20) });
    pool.on("error", () => undefined); // an idle client lost its connection: the pool replaces it
    globalForPool.arenaPool = pool;
  }
  return globalForPool.arenaPool;
}

/** Runs `work` in a transaction on one pooled connection; rolls back on any error. */
export async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>, pool = getPool()): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
