import { continueWithPair } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, ipHashFrom, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

/** After the vote: the battle's history in a new side-by-side conversation with the same two models (unrated). */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const { id } = await params;
    const copy = await continueWithPair(getDb(), { conversationId: id, visitorId, ipHash: ipHashFrom(request) });
    return Response.json({ id: copy.id, url: `/side-by-side?c=${copy.id}` }, { status: 201 });
  });
}
