import { moderationQueue } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, searchParams } from "@/lib/http";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return handle(async () => {
    await requireRole("admin");
    const status = searchParams(request).get("status");
    const wanted = status === "released" || status === "banned" ? status : "flagged";
    return Response.json({ flags: await moderationQueue(getDb(), { status: wanted }) });
  });
}
