import type { Metadata } from "next";
import { IntegrityAdmin } from "@/components/admin/integrity-admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { bannedVisitors, flaggedVotersCached } from "@/lib/integrity";
import { allSettings } from "@/lib/settings";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Vote integrity" };

export default async function IntegrityPage() {
  await pageRequiresRole("admin");
  const db = getDb();
  const [flagged, banned, settings] = await Promise.all([flaggedVotersCached(db), bannedVisitors(db), allSettings(db)]);
  const cap = settings.find((s) => s.key === "votes.dailyCountedCap");
  return (
    <IntegrityAdmin
      flagged={flagged}
      banned={banned}
      dailyCap={Number(cap?.value ?? 200)}
      capSource={cap?.source ?? "environment"}
    />
  );
}
