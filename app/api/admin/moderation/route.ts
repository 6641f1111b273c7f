import { moderationQueue } from "@/lib/admin/moderation";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { searchParams } from "@/lib/http/body";
import { handle } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return handle(async () => {
    await requireRole("admin");
    const status = searchParams(request).get("status");
    const wanted = status === "released" || status === "banned" ? status : "flagged";
    return Response.json({ flags: await moderationQueue(getDb(), { status: wanted }) });
  });
}
