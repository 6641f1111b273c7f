import type { Metadata } from "next";
import { SettingsAdmin } from "@/components/admin/settings-admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { allSettings } from "@/lib/settings";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Settings" };

export default async function SettingsPage() {
  await pageRequiresRole("admin");
  const licence = (await allSettings(getDb())).find((s) => s.key === "export.licence");
  return <SettingsAdmin licence={String(licence?.value ?? "")} licenceSource={licence?.source ?? "environment"} />;
}
