"use client";
// Whether the public boards count the cohorts' battles (`?c=<name>`, issue 69). Off by default: a class voting
// together is a cluster of like-minded votes; each cohort always has its own board on the research page.
import { useState } from "react";
import { callApi } from "../api-client";
import { SubmitButton } from "./action-button";
import { ErrorNote, useAction } from "./use-action";

export function CohortVotes({ on, source }: { on: boolean; source: string }) {
  const { busy, error, run } = useAction();
  const [checked, setChecked] = useState(on);
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        run(() => callApi("/api/admin/settings", "PUT", { key: "board.cohortVotes", value: checked }));
      }}
    >
      <ErrorNote error={error} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        Count cohorts&apos; battles (<code>?c=name</code>) on the public boards (now from the {source}; the boards are
        recomputed on save)
      </label>
      <SubmitButton busy={busy}>Save</SubmitButton>
    </form>
  );
}
