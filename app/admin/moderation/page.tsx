import type { Metadata } from "next";
import { ModerationAdmin } from "@/components/admin/moderation-admin";
import { moderationDesk } from "@/lib/admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Moderation" };

export default async function ModerationPage({
  searchParams,
}: {
  searchParams: Promise<{ status?: string | string[]; model?: string | string[] }>;
}) {
  await pageRequiresRole("admin");
  const query = await searchParams;
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const desk = await moderationDesk(getDb(), { status: one(query.status), model: one(query.model) });
  return <ModerationAdmin flags={desk.flags} model={desk.model} status={desk.status} />;
}
