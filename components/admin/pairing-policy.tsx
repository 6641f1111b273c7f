"use client";
// How battles' pairs are drawn (issue 70): FastChat's uniform draw by weight, or the adaptive draw (placement for
// unlisted models, votes where they decide the board) above a floor of uniform exploration.
import { useState } from "react";
import { callApi } from "../api-client";
import { SubmitButton } from "./action-button";
import { ErrorNote, useAction } from "./use-action";

export interface PairingValue {
  policy: "uniform" | "adaptive";
  exploration: number;
}

export function PairingPolicy({ value, source }: { value: PairingValue; source: string }) {
  const { busy, error, run } = useAction();
  const [policy, setPolicy] = useState(value.policy);
  const [exploration, setExploration] = useState(String(value.exploration));
  return (
    <form
      aria-label="Pairing"
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        run(() =>
          callApi("/api/admin/settings", "PUT", {
            key: "arena.pairing",
            value: { policy, exploration: Number(exploration) },
          }),
        );
      }}
    >
      <ErrorNote error={error} />
      <fieldset className="space-y-1 text-sm">
        <legend className="font-medium">How battles&apos; pairs are drawn (now from the {source})</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="policy" checked={policy === "uniform"} onChange={() => setPolicy("uniform")} />
          Uniform: by the models&apos; weights, as FastChat
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="policy" checked={policy === "adaptive"} onChange={() => setPolicy("adaptive")} />
          Adaptive: placement battles for unlisted models, then the pairs that decide the board
        </label>
        <label className="flex items-center gap-2">
          Exploration floor
          <input
            type="number"
            min={0.05}
            max={1}
            step={0.05}
            className="input w-24"
            value={exploration}
            disabled={policy === "uniform"}
            onChange={(e) => setExploration(e.target.value)}
          />
          <span className="muted">share of adaptive battles drawn uniformly</span>
        </label>
      </fieldset>
      <SubmitButton busy={busy}>Save pairing</SubmitButton>
    </form>
  );
}
