import { z } from "zod";
import { castVote, withRatings } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, ipHashFrom, readJson, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

const body = z.object({ winner: z.enum(["model_a", "model_b", "tie", "tie (bothbad)"]) });

export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const { winner } = await readJson(request, body);
    const { id } = await params;
    const db = getDb();
    const result = await castVote(db, { conversationId: id, visitorId, winner, ipHash: ipHashFrom(request) });
    return Response.json(await withRatings(db, result), { status: result.created ? 201 : 200 });
  });
}
