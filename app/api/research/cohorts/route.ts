import { requireResearcherRequest } from "@/lib/auth";
import { cohortSummaries } from "@/lib/cohorts";
import { getDb } from "@/lib/db";
import { handle } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Every cohort's tag with its battles and counted votes (researchers and admins; a token or a session). */
export function GET(request: Request) {
  return handle(async () => {
    const db = getDb();
    await requireResearcherRequest(db, request);
    return Response.json({ cohorts: await cohortSummaries(db) });
  });
}
