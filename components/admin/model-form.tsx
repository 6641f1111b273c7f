"use client";
import { useState } from "react";
import { Markdown } from "@/components/arena/markdown";
import { Options } from "@/components/options";
import type { ProbeResult } from "@/lib/admin";
import type { ParamRules } from "@/lib/providers/client";
import type { AdminModel, AdminProvider } from "./admin-models-types";
import { ModelParamsFields, type ParamsDraft, paramsDraftOf, paramsOf } from "./model-params";

// One model of the console being edited (or added), and what its Test probe answered.

export type Draft = Omit<
  AdminModel,
  | "isDemo"
  | "battles"
  | "votes"
  | "openReports"
  | "spendUsd"
  | "priced"
  | "overBudget"
  | "dailyBudgetUsd"
  | "battleTargets"
  | "priceInputPerMTok"
  | "priceOutputPerMTok"
  | "maxAnswerChars"
  | "paramRules"
> & {
  battleTargets: string;
  priceInputPerMTok: string;
  priceOutputPerMTok: string;
  dailyBudgetUsd: string;
  maxAnswerChars: string;
  params: ParamsDraft;
  /** the rules as loaded, so that fields the form does not show (image limits) are kept */
  currentRules: ParamRules | null;
};

export const draftOf = (m?: AdminModel, providerId = ""): Draft => ({
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
  dailyBudgetUsd: m?.dailyBudgetUsd?.toString() ?? "",
  maxAnswerChars: m?.maxAnswerChars?.toString() ?? "",
  params: paramsDraftOf(m?.paramRules),
  currentRules: m?.paramRules ?? null,
});

const price = (value: string) => (value.trim() === "" ? null : Number(value));

export const bodyOf = ({ id: _id, params, currentRules, ...d }: Draft) => ({
  ...d,
  paramRules: paramsOf(params, currentRules),
  organization: d.organization || null,
  license: d.license || null,
  weight: Number(d.weight),
  priceInputPerMTok: price(d.priceInputPerMTok),
  priceOutputPerMTok: price(d.priceOutputPerMTok),
  dailyBudgetUsd: price(d.dailyBudgetUsd),
  maxAnswerChars: price(d.maxAnswerChars),
  battleTargets: d.battleTargets
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
});

export function ModelForm({
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
          <Options
            items={providers}
            value={(p) => p.id}
            label={(p) => (
              <>
                {p.id} ({p.type})
              </>
            )}
          />
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
          ["dailyBudgetUsd", "Daily budget (USD, from the prices; empty: none)"],
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

export function ProbeView({ result }: { result: ProbeResult }) {
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
      <p className="muted">Prompt: {result.prompt}</p>
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
