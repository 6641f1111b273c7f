import pg from "pg";
import { DomainError } from "../errors";
import { sql } from "./sql";

/** host:port/database of a connection string, without credentials: safe to print. */
export function describeDatabaseUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const database = url.pathname.replace(/^\//, "") || "(default database)";
    return `${url.hostname}:${url.port || "5432"}/${database}`;
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

export class DatabaseUnreachableError extends DomainError {
  constructor(
    readonly target: string,
    readonly reason: string,
  ) {
    super("unavailable", "database_unavailable", `cannot reach PostgreSQL at ${target}: ${reason}`);
  }
}

function explain(error: unknown): string {
  const err = error as NodeJS.ErrnoException & { code?: string };
  switch (err?.code) {
    case "ECONNREFUSED":
      return "connection refused (is the server running and listening on that port?)";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host name not found";
    case "ETIMEDOUT":
      return "connection timed out";
    case "28P01":
    case "28000":
      return "authentication failed (check the user and password)";
    case "3D000":
      return "the database does not exist";
    default:
      return (err?.message ?? String(error)).split("\n")[0] || "unknown error";
  }
}

/** Connects once and runs SELECT 1, turning any failure into a one-line DatabaseUnreachableError. */
export async function checkReachable(connectionString: string, timeoutMs = 5000): Promise<void> {
  const target = describeDatabaseUrl(connectionString);
  if (target.startsWith("(")) throw new DatabaseUnreachableError("DATABASE_URL", "it is not a valid postgresql:// URL");
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeoutMs });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query(sql`SELECT 1`);
  } catch (error) {
    throw new DatabaseUnreachableError(target, explain(error));
  } finally {
    await client.end().catch(() => undefined);
  }
}
