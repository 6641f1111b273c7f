import { reactionInput, reactToAnswer } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { readJson, visitorRoute } from "@/lib/http";

export const dynamic = "force-dynamic";

/** After the vote: what went wrong in one side's answer (a null reason takes it back). */
export const POST = visitorRoute(async ({ request, id, visitorId }) =>
  reactToAnswer(getDb(), { conversationId: id, visitorId, ...(await readJson(request, reactionInput)) }),
);
