"use client";
import { useState } from "react";
import { Markdown } from "@/components/arena/markdown";
import { Table } from "@/components/table";
import type { ProbeResult } from "@/lib/admin";
import type { ParamRules } from "@/lib/providers/client";
import { callApi } from "../api-client";
import { ModelParamsFields, type ParamsDraft, paramsDraftOf, paramsOf } from "./model-params";
import { ProviderPresetPicker } from "./provider-presets";
import { ErrorNote, useAction } from "./use-action";

export interface AdminModel {
  id: string;
  providerId: string;
  providerModelId: string;
  displayName: string;
  organization: string | null;
  license: string | null;
  vision: boolean;
  enabled: boolean;
  outage: boolean;
  weight: number;
  battleTargets: string[];
  priceInputPerMTok: number | null;
  priceOutputPerMTok: number | null;
  maxAnswerChars: number | null;
  paramRules: ParamRules | null;
  isDemo: boolean;
  battles: number;
  votes: number;
}

export interface AdminProvider {
  id: string;
  type: string;
  baseURL: string | null;
  apiKeyEnv: string | null;
  keyConfigured: boolean | null;
}

const PROVIDER_TYPES = ["openai_compatible", "anthropic", "google", "demo"];
const PROVIDER_FIELDS = [
  { key: "id", label: "Provider id", placeholder: "id" },
  { key: "type", label: "Provider type", placeholder: "" },
  { key: "baseURL", label: "Base URL", placeholder: "https://…/v1" },
  { key: "apiKeyEnv", label: "Key variable", placeholder: "OPENAI_API_KEY" },
] as const;

type Draft = Omit<
  AdminModel,
  | "isDemo"
  | "battles"
  | "votes"
  | "battleTargets"
  | "priceInputPerMTok"
  | "priceOutputPerMTok"
  | "maxAnswerChars"
  | "paramRules"
> & {
  battleTargets: string;
  priceInputPerMTok: string;
  priceOutputPerMTok: string;
  maxAnswerChars: string;
  params: ParamsDraft;
  /** the rules as loaded, so that fields the form does not show (image limits) are kept */
  currentRules: ParamRules | null;
};

const draftOf = (m?: AdminModel, providerId = ""): Draft => ({
  id: m?.id ?? "",
  providerId: m?.providerId ?? providerId,
  providerModelId: m?.providerModelId ?? "",
  displayName: m?.displayName ?? "",
  organization: m?.organization ?? "",
  license: m?.license ?? "",
  vision: m?.vision ?? true,
  enabled: m?.enabled ?? true,
  outage: m?.outage ?? false,
  weight: m?.weight ?? 1,
  battleTargets: (m?.battleTargets ?? []).join(", "),
  priceInputPerMTok: m?.priceInputPerMTok?.toString() ?? "",
  priceOutputPerMTok: m?.priceOutputPerMTok?.toString() ?? "",
  maxAnswerChars: m?.maxAnswerChars?.toString() ?? "",
  params: paramsDraftOf(m?.paramRules),
  currentRules: m?.paramRules ?? null,
});

const price = (value: string) => (value.trim() === "" ? null : Number(value));

const bodyOf = ({ id: _id, params, currentRules, ...d }: Draft) => ({
  ...d,
  paramRules: paramsOf(params, currentRules),
  organization: d.organization || null,
  license: d.license || null,
  weight: Number(d.weight),
  priceInputPerMTok: price(d.priceInputPerMTok),
  priceOutputPerMTok: price(d.priceOutputPerMTok),
  maxAnswerChars: price(d.maxAnswerChars),
  battleTargets: d.battleTargets
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
});

function ModelForm({
  draft,
  providers,
  isNew,
  onSubmit,
  onCancel,
  busy,
}: {
  draft: Draft;
  providers: AdminProvider[];
  isNew: boolean;
  onSubmit: (d: Draft) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const [d, setD] = useState(draft);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const text = (
    key: "id" | "providerModelId" | "displayName" | "organization" | "license" | "battleTargets",
    label: string,
    hint?: string,
  ) => (
    <label className="block text-xs font-medium">
      {label}
      <input
        name={key}
        className="input mt-1 w-full"
        value={d[key] ?? ""}
        onChange={(e) => set(key, e.target.value)}
        disabled={key === "id" && !isNew}
        placeholder={hint}
      />
    </label>
  );
  return (
    <form
      aria-label={isNew ? "New model" : `Edit ${draft.displayName}`}
      className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-3 sm:grid-cols-3 dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(d);
      }}
    >
      {text("id", "Id", "e.g. gpt-4o-2024-08-06")}
      {text("displayName", "Display name")}
      {text("providerModelId", "Provider's model name")}
      <label className="block text-xs font-medium">
        Provider
        <select
          name="providerId"
          className="input mt-1 w-full"
          value={d.providerId}
          onChange={(e) => set("providerId", e.target.value)}
        >
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id} ({p.type})
            </option>
          ))}
        </select>
      </label>
      {text("organization", "Organisation")}
      {text("license", "Licence")}
      <label className="block text-xs font-medium">
        Sampling weight
        <input
          name="weight"
          type="number"
          min={0}
          step="any"
          className="input mt-1 w-full"
          value={d.weight}
          onChange={(e) => set("weight", Number(e.target.value))}
        />
      </label>
      {text("battleTargets", "Battle targets (ids, comma-separated)")}
      {(
        [
          ["priceInputPerMTok", "Price per million prompt tokens (USD)"],
          ["priceOutputPerMTok", "Price per million answer tokens (USD)"],
          ["maxAnswerChars", "Longest answer in characters (empty: the arena's default)"],
        ] as const
      ).map(([key, label]) => (
        <label key={key} className="block text-xs font-medium">
          {label}
          <input
            name={key}
            type="number"
            min={0}
            step="any"
            placeholder="unknown"
            className="input mt-1 w-full"
            value={d[key]}
            onChange={(e) => set(key, e.target.value)}
          />
        </label>
      ))}
      <ModelParamsFields value={d.params} onChange={(params) => set("params", params)} />
      <fieldset className="flex flex-wrap items-end gap-4 text-sm">
        {(["vision", "enabled", "outage"] as const).map((key) => (
          <label key={key} className="flex items-center gap-1">
            <input type="checkbox" name={key} checked={d[key]} onChange={(e) => set(key, e.target.checked)} />
            {key === "vision" ? "Reads images" : key === "enabled" ? "Enabled" : "Outage"}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-2 sm:col-span-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {isNew ? "Add model" : "Save"}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ProbeView({ result }: { result: ProbeResult }) {
  return (
    <div
      role="status"
      aria-label="Test result"
      className="space-y-1 rounded-lg border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p>
        <span
          className={
            result.ok
              ? "font-medium text-emerald-700 dark:text-emerald-400"
              : "font-medium text-red-700 dark:text-red-400"
          }
        >
          {result.ok ? "Answered" : "Failed"}
        </span>{" "}
        · first token {result.firstTokenMs ?? "—"} ms · total {result.totalMs} ms
        {result.finishReason ? ` · ${result.finishReason}` : ""}
      </p>
      <p className="text-zinc-600 dark:text-zinc-400">Prompt: {result.prompt}</p>
      {result.reply ? (
        <div className="rounded bg-zinc-50 p-2 dark:bg-zinc-950">
          <Markdown text={result.reply} />
        </div>
      ) : null}
      {result.error ? <p className="text-red-700 dark:text-red-400">{result.error.message}</p> : null}
      {result.warning ? <p className="text-amber-700 dark:text-amber-400">{result.warning}</p> : null}
    </div>
  );
}

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
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
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
        <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
          <tr>
            <th className="py-1">Model</th>
            <th>Provider</th>
            <th>Vision</th>
            <th>Weight</th>
            <th>Status</th>
            <th className="text-right">Battles</th>
            <th className="text-right">Votes</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {models.map((m) => {
            const probe = probes[m.id];
            return [
              <tr key={m.id} data-model={m.id} className="border-t border-zinc-200 dark:border-zinc-800">
                <td className="py-1.5">
                  <div className="font-medium">{m.displayName}</div>
                  <div className="text-xs text-zinc-600 dark:text-zinc-400">{m.id}</div>
                </td>
                <td>
                  {m.providerId} · <span className="text-zinc-600 dark:text-zinc-400">{m.providerModelId}</span>
                </td>
                <td>{m.vision ? "yes" : "no"}</td>
                <td>{m.weight}</td>
                <td>
                  {!m.enabled ? (
                    <span className="text-zinc-600 dark:text-zinc-400">disabled</span>
                  ) : m.outage ? (
                    <span className="text-amber-700 dark:text-amber-400">outage</span>
                  ) : (
                    <span className="text-emerald-700 dark:text-emerald-400">active</span>
                  )}
                </td>
                <td className="text-right tabular-nums">{m.battles}</td>
                <td className="text-right tabular-nums">{m.votes}</td>
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
                  <td colSpan={8} className="space-y-2 pb-3">
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

function ProvidersAdmin({ providers }: { providers: AdminProvider[] }) {
  const { busy, error, run } = useAction();
  const empty = { id: "", type: "openai_compatible", baseURL: "", apiKeyEnv: "" };
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
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
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
              setDraft(fill);
              setQuirks(said);
            }}
          />
          {quirks && (
            <p className="text-xs text-zinc-600 sm:col-span-4 dark:text-zinc-400" data-testid="preset-quirks">
              {quirks}
            </p>
          )}
          {PROVIDER_FIELDS.map((field) =>
            field.key === "type" ? (
              <select
                key={field.key}
                className="input"
                aria-label={field.label}
                value={draft.type}
                onChange={(e) => setDraft({ ...draft, type: e.target.value })}
              >
                {PROVIDER_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            ) : (
              <input
                key={field.key}
                className="input"
                aria-label={field.label}
                placeholder={field.placeholder}
                value={draft[field.key]}
                onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })}
              />
            ),
          )}
          <div className="flex gap-2 sm:col-span-4">
            <button type="submit" className="btn-primary" disabled={busy}>
              Save provider
            </button>
            <button type="button" className="btn-secondary" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <Table>
        <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
          <tr>
            <th className="py-1">Id</th>
            <th>Type</th>
            <th>Base URL</th>
            <th>Key variable</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {providers.map((p) => (
            <tr key={p.id} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="py-1.5 font-medium">{p.id}</td>
              <td>{p.type}</td>
              <td className="text-zinc-600 dark:text-zinc-400">{p.baseURL ?? "—"}</td>
              <td>
                {p.apiKeyEnv ?? "—"}{" "}
                {p.keyConfigured === false ? (
                  <span className="text-amber-700 dark:text-amber-400">(not set on this server)</span>
                ) : null}
              </td>
              <td className="text-right">
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() =>
                    setDraft({ id: p.id, type: p.type, baseURL: p.baseURL ?? "", apiKeyEnv: p.apiKeyEnv ?? "" })
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
