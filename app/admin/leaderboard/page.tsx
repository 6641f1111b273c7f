import type { Metadata } from "next";
import { LeaderboardAdmin } from "@/components/admin/leaderboard-admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { listRuns, pendingRecompute } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Leaderboard" };

export default async function LeaderboardAdminPage() {
  await pageRequiresRole("admin");
  const db = getDb();
  const [runs, requested] = await Promise.all([listRuns(db, 30), pendingRecompute(db)]);
  return <LeaderboardAdmin runs={runs} requestedAt={requested} />;
}
