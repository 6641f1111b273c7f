"use client";
// A model's parameter rules in the console (the models file's `params`): how it takes its length limit and
// temperature, its own length limit, reasoning effort and thinking budget. Empty fields leave the rule unset.
import type { ParamRules } from "@/lib/providers/client";

export interface ParamsDraft {
  maxTokens: string;
  temperature: string;
  maxOutputTokens: string;
  reasoningEffort: string;
  thinkingBudget: string;
}

export const paramsDraftOf = (rules: ParamRules | null | undefined): ParamsDraft => ({
  maxTokens: rules?.maxTokens ?? "",
  temperature: rules?.temperature ?? "",
  maxOutputTokens: rules?.maxOutputTokens?.toString() ?? "",
  reasoningEffort: rules?.reasoningEffort ?? "",
  thinkingBudget: rules?.thinkingBudget?.toString() ?? "",
});

/** The rules to save: the edited fields over the model's other rules (its image limits are kept). */
export function paramsOf(draft: ParamsDraft, current: ParamRules | null | undefined): ParamRules | null {
  const rules: Record<string, unknown> = { ...(current ?? {}) };
  const put = (key: string, value: unknown) => {
    if (value === "" || value === undefined || Number.isNaN(value)) delete rules[key];
    else rules[key] = value;
  };
  put("maxTokens", draft.maxTokens);
  put("temperature", draft.temperature);
  put("maxOutputTokens", draft.maxOutputTokens.trim() === "" ? "" : Number(draft.maxOutputTokens));
  put("reasoningEffort", draft.reasoningEffort);
  put("thinkingBudget", draft.thinkingBudget.trim() === "" ? "" : Number(draft.thinkingBudget));
  return Object.keys(rules).length ? (rules as ParamRules) : null;
}

const CHOICES = {
  maxTokens: [
    ["", "learned (max_tokens first)"],
    ["max_tokens", "max_tokens"],
    ["max_completion_tokens", "max_completion_tokens"],
    ["omit", "not sent"],
  ],
  temperature: [
    ["", "learned (sent first)"],
    ["send", "sent"],
    ["omit", "default only"],
  ],
  reasoningEffort: [
    ["", "the model's default"],
    ["minimal", "minimal"],
    ["low", "low"],
    ["medium", "medium"],
    ["high", "high"],
  ],
} as const;

export function ModelParamsFields({ value, onChange }: { value: ParamsDraft; onChange: (next: ParamsDraft) => void }) {
  const select = (key: keyof typeof CHOICES, label: string) => (
    <label className="block text-xs font-medium">
      {label}
      <select
        name={key}
        className="input mt-1 w-full"
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      >
        {CHOICES[key].map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const number = (key: "maxOutputTokens" | "thinkingBudget", label: string, placeholder: string) => (
    <label className="block text-xs font-medium">
      {label}
      <input
        name={key}
        type="number"
        min={0}
        step={1}
        placeholder={placeholder}
        className="input mt-1 w-full"
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <fieldset className="grid gap-3 sm:col-span-3 sm:grid-cols-3">
      <legend className="mb-1 text-xs font-semibold">Parameters</legend>
      {select("maxTokens", "Length limit sent as")}
      {select("temperature", "Temperature")}
      {number("maxOutputTokens", "Longest answer in tokens", "the arena's default")}
      {select("reasoningEffort", "Reasoning effort")}
      {number("thinkingBudget", "Thinking budget in tokens (Anthropic, Gemini)", "none")}
    </fieldset>
  );
}
