import { config } from "@/lib/config";
import { getPool, getPrisma } from "@/lib/db";
import { readiness } from "@/lib/health";

export const dynamic = "force-dynamic";

/** Ready to serve: 200, or 503 with what is missing (a load balancer takes the instance out meanwhile). */
export async function GET() {
  const ready = await readiness(getPrisma(), getPool(), config().ARENA_JOBS_PEER);
  return Response.json(ready, {
    status: ready.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
