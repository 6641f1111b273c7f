import type { Metadata } from "next";
import { TokensList } from "@/components/admin/tokens-list";
import { listApiTokens } from "@/lib/auth";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · API tokens" };

export default async function TokensPage() {
  await pageRequiresRole("admin");
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Researcher API tokens</h1>
      <p className="text-sm muted">
        Researchers create their own on the research page; only a hash is stored. Revoking works at once.
      </p>
      <TokensList tokens={await listApiTokens(getDb())} revokeBase="/api/admin/tokens" showOwner />
    </div>
  );
}
