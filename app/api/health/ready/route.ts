import { config } from "@/lib/config";
import { getPool, getPrisma } from "@/lib/db";
import { readiness } from "@/lib/health";
import { warmNsfwPool } from "@/lib/image-safety";

export const dynamic = "force-dynamic";

/** Ready to serve: 200, or 503 with what is missing (a load balancer takes the instance out meanwhile). */
export async function GET() {
  const settings = config();
  // the first probe starts the classifier if the server's start did not (instrumentation.ts)
  const classifier = () => (settings.ARENA_NSFW_CHECK ? warmNsfwPool().state : undefined);
  const ready = await readiness(getPrisma(), getPool(), settings.ARENA_JOBS_PEER, classifier);
  return Response.json(ready, {
    status: ready.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
