import { reactionInput, reactToAnswer } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, readJson, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

/** After the vote: what went wrong in one side's answer (a null reason takes it back). */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const input = await readJson(request, reactionInput);
    const { id } = await params;
    return Response.json(await reactToAnswer(getDb(), { conversationId: id, visitorId, ...input }));
  });
}
