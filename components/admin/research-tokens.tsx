"use client";
import { useState } from "react";
import { callApi } from "../api-client";
import { SubmitButton } from "./action-button";
import { TextInput } from "./text-input";
import { ErrorNote, useAction } from "./use-action";

/** Creates an API token and shows it once. */
export function CreateToken() {
  const { busy, error, run } = useAction();
  const [name, setName] = useState("");
  const [token, setToken] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <form
        className="flex flex-wrap gap-2 text-sm"
        onSubmit={async (e) => {
          e.preventDefault();
          const created = await run(() => callApi<{ token: string }>("/api/research/tokens", "POST", { name }));
          if (created) {
            setToken(created.token);
            setName("");
          }
        }}
      >
        <TextInput
          required
          label="Token name"
          placeholder="what it is for, e.g. nightly-sync"
          className="input w-72"
          value={name}
          onValue={setName}
        />
        <SubmitButton busy={busy}>Create token</SubmitButton>
      </form>
      <ErrorNote error={error} />
      {token ? (
        <p role="status" className="rounded-md bg-emerald-50 p-2 text-sm dark:bg-emerald-950">
          Copy it now; it is not shown again:{" "}
          <code className="break-all" data-new-token>
            {token}
          </code>
        </p>
      ) : null}
    </div>
  );
}
