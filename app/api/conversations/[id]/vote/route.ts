import { z } from "zod";
import { castVote, withRatings } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, ipHashFrom, readJson, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

const version = z.number().int().min(1).max(100);
const body = z.object({
  winner: z.enum(["model_a", "model_b", "tie", "tie (bothbad)"]),
  /** after Regenerate: which version of each answer was on screen */
  versions: z.object({ a: version.optional(), b: version.optional() }).strict().optional(),
});

export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const { winner, versions } = await readJson(request, body);
    const { id } = await params;
    const db = getDb();
    const result = await castVote(db, {
      conversationId: id,
      visitorId,
      winner,
      ipHash: ipHashFrom(request),
      versions,
    });
    return Response.json(await withRatings(db, result), { status: result.created ? 201 : 200 });
  });
}
