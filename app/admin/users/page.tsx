import type { Metadata } from "next";
import { UsersAdmin } from "@/components/admin/users-admin";
import { listUsers } from "@/lib/auth";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · People" };

export default async function UsersPage() {
  const admin = await pageRequiresRole("admin");
  return <UsersAdmin users={await listUsers(getDb())} me={admin.id} />;
}
