import { likeGalleryBattle } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { ipHashFrom, visitorRoute } from "@/lib/http";

export const dynamic = "force-dynamic";

/** A visitor likes a battle of the gallery (once per visitor and per address). */
export const POST = visitorRoute(({ id, visitorId, request }) =>
  likeGalleryBattle(getDb(), { conversationId: id, visitorId, ipHash: ipHashFrom(request) }),
);
