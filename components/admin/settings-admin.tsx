"use client";
import { useState } from "react";
import { callApi } from "../api-client";
import { SubmitButton } from "./action-button";
import { CohortVotes } from "./cohort-votes";
import { CompositeWeights, type CompositeWeightsValue } from "./composite-weights";
import { PairingPolicy, type PairingValue } from "./pairing-policy";
import { ErrorNote, useAction } from "./use-action";

export function SettingsAdmin({
  licence,
  licenceSource,
  cohortVotes,
  composite,
  pairing,
}: {
  licence: string;
  licenceSource: string;
  cohortVotes: { on: boolean; source: string };
  pairing: { value: PairingValue; source: string };
  composite: { weights: CompositeWeightsValue; source: string; benchmarks: { name: string; title: string }[] };
}) {
  const { busy, error, run } = useAction();
  const [text, setText] = useState(licence);
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Settings</h1>
      <ErrorNote error={error} />
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          run(() => callApi("/api/admin/settings", "PUT", { key: "export.licence", value: text.trim() ? text : null }));
        }}
      >
        <label htmlFor="licence" className="block text-sm font-medium">
          Licence of the exported data (printed in every datasheet; now from the {licenceSource})
        </label>
        <textarea
          id="licence"
          rows={8}
          className="input w-full font-mono"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <SubmitButton busy={busy}>Save licence</SubmitButton>
      </form>
      <PairingPolicy {...pairing} />
      <CohortVotes {...cohortVotes} />
      <CompositeWeights {...composite} />
      <p className="text-sm muted">The daily cap on counted votes is on the vote integrity page.</p>
    </div>
  );
}
