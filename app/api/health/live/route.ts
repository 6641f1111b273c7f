import { liveness } from "@/lib/health";

export const dynamic = "force-dynamic";

/** The process answers: no database, no I/O (an orchestrator restarts the container when this fails). */
export function GET() {
  return Response.json(liveness(), { headers: { "Cache-Control": "no-store" } });
}
