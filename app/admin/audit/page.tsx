import type { Metadata } from "next";
import { ColumnHeads } from "@/components/column-heads";
import { Table } from "@/components/table";
import { recentAudit } from "@/lib/admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Audit trail" };

export default async function AuditPage() {
  await pageRequiresRole("admin");
  const entries = await recentAudit(getDb());
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Audit trail</h1>
      <p className="text-sm muted">
        The last 200 changes made by staff, from the console or the <code>arena</code> command.
      </p>
      {entries.length === 0 ? <p className="text-sm muted">Nothing yet.</p> : null}
      <Table>
        <ColumnHeads variant="console" columns={["When", "Who", "What", "On", "Details"]} />
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-action={e.action} className="border-t border-zinc-200 align-top dark:border-zinc-800">
              <td className="py-1.5 whitespace-nowrap">{e.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td>
              <td>{e.actor}</td>
              <td className="font-mono text-xs">{e.action}</td>
              <td className="font-mono text-xs break-all">{e.target ?? ""}</td>
              <td className="font-mono text-xs break-all muted">
                {e.details === null ? "" : JSON.stringify(e.details)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
