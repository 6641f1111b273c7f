import type { Metadata } from "next";
import { FailuresAdmin } from "@/components/admin/failures-admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { failureCases, failureRunAnswers } from "@/lib/failures";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Failure cases" };

export default async function FailuresAdminPage() {
  await pageRequiresRole("admin");
  const db = getDb();
  const [cases, answers] = await Promise.all([failureCases(db), failureRunAnswers(db)]);
  return <FailuresAdmin cases={cases.filter((c) => c.status !== "rejected")} answers={answers} />;
}
