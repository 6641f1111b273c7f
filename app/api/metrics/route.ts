import { getDb } from "@/lib/db";
import { handle } from "@/lib/http";
import { requireMetricsToken, scrapeMetrics } from "@/lib/metrics";

export const dynamic = "force-dynamic";

/** Prometheus exposition (bearer token ARENA_METRICS_TOKEN; 404 when none is configured). */
export function GET(request: Request) {
  return handle(async () => {
    requireMetricsToken(request.headers.get("authorization"));
    const { contentType, text } = await scrapeMetrics(getDb());
    return new Response(text, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
  });
}
