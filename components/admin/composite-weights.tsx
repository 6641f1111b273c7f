"use client";
// The composite board's weights (human votes, and each benchmark): what the next recompute fits with. Blank goes
// back to the environment's default (ARENA_COMPOSITE_WEIGHTS); docs/statistics.md says why the defaults are what they are.
import { useState } from "react";
import { callApi } from "../api-client";
import { SubmitButton } from "./action-button";
import { ErrorNote, useAction } from "./use-action";

export interface CompositeWeightsValue {
  human: number;
  benchmarks: Record<string, number>;
}

export function CompositeWeights({
  weights,
  source,
  benchmarks,
}: {
  weights: CompositeWeightsValue;
  source: string;
  /** every benchmark the registry knows, with its title */
  benchmarks: { name: string; title: string }[];
}) {
  const { busy, error, run } = useAction();
  const [values, setValues] = useState<Record<string, string>>({
    human: String(weights.human),
    ...Object.fromEntries(benchmarks.map((b) => [b.name, String(weights.benchmarks[b.name] ?? 0)])),
  });
  const fields = [{ name: "human", title: "Human votes" }, ...benchmarks];
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        const value = {
          human: Number(values.human),
          benchmarks: Object.fromEntries(benchmarks.map((b) => [b.name, Number(values[b.name])])),
        };
        run(() => callApi("/api/admin/settings", "PUT", { key: "board.compositeWeights", value }));
      }}
    >
      <h2 className="text-sm font-medium">
        Composite board weights (votes and ground truth; now from the {source}). 0 leaves a benchmark out; the next
        recompute uses them.
      </h2>
      <ErrorNote error={error} />
      <div className="flex flex-wrap gap-3">
        {fields.map((f) => (
          <label key={f.name} className="text-sm">
            <span className="block">{f.title}</span>
            <input
              type="number"
              min={0}
              max={100}
              step="any"
              required
              className="input w-28"
              value={values[f.name] ?? ""}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <SubmitButton busy={busy}>Save weights</SubmitButton>
    </form>
  );
}
