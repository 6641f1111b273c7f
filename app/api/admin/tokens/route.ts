import { listApiTokens } from "@/lib/auth";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Every researcher API token (names and dates; the tokens themselves are not stored). */
export function GET() {
  return handle(async () => {
    await requireRole("admin");
    return Response.json({ tokens: await listApiTokens(getDb()) });
  });
}
