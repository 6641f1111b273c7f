import { showInGallery, withdrawFromGallery } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { visitorRoute } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The owner puts their voted battle in the public gallery (/explore). */
export const POST = visitorRoute(({ id, visitorId }) => showInGallery(getDb(), { conversationId: id, visitorId }));

/** The owner takes it back out of the gallery. */
export const DELETE = visitorRoute(({ id, visitorId }) =>
  withdrawFromGallery(getDb(), { conversationId: id, visitorId }),
);
