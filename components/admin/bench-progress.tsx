"use client";
// The progress and cost of every offline run and judging, as the bench console shows them.
import type { ReactNode } from "react";
import { type Column, ColumnHeads } from "@/components/column-heads";
import { Table } from "@/components/table";
import type { JudgingStatus } from "@/lib/bench";
import type { RunStatus } from "@/lib/evals";
import { Section } from "./section";

const cost = (v: number | null) => (v === null ? "—" : `$${v.toFixed(4)}`);

function Progress({ done, total, label }: { done: number; total: number; label: string }) {
  return (
    <span className="flex items-center gap-2">
      <progress value={done} max={Math.max(total, 1)} aria-label={label} className="h-2 w-24" />
      <span className="tabular-nums">
        {done}/{total}
      </span>
    </span>
  );
}

/** A section of work items: its heading, "No … yet." while empty, else the table. */
function WorkTable(props: {
  id: string;
  title: string;
  count: number;
  width: string;
  columns: (Column | string)[];
  children: ReactNode;
}) {
  const { id, title, count, width, columns, children } = props;
  return (
    <Section title={title} size="base" count={count} empty={`No ${title.toLowerCase()} yet.`}>
      {count > 0 && (
        <Table aria-label={title} className={width} data-testid={`bench-${id}`}>
          <ColumnHeads variant="console" columns={columns} />
          <tbody>{children}</tbody>
        </Table>
      )}
    </Section>
  );
}

/** Where an item stands, with its failures; the reason it failed on hover. */
function StatusCell({ status, failed, error }: { status: string; failed: number; error: string | null }) {
  return (
    <td className="pr-3" title={error ?? undefined}>
      {status}
      {failed ? ` · ${failed} failed` : ""}
    </td>
  );
}

const numbers = (...labels: string[]): Column[] => labels.map((label) => ({ label, right: true }));
const ROW = "border-t border-zinc-200 dark:border-zinc-800";

export function BenchProgress({ runs, judgings }: { runs: RunStatus[]; judgings: JudgingStatus[] }) {
  return (
    <>
      <WorkTable
        id="runs"
        title="Runs"
        count={runs.length}
        width="min-w-[560px]"
        columns={["Model", "Set", "Status", "Answers", ...numbers("Tokens in / out", "Cost")]}
      >
        {runs.map((r) => (
          <tr key={r.id} className={ROW} data-run={r.id}>
            <td className="py-1.5 pr-3">{r.model}</td>
            <td className="pr-3">{r.set}</td>
            <StatusCell status={r.status} failed={r.failed} error={r.error} />
            <td className="pr-3">
              <Progress done={r.answered} total={r.items} label={`answers of ${r.model}`} />
            </td>
            <td className="pr-3 text-right tabular-nums">
              {r.inputTokens} / {r.outputTokens}
            </td>
            <td className="text-right tabular-nums">{cost(r.costUsd)}</td>
          </tr>
        ))}
      </WorkTable>
      <WorkTable
        id="judgings"
        title="Judgings"
        count={judgings.length}
        width="min-w-[640px]"
        columns={["Candidate", "Anchor · judge", "Status", "Games", ...numbers("Invalid", "Calls", "Cost")]}
      >
        {judgings.map((j) => (
          <tr key={j.id} className={ROW}>
            <td className="py-1.5 pr-3">{j.candidate}</td>
            <td className="pr-3">
              {j.anchor} · {j.judge}
            </td>
            <StatusCell status={j.status} failed={j.failed} error={j.error} />
            <td className="pr-3">
              <Progress done={j.judged + j.invalid} total={j.games} label={`judgments of ${j.candidate}`} />
            </td>
            <td className="pr-3 text-right tabular-nums">{j.invalid}</td>
            <td className="pr-3 text-right tabular-nums">{j.calls}</td>
            <td className="text-right tabular-nums">{cost(j.costUsd)}</td>
          </tr>
        ))}
      </WorkTable>
    </>
  );
}
