"use client";
import { type ReactNode, useState } from "react";
import { ColumnHeads } from "@/components/column-heads";
import { Table } from "@/components/table";
import { callApi } from "../api-client";
import { ActionButton, SubmitButton } from "./action-button";
import { Section } from "./section";
import { ErrorNote, useAction } from "./use-action";

interface FlaggedVoter {
  voter: string;
  votes: number;
  evidence: number;
  tail: "above" | "below";
}
interface Banned {
  id: string;
  bannedAt: string | Date;
  banReason: string | null;
  votes: number;
}

export function IntegrityAdmin({
  flagged,
  banned,
  dailyCap,
  capSource,
}: {
  flagged: FlaggedVoter[];
  banned: Banned[];
  dailyCap: number;
  capSource: string;
}) {
  const { busy, error, run } = useAction();
  const [cap, setCap] = useState(String(dailyCap));
  const act = (id: string, body: object) => run(() => callApi(`/api/admin/visitors/${id}`, "POST", body));
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Vote integrity</h1>
      <ErrorNote error={error} />
      <Section title="Daily cap">
        <form
          className="flex flex-wrap items-center gap-2 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            run(() => callApi("/api/admin/settings", "PUT", { key: "votes.dailyCountedCap", value: Number(cap) }));
          }}
        >
          <label htmlFor="daily-cap">Counted votes per visitor per day</label>
          <input
            id="daily-cap"
            type="number"
            min={1}
            className="input w-24"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
          />
          <SubmitButton busy={busy}>Save</SubmitButton>
          <span className="muted">
            (now from the {capSource}; later votes are kept but not counted, and the visitor is not told)
          </span>
        </form>
      </Section>
      <Section
        title="Flagged voters"
        note="FastChat's sequential test: each voter's votes against the crowd's on the same model pairs; flagged when the evidence passes 1/α. Banning leaves their votes out of the next snapshot."
        count={flagged.length}
        empty="No voter is flagged."
      >
        <Table>
          <ColumnHeads
            variant="console"
            columns={[
              "Visitor",
              { label: "Votes", right: true },
              { label: "Evidence", right: true },
              "Leaning (on models in id order)",
              "",
            ]}
          />
          <tbody>
            {flagged.map((f) => (
              <VisitorRow
                key={f.voter}
                id={f.voter}
                flagged
                action={
                  <ActionButton
                    kind="danger"
                    busy={busy}
                    onClick={() => act(f.voter, { action: "ban", reason: "outlier voting pattern" })}
                  >
                    Ban
                  </ActionButton>
                }
              >
                <td className="text-right tabular-nums">{f.votes}</td>
                <td className="text-right tabular-nums">{f.evidence.toExponential(2)}</td>
                <td>
                  {f.tail === "above"
                    ? "picks the first model more than the crowd"
                    : "picks the second model more than the crowd"}
                </td>
              </VisitorRow>
            ))}
          </tbody>
        </Table>
      </Section>
      <Section title="Banned visitors" count={banned.length} empty="Nobody is banned.">
        <Table>
          <tbody>
            {banned.map((b) => (
              <VisitorRow
                key={b.id}
                id={b.id}
                action={
                  <ActionButton busy={busy} onClick={() => act(b.id, { action: "unban" })}>
                    Unban
                  </ActionButton>
                }
              >
                <td>{b.banReason}</td>
                <td>{new Date(b.bannedAt).toLocaleString()}</td>
                <td className="text-right tabular-nums">{b.votes} votes</td>
              </VisitorRow>
            ))}
          </tbody>
        </Table>
      </Section>
    </div>
  );
}

/** A visitor's row: their id, the cells given, and the action at the end (ban or unban). */
function VisitorRow({
  id,
  flagged = false,
  action,
  children,
}: {
  id: string;
  /** marks a flagged voter's row (data-voter), as the browser tests find it */
  flagged?: boolean;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <tr data-voter={flagged ? id : undefined} className="border-t border-zinc-200 dark:border-zinc-800">
      <td className="py-1.5 font-mono text-xs">{id}</td>
      {children}
      <td className="text-right">{action}</td>
    </tr>
  );
}
