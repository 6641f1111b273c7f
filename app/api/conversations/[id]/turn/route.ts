import { z } from "zod";
import { prepareTurn, streamTurn } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, ipHashFrom, readJson, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

const body = z.object({
  sides: z
    .array(z.enum(["a", "b"]))
    .min(1)
    .optional(),
  regenerate: z.boolean().optional(),
});

/** Streams the answers to the latest prompt as NDJSON events (start, delta, done, error, end). */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const options = await readJson(request, body);
    const { id } = await params;
    const prisma = getDb();
    const plan = await prepareTurn(prisma, { conversationId: id, visitorId, ipHash: ipHashFrom(request), ...options });
    return new Response(streamTurn(prisma, plan), {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });
}
