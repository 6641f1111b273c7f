// GET /api/metrics: the Prometheus exposition, behind a bearer token (ARENA_METRICS_TOKEN). Without a token
// configured the endpoint does not exist (404), so a deployment never exposes it by accident.
import crypto from "node:crypto";
import { config } from "../config";
import type { Db } from "../db/context";
import { NotFound, Unauthenticated } from "../errors";
import { processMetricsText } from "./cluster";
import { databaseMetrics } from "./database";
import { client } from "./registry.mjs";

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Throws unless the request carries the configured bearer token. */
export function requireMetricsToken(authorization: string | null): void {
  const expected = config().ARENA_METRICS_TOKEN;
  if (!expected) throw new NotFound("not_found", "no such address");
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim();
  if (!given || !sameToken(given, expected)) {
    throw new Unauthenticated("metrics_token_required", "send the metrics token as `Authorization: Bearer <token>`");
  }
}

/** This instance's processes and the database's figures, as Prometheus text. */
export async function scrapeMetrics(db: Db): Promise<{ contentType: string; text: string }> {
  const [processes, database] = await Promise.all([
    processMetricsText(),
    databaseMetrics(db)
      .then((registry) => registry.metrics())
      .catch(() => "# the database's figures are unavailable (database unreachable)\n"),
  ]);
  return { contentType: client.register.contentType, text: `${processes.trimEnd()}\n${database}` };
}
