import { showInGallery, withdrawFromGallery } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The owner puts their voted battle in the public gallery (/explore). */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const { id } = await params;
    return Response.json(await showInGallery(getDb(), { conversationId: id, visitorId }));
  });
}

/** The owner takes it back out of the gallery. */
export function DELETE(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const { id } = await params;
    return Response.json(await withdrawFromGallery(getDb(), { conversationId: id, visitorId }));
  });
}
