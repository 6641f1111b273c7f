import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle } from "@/lib/http";
import { bannedVisitors, flaggedVotersCached } from "@/lib/integrity";

export const dynamic = "force-dynamic";

/** Voters FastChat's sequential test flags (not banned yet), and the banned visitors. */
export function GET() {
  return handle(async () => {
    await requireRole("admin");
    const db = getDb();
    const [flagged, banned] = await Promise.all([flaggedVotersCached(db), bannedVisitors(db)]);
    return Response.json({ flagged, banned });
  });
}
