"use client";
// The progress and cost of every offline run and judging, as the bench console shows them.
import { ColumnHeads } from "@/components/column-heads";
import { Table } from "@/components/table";
import type { JudgingStatus } from "@/lib/bench";
import type { RunStatus } from "@/lib/evals";

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

export function BenchProgress({ runs, judgings }: { runs: RunStatus[]; judgings: JudgingStatus[] }) {
  return (
    <>
      <section className="space-y-2" aria-labelledby="runs">
        <h2 id="runs" className="font-semibold">
          Runs
        </h2>
        {runs.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No runs yet.</p>
        ) : (
          <Table aria-label="Runs" className="min-w-[560px]" data-testid="bench-runs">
            <ColumnHeads
              variant="console"
              columns={[
                "Model",
                "Set",
                "Status",
                "Answers",
                { label: "Tokens in / out", right: true },
                { label: "Cost", right: true },
              ]}
            />
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-t border-zinc-200 dark:border-zinc-800" data-run={r.id}>
                  <td className="py-1.5 pr-3">{r.model}</td>
                  <td className="pr-3">{r.set}</td>
                  <td className="pr-3" title={r.error ?? undefined}>
                    {r.status}
                    {r.failed ? ` · ${r.failed} failed` : ""}
                  </td>
                  <td className="pr-3">
                    <Progress done={r.answered} total={r.items} label={`answers of ${r.model}`} />
                  </td>
                  <td className="pr-3 text-right tabular-nums">
                    {r.inputTokens} / {r.outputTokens}
                  </td>
                  <td className="text-right tabular-nums">{cost(r.costUsd)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <section className="space-y-2" aria-labelledby="judgings">
        <h2 id="judgings" className="font-semibold">
          Judgings
        </h2>
        {judgings.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No judgings yet.</p>
        ) : (
          <Table aria-label="Judgings" className="min-w-[640px]" data-testid="bench-judgings">
            <ColumnHeads
              variant="console"
              columns={[
                "Candidate",
                "Anchor · judge",
                "Status",
                "Games",
                { label: "Invalid", right: true },
                { label: "Calls", right: true },
                { label: "Cost", right: true },
              ]}
            />
            <tbody>
              {judgings.map((j) => (
                <tr key={j.id} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="py-1.5 pr-3">{j.candidate}</td>
                  <td className="pr-3">
                    {j.anchor} · {j.judge}
                  </td>
                  <td className="pr-3" title={j.error ?? undefined}>
                    {j.status}
                    {j.failed ? ` · ${j.failed} failed` : ""}
                  </td>
                  <td className="pr-3">
                    <Progress done={j.judged + j.invalid} total={j.games} label={`judgments of ${j.candidate}`} />
                  </td>
                  <td className="pr-3 text-right tabular-nums">{j.invalid}</td>
                  <td className="pr-3 text-right tabular-nums">{j.calls}</td>
                  <td className="text-right tabular-nums">{cost(j.costUsd)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </>
  );
}
