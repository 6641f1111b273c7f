"use client";
import { useState } from "react";
import { ColumnHeads } from "@/components/column-heads";
import { Options } from "@/components/options";
import { Table } from "@/components/table";
import type { RunComparison, RunInfo } from "@/lib/leaderboard";
import { callApi } from "../api-client";
import { ActionButton } from "./action-button";
import { ErrorNote, useAction } from "./use-action";

const fmt = (n: number | null, digits = 0) => (n === null ? "—" : n.toFixed(digits));

export function LeaderboardAdmin({ runs, requestedAt }: { runs: RunInfo[]; requestedAt: string | Date | null }) {
  const { busy, error, run } = useAction();
  const [a, setA] = useState(runs[1]?.runId ?? runs[0]?.runId ?? "");
  const [b, setB] = useState(runs[0]?.runId ?? "");
  const [comparison, setComparison] = useState<RunComparison | null>(null);
  const label = (r: RunInfo) =>
    `${new Date(r.createdAt).toLocaleString()} · ${r.votes} votes${r.published ? " · published" : ""}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Leaderboard runs</h1>
        <span className="space-x-2">
          <ActionButton
            kind="primary"
            busy={busy}
            onClick={() => run(() => callApi("/api/admin/leaderboard", "POST", { action: "recompute" }))}
          >
            Recompute now
          </ActionButton>
          <ActionButton
            busy={busy}
            onClick={() => run(() => callApi("/api/admin/leaderboard", "POST", { action: "unpublish" }))}
          >
            Serve the newest
          </ActionButton>
        </span>
      </div>
      {requestedAt ? (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
          Recompute requested at {new Date(requestedAt).toLocaleTimeString()}; the jobs process runs it at its next
          check. Reload to see it.
        </p>
      ) : null}
      <p className="text-sm muted">
        A run is one recompute of every board. Publishing freezes it as the public leaderboard until another run is
        published; otherwise the newest run is served.
      </p>
      <ErrorNote error={error} />
      <Table>
        <ColumnHeads
          variant="console"
          columns={["Computed", { label: "Votes", right: true }, { label: "Boards", right: true }, "Run", ""]}
        />
        <tbody>
          {runs.map((r) => (
            <tr key={r.runId} data-run={r.runId} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="py-1.5">{new Date(r.createdAt).toLocaleString()}</td>
              <td className="text-right tabular-nums">{r.votes}</td>
              <td className="text-right tabular-nums">
                {r.snapshots}
                {r.failedBoards.length > 0 && (
                  <span
                    className="ml-1 text-red-700 dark:text-red-400"
                    data-testid="failed-boards"
                    title={r.failedBoards
                      .map((f) => `${f.category}${f.styleControl ? " (style control)" : ""}: ${f.error}`)
                      .join("\n")}
                  >
                    ({r.failedBoards.length} failed)
                  </span>
                )}
              </td>
              {/* the run's id in short (its whole id on hover and in the data-run attribute): rows read by time and votes */}
              <td className="font-mono text-xs" title={r.runId}>
                {r.runId.slice(0, 8)}
              </td>
              <td className="text-right">
                {r.published ? (
                  <span className="text-emerald-700 dark:text-emerald-400">published</span>
                ) : (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={busy}
                    onClick={() =>
                      run(() => callApi("/api/admin/leaderboard", "POST", { action: "publish", runId: r.runId }))
                    }
                  >
                    Publish
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Compare two runs</h2>
        <form
          className="flex flex-wrap items-center gap-2 text-sm"
          onSubmit={async (e) => {
            e.preventDefault();
            const result = await run(
              () =>
                callApi<RunComparison>(
                  `/api/admin/leaderboard/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`,
                ),
              { refresh: false },
            );
            if (result) setComparison(result);
          }}
        >
          <select aria-label="Earlier run" className="input" value={a} onChange={(e) => setA(e.target.value)}>
            <Options items={runs} value={(r) => r.runId} label={(r) => label(r)} />
          </select>
          <span>→</span>
          <select aria-label="Later run" className="input" value={b} onChange={(e) => setB(e.target.value)}>
            <Options items={runs} value={(r) => r.runId} label={(r) => label(r)} />
          </select>
          <button type="submit" className="btn-secondary" disabled={busy || runs.length === 0}>
            Compare
          </button>
        </form>
        {comparison ? (
          <Table aria-label="Comparison">
            <ColumnHeads
              variant="console"
              columns={[
                "Model",
                { label: "Rank", right: true },
                { label: "Rating", right: true },
                { label: "Δ rating", right: true },
                { label: "Votes", right: true },
              ]}
            />
            <tbody>
              {comparison.models.map((m) => {
                const delta = m.rating[0] !== null && m.rating[1] !== null ? m.rating[1] - m.rating[0] : null;
                return (
                  <tr key={m.model} className="border-t border-zinc-200 dark:border-zinc-800">
                    <td className="py-1">{m.displayName}</td>
                    <td className="text-right tabular-nums">
                      {fmt(m.rank[0])} → {fmt(m.rank[1])}
                    </td>
                    <td className="text-right tabular-nums">
                      {fmt(m.rating[0])} → {fmt(m.rating[1])}
                    </td>
                    <td
                      className={`text-right tabular-nums ${delta !== null && delta < 0 ? "text-red-700" : "text-emerald-700"}`}
                    >
                      {delta === null ? "—" : `${delta >= 0 ? "+" : ""}${delta.toFixed(1)}`}
                    </td>
                    <td className="text-right tabular-nums">
                      {fmt(m.votes[0])} → {fmt(m.votes[1])}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        ) : null}
      </section>
    </div>
  );
}
