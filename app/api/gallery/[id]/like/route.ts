import { likeGalleryBattle } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

/** A visitor likes a battle of the gallery (once). */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const { id } = await params;
    return Response.json(await likeGalleryBattle(getDb(), { conversationId: id, visitorId }));
  });
}
