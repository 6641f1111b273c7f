import { moderationQueue } from "@/lib/admin";
import { staffRoute } from "@/lib/auth/session";
import { searchParams } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = staffRoute("admin", async ({ db, request }) => {
  const status = searchParams(request).get("status");
  const wanted = status === "released" || status === "banned" ? status : "flagged";
  return { flags: await moderationQueue(db, { status: wanted }) };
});
