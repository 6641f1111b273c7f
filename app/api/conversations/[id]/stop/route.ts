import { requestStop } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Stops the answers of the latest turn still being written; they are kept, as stopped, at what was shown. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const { id } = await params;
    return Response.json({ stopped: await requestStop(getDb(), { conversationId: id, visitorId }) });
  });
}
