"use client";
import Link from "next/link";
import { useState } from "react";
import { ColumnHeads } from "@/components/column-heads";
import { Table } from "@/components/table";
import type { ProbeResult } from "@/lib/admin";
import { callApi } from "../api-client";
import type { AdminModel, AdminProvider } from "./admin-models-types";
import { bodyOf, draftOf, ModelForm, ProbeView } from "./model-form";
import { ProvidersAdmin } from "./providers-admin";
import { ErrorNote, useAction } from "./use-action";

export function ModelsAdmin({ models, providers }: { models: AdminModel[]; providers: AdminProvider[] }) {
  const { busy, error, run } = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  const [probes, setProbes] = useState<Record<string, ProbeResult | "running">>({});

  async function test(id: string) {
    setProbes((p) => ({ ...p, [id]: "running" }));
    const result = await run(() => callApi<ProbeResult>(`/api/admin/models/${encodeURIComponent(id)}/test`, "POST"), {
      refresh: false,
    });
    setProbes((p) => {
      const next = { ...p };
      if (result) next[id] = result;
      else delete next[id];
      return next;
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Models</h1>
        <button type="button" className="btn-primary" onClick={() => setEditing("__new")}>
          New model
        </button>
      </div>
      <p className="text-sm muted">
        Changes reach every app instance within a second; the models file no longer overrides a model edited here.
        Weight 0 keeps a model out of battles (still offered in direct chat); outage takes it out for now.
      </p>
      <ErrorNote error={error} />
      {editing === "__new" ? (
        <ModelForm
          draft={draftOf(undefined, providers[0]?.id)}
          providers={providers}
          isNew
          busy={busy}
          onCancel={() => setEditing(null)}
          onSubmit={async (d) => {
            const ok = await run(() => callApi("/api/admin/models", "POST", { id: d.id, ...bodyOf(d) }));
            if (ok) setEditing(null);
          }}
        />
      ) : null}
      <Table>
        <ColumnHeads
          variant="console"
          columns={[
            "Model",
            "Provider",
            "Vision",
            "Weight",
            "Status",
            { label: "Battles", right: true },
            { label: "Votes", right: true },
            { label: "Open reports", right: true },
            { label: "Spend today", right: true },
            "",
          ]}
        />
        <tbody>
          {models.map((m) => {
            const probe = probes[m.id];
            return [
              <tr key={m.id} data-model={m.id} className="border-t border-zinc-200 dark:border-zinc-800">
                <td className="py-1.5">
                  <div className="font-medium">{m.displayName}</div>
                  <div className="text-xs muted">{m.id}</div>
                </td>
                <td>
                  {m.providerId} · <span className="muted">{m.providerModelId}</span>
                </td>
                <td>{m.vision ? "yes" : "no"}</td>
                <td>{m.weight}</td>
                <td>
                  {!m.enabled ? (
                    <span className="muted">disabled</span>
                  ) : m.outage ? (
                    <span className="text-amber-700 dark:text-amber-400">outage</span>
                  ) : (
                    <span className="text-emerald-700 dark:text-emerald-400">active</span>
                  )}
                </td>
                <td className="text-right tabular-nums">{m.battles}</td>
                <td className="text-right tabular-nums">{m.votes}</td>
                <td className="text-right tabular-nums">
                  {m.openReports > 0 ? (
                    <Link
                      href={`/admin/moderation?model=${encodeURIComponent(m.id)}`}
                      className="font-medium text-amber-800 underline dark:text-amber-300"
                      aria-label={`${m.openReports} open report${m.openReports === 1 ? "" : "s"} of ${m.displayName}`}
                    >
                      {m.openReports}
                    </Link>
                  ) : (
                    <span className="muted">0</span>
                  )}
                </td>
                <td className="text-right tabular-nums" data-spend={m.id}>
                  <SpendCell model={m} />
                </td>
                <td className="space-x-1 text-right">
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => setEditing(editing === m.id ? null : m.id)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={probe === "running"}
                    onClick={() => test(m.id)}
                  >
                    {probe === "running" ? "Testing…" : "Test"}
                  </button>
                </td>
              </tr>,
              editing === m.id || (probe && probe !== "running") ? (
                <tr key={`${m.id}-detail`}>
                  <td colSpan={10} className="space-y-2 pb-3">
                    {editing === m.id ? (
                      <ModelForm
                        draft={draftOf(m)}
                        providers={providers}
                        isNew={false}
                        busy={busy}
                        onCancel={() => setEditing(null)}
                        onSubmit={async (d) => {
                          const ok = await run(() =>
                            callApi(`/api/admin/models/${encodeURIComponent(m.id)}`, "PATCH", bodyOf(d)),
                          );
                          if (ok) setEditing(null);
                        }}
                      />
                    ) : null}
                    {probe && probe !== "running" ? <ProbeView result={probe} /> : null}
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </Table>
      <ProvidersAdmin providers={providers} />
    </div>
  );
}

const usd = (value: number) => `$${value < 10 ? value.toFixed(2) : Math.round(value).toLocaleString("en")}`;

/** Today's spend against the model's ceiling: a bar when there is one, marked when the model left the draw. */
function SpendCell({ model }: { model: AdminModel }) {
  if (!model.priced) return <span className="muted">no price</span>;
  const budget = model.dailyBudgetUsd;
  const label = budget === null ? usd(model.spendUsd) : `${usd(model.spendUsd)} of ${usd(budget)}`;
  return (
    <div className="inline-flex flex-col items-end gap-0.5">
      <span className={model.overBudget ? "font-medium text-amber-800 dark:text-amber-300" : undefined}>{label}</span>
      {budget !== null && (
        <meter
          className="h-1.5 w-20"
          min={0}
          max={budget || 1}
          high={budget * 0.8}
          value={Math.min(model.spendUsd, budget)}
          aria-label={`${model.displayName}: ${label} spent today`}
        />
      )}
      {model.overBudget && (
        <span className="text-xs text-amber-800 dark:text-amber-300">over budget: out of battles</span>
      )}
    </div>
  );
}
