"use client";
// "Report": a side's answer to the moderators, with a reason from a short list and, if the visitor wants, a note.
import { useState } from "react";

const REASONS = [
  ["harmful", "Harmful or offensive"],
  ["wrong", "Wrong about the picture"],
  ["identity", "Says which model it is"],
  ["broken", "Broken or unreadable"],
  ["other", "Something else"],
] as const;

export type ReportReason = (typeof REASONS)[number][0];

const NOTE_CHARS = 500;

export function ReportAnswer({ onReport }: { onReport: (reason: ReportReason, note: string) => Promise<void> }) {
  const [state, setState] = useState<"closed" | "open" | "sending" | "sent" | "failed">("closed");
  const [reason, setReason] = useState<ReportReason>("harmful");
  const [note, setNote] = useState("");
  if (state === "sent") return <span className="text-xs text-zinc-600 dark:text-zinc-400">Reported. Thank you.</span>;
  if (state === "closed")
    return (
      <button
        type="button"
        onClick={() => setState("open")}
        className="text-xs text-zinc-600 underline hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        Report
      </button>
    );
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-xs"
      onSubmit={async (event) => {
        event.preventDefault();
        setState("sending");
        try {
          await onReport(reason, note.trim());
          setState("sent");
        } catch {
          setState("failed");
        }
      }}
    >
      <select
        aria-label="Why are you reporting this answer?"
        value={reason}
        onChange={(e) => setReason(e.target.value as ReportReason)}
        className="rounded-md border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {REASONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <textarea
        aria-label="Anything the moderators should know? (optional)"
        placeholder="Anything the moderators should know? (optional)"
        value={note}
        maxLength={NOTE_CHARS}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
        className="w-full min-w-0 rounded-md border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <button
        type="submit"
        disabled={state === "sending"}
        className="rounded-md border border-zinc-300 px-2 py-0.5 dark:border-zinc-700"
      >
        Send report
      </button>
      <button type="button" onClick={() => setState("closed")} className="underline">
        Cancel
      </button>
      {state === "failed" && <span role="alert">The report could not be sent; please try again.</span>}
    </form>
  );
}
