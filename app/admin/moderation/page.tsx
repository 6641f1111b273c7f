import type { Metadata } from "next";
import { ModerationAdmin } from "@/components/admin/moderation-admin";
import { moderationQueue } from "@/lib/admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Moderation" };

export default async function ModerationPage() {
  await pageRequiresRole("admin");
  return <ModerationAdmin flags={await moderationQueue(getDb())} />;
}
