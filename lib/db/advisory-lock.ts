// Work that one process at a time may do, across every instance: a session-level advisory lock on a dedicated
// connection, held for the whole of `work`. A second caller does not wait: it gets `busy` at once.
import type { Db } from "./context";
import { sql } from "./sql";

export async function withTryLock<T, B>(db: Db, key: string, work: () => Promise<T>, busy: () => B): Promise<T | B> {
  const client = await db.pool.connect();
  try {
    const locked = (await client.query<{ ok: boolean }>(sql`SELECT pg_try_advisory_lock(hashtext(${key})) AS ok`))
      .rows[0]?.ok;
    if (!locked) return busy();
    try {
      return await work();
    } finally {
      await client.query(sql`SELECT pg_advisory_unlock(hashtext(${key}))`).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
