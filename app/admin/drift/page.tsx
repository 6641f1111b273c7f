import type { Metadata } from "next";
import { DriftAdmin } from "@/components/admin/drift-admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { driftOverview } from "@/lib/drift";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Drift watch" };

export default async function DriftPage() {
  await pageRequiresRole("admin");
  return <DriftAdmin overview={await driftOverview(getDb())} />;
}
