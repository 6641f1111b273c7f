// Errors that mean "the database cannot be reached right now" (stopped, restarting, refusing connections, a
// connection cut mid-query), as opposed to a bug or bad data. Callers answer 503 and may retry; they never
// report such an error as the model's fault or as a 500.

/** SQLSTATE classes and codes PostgreSQL uses for a server going away or not accepting work. */
const UNAVAILABLE_SQLSTATES = new Set([
  // a lock not granted within lock_timeout, a statement cancelled by statement_timeout: the database is too busy
  // to serve this request now, which the caller answers as it answers a database that is away (503, Retry-After)
  "55P03",
  "57014",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
/** Prisma's codes for a server it cannot reach, that closed the connection, or a pool with no connection to lend. */
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** Node socket errors on the way to the server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/**
 * node-postgres and Prisma's driver adapter describe a lost connection only in words. Prisma's P2028 "Transaction
 * already closed" comes from an implicit transaction (createMany, upsert) whose connection was cut under it; its
 * "Unable to start a transaction in the given time" from a transaction that got no pooled connection within its
 * maxWait (every connection taken, as under an overload), which is the database too busy to serve this request now.
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection (?:error|timeout)|Client has encountered a connection error|terminating connection|the database system is (?:starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|Query read timeout|Can't reach database server|Server has closed the connection|connect ECONNREFUSED|Transaction already closed: A rollback cannot be executed|Unable to start a transaction in the given time/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); ) {
    seen.add(current);
    const record = current as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };
    for (const code of [record.code, record.originalCode]) {
      if (
        typeof code === "string" &&
        (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_PRISMA_CODES.has(code))
      ) {
        return true;
      }
    }
    if (typeof record.message === "string" && UNAVAILABLE_MESSAGES.test(record.message)) return true;
    // AggregateError (a refused connection on both ::1 and 127.0.0.1) keeps its parts in `errors`
    const parts = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(parts) && parts.some((part) => isDatabaseUnavailable(part))) return true;
    current = record.cause;
  }
  return false;
}
