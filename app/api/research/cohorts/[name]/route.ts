import { requireResearcherRequest } from "@/lib/auth";
import { cohortBoard } from "@/lib/cohorts";
import { getDb } from "@/lib/db";
import { handle } from "@/lib/http";

export const dynamic = "force-dynamic";

/** One cohort's own board, from its counted votes alone (a malformed tag is a 400, an unknown one a 404). */
export function GET(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return handle(async () => {
    const db = getDb();
    await requireResearcherRequest(db, request);
    return Response.json(await cohortBoard(db, (await params).name));
  });
}
