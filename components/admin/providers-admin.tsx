"use client";
import { useState } from "react";
import { ColumnHeads } from "@/components/column-heads";
import { Table } from "@/components/table";
import { callApi } from "../api-client";
import { SubmitButton } from "./action-button";
import type { AdminProvider } from "./admin-models-types";
import { ProviderPresetPicker } from "./provider-presets";
import { ErrorNote, useAction } from "./use-action";

// The providers part of the models console: add or edit a provider (its type, base URL and the name of its key variable).

const PROVIDER_TYPES = ["openai_compatible", "anthropic", "google", "demo"];
const PROVIDER_FIELDS = [
  { key: "id", label: "Provider id", placeholder: "id" },
  { key: "type", label: "Provider type", placeholder: "" },
  { key: "baseURL", label: "Base URL", placeholder: "https://…/v1" },
  { key: "apiKeyEnv", label: "Key variable", placeholder: "OPENAI_API_KEY" },
  { key: "dailyBudgetUsd", label: "Daily budget, all its models (USD)", placeholder: "none" },
] as const;

export function ProvidersAdmin({ providers }: { providers: AdminProvider[] }) {
  const { busy, error, run } = useAction();
  const empty = { id: "", type: "openai_compatible", baseURL: "", apiKeyEnv: "", dailyBudgetUsd: "" };
  const [draft, setDraft] = useState<typeof empty | null>(null);
  const [quirks, setQuirks] = useState<string | null>(null);
  return (
    <section className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Providers</h2>
        <button type="button" className="btn-secondary" onClick={() => setDraft(empty)}>
          New provider
        </button>
      </div>
      <p className="text-sm muted">
        Keys stay in the server's environment: a provider names the variable that holds its key, never the key.
      </p>
      <ErrorNote error={error} />
      {draft ? (
        <form
          aria-label="Provider"
          className="grid gap-2 rounded-lg border border-zinc-200 p-3 sm:grid-cols-4 dark:border-zinc-800"
          onSubmit={async (e) => {
            e.preventDefault();
            const ok = await run(() =>
              callApi("/api/admin/providers", "POST", {
                ...draft,
                baseURL: draft.baseURL || null,
                apiKeyEnv: draft.apiKeyEnv || null,
                dailyBudgetUsd: draft.dailyBudgetUsd.trim() === "" ? null : Number(draft.dailyBudgetUsd),
              }),
            );
            if (ok) {
              setDraft(null);
              setQuirks(null);
            }
          }}
        >
          <ProviderPresetPicker
            onPick={(fill, said) => {
              setDraft({ ...empty, ...fill });
              setQuirks(said);
            }}
          />
          {quirks && (
            <p className="text-xs text-zinc-600 sm:col-span-4 dark:text-zinc-400" data-testid="preset-quirks">
              {quirks}
            </p>
          )}
          {PROVIDER_FIELDS.map((field) => (
            <div key={field.key} className="flex min-w-0 flex-col text-xs">
              <label htmlFor={`provider-${field.key}`}>{field.label}</label>
              {field.key === "type" ? (
                <select
                  id={`provider-${field.key}`}
                  className="input"
                  value={draft.type}
                  onChange={(e) => setDraft({ ...draft, type: e.target.value })}
                >
                  {PROVIDER_TYPES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              ) : (
                <input
                  id={`provider-${field.key}`}
                  className="input"
                  placeholder={field.placeholder}
                  value={draft[field.key]}
                  onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })}
                />
              )}
            </div>
          ))}
          <div className="flex gap-2 sm:col-span-4">
            <SubmitButton busy={busy}>Save provider</SubmitButton>
            <button type="button" className="btn-secondary" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <Table>
        <ColumnHeads
          variant="console"
          columns={["Id", "Type", "Base URL", "Key variable", { label: "Spend today", right: true }, ""]}
        />
        <tbody>
          {providers.map((p) => (
            <tr key={p.id} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="py-1.5 font-medium">{p.id}</td>
              <td>{p.type}</td>
              <td className="muted">{p.baseURL ?? "—"}</td>
              <td>
                {p.apiKeyEnv ?? "—"}{" "}
                {p.keyConfigured === false ? (
                  <span className="text-amber-700 dark:text-amber-400">(not set on this server)</span>
                ) : null}
              </td>
              <td className="text-right tabular-nums">
                {p.dailyBudgetUsd === null
                  ? `$${p.spendUsd.toFixed(2)}`
                  : `$${p.spendUsd.toFixed(2)} of $${p.dailyBudgetUsd.toFixed(2)}`}
              </td>
              <td className="text-right">
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() =>
                    setDraft({
                      id: p.id,
                      type: p.type,
                      baseURL: p.baseURL ?? "",
                      apiKeyEnv: p.apiKeyEnv ?? "",
                      dailyBudgetUsd: p.dailyBudgetUsd?.toString() ?? "",
                    })
                  }
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
