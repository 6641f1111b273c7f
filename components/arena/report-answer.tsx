"use client";
// "Report": a side's answer to the moderators, with a reason from a short list and, if the visitor wants, a note.
import { useState } from "react";
import { useT } from "@/components/i18n";
import { PendingLabel, useLeaveGuard } from "@/components/pending";

const REASONS = ["harmful", "wrong", "identity", "broken", "other"] as const;

export type ReportReason = (typeof REASONS)[number];

const NOTE_CHARS = 500;

export function ReportAnswer({ onReport }: { onReport: (reason: ReportReason, note: string) => Promise<void> }) {
  const t = useT();
  const [state, setState] = useState<"closed" | "open" | "sending" | "sent" | "failed">("closed");
  const [reason, setReason] = useState<ReportReason>("harmful");
  const [note, setNote] = useState("");
  // a report not yet stored is not lost by leaving: the browser asks first
  useLeaveGuard(state === "sending");
  if (state === "sent") return <span className="text-xs muted">{t("report.sent")}</span>;
  if (state === "closed")
    return (
      <button
        type="button"
        onClick={() => setState("open")}
        className="text-xs text-zinc-600 underline hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        {t("report.report")}
      </button>
    );
  return (
    // a row of its own under the answer's buttons, the note as wide as the answer (it was squeezed among them)
    <form
      className="order-last flex basis-full flex-wrap items-center gap-2 rounded-md border border-zinc-200 p-2 text-xs dark:border-zinc-800"
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
        aria-label={t("report.why")}
        value={reason}
        onChange={(e) => setReason(e.target.value as ReportReason)}
        className="rounded-md border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {REASONS.map((value) => (
          <option key={value} value={value}>
            {t(`report.${value}`)}
          </option>
        ))}
      </select>
      <textarea
        aria-label={t("report.note")}
        placeholder={t("report.note")}
        value={note}
        maxLength={NOTE_CHARS}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
        className="w-full min-w-0 rounded-md border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <button
        type="submit"
        disabled={state === "sending"}
        aria-busy={state === "sending"}
        className="rounded-md border border-zinc-300 px-2 py-0.5 dark:border-zinc-700"
      >
        <PendingLabel busy={state === "sending"} busyLabel={t("pending.sending")}>
          {t("report.send")}
        </PendingLabel>
      </button>
      <button type="button" onClick={() => setState("closed")} className="underline">
        {t("report.cancel")}
      </button>
      {state === "failed" && <span role="alert">{t("report.failed")}</span>}
    </form>
  );
}
