import { likeGalleryBattle } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { visitorRoute } from "@/lib/http";

export const dynamic = "force-dynamic";

/** A visitor likes a battle of the gallery (once). */
export const POST = visitorRoute(({ id, visitorId }) => likeGalleryBattle(getDb(), { conversationId: id, visitorId }));
