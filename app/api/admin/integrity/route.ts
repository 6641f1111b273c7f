import { staffRoute } from "@/lib/auth/session";
import { bannedVisitors, flaggedVotersCached } from "@/lib/integrity";

export const dynamic = "force-dynamic";

/** Voters FastChat's sequential test flags (not banned yet), and the banned visitors. */
export const GET = staffRoute("admin", async ({ db }) => {
  const [flagged, banned] = await Promise.all([flaggedVotersCached(db), bannedVisitors(db)]);
  return { flagged, banned };
});
