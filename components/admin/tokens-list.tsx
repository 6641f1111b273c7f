"use client";
import { Table } from "@/components/table";
import { callApi } from "../api-client";
import { ActionButton } from "./action-button";
import { ErrorNote, useAction } from "./use-action";

export interface TokenRow {
  id: string;
  name: string;
  createdAt: string | Date;
  lastUsedAt: string | Date | null;
  revokedAt: string | Date | null;
  user?: { email: string | null };
}

/** API tokens with a revoke button; `revokeBase` is the admin or the researcher route. */
export function TokensList({
  tokens,
  revokeBase,
  showOwner,
}: {
  tokens: TokenRow[];
  revokeBase: string;
  showOwner?: boolean;
}) {
  const { busy, error, run } = useAction();
  const when = (d: string | Date | null) => (d ? new Date(d).toLocaleString() : "—");
  return (
    <div className="space-y-2">
      <ErrorNote error={error} />
      {tokens.length === 0 ? <p className="text-sm muted">No tokens yet.</p> : null}
      <Table>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.id} data-token={t.name} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="py-1.5 font-medium">{t.name}</td>
              {showOwner ? <td>{t.user?.email}</td> : null}
              <td className="muted">created {when(t.createdAt)}</td>
              <td className="muted">last used {when(t.lastUsedAt)}</td>
              <td className="text-right">
                {t.revokedAt ? (
                  <span className="muted">revoked</span>
                ) : (
                  <ActionButton
                    kind="danger"
                    busy={busy}
                    onClick={() => run(() => callApi(`${revokeBase}/${t.id}`, "DELETE"))}
                  >
                    Revoke
                  </ActionButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
