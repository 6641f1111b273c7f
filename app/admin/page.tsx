import type { Metadata } from "next";
import { ModelsAdmin } from "@/components/admin/models-admin";
import { listModelsForAdmin } from "@/lib/admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { ensureRegistry } from "@/lib/providers";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Models" };

export default async function AdminModelsPage() {
  await pageRequiresRole("admin");
  const db = getDb();
  await ensureRegistry(db.prisma);
  const { models, providers } = await listModelsForAdmin(db);
  return <ModelsAdmin models={models} providers={providers} />;
}
