import { conversationView } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, visitorIdFrom } from "@/lib/http";

export const dynamic = "force-dynamic";

export function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const { id } = await params;
    return Response.json(await conversationView(getDb(), id, { visitorId: visitorIdFrom(request) }));
  });
}
