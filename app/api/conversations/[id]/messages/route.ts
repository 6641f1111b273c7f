import { z } from "zod";
import { addFollowUp } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, ipHashFrom, readJson, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

const body = z.object({ prompt: z.string() });

/** A follow-up prompt for every side of the conversation. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const { prompt } = await readJson(request, body);
    const { id } = await params;
    const result = await addFollowUp(getDb(), {
      conversationId: id,
      visitorId,
      ipHash: ipHashFrom(request),
      prompt,
    });
    return Response.json(result, { status: 201 });
  });
}
