"use client";
// A console button that acts at once (publish, ban, revoke…): off while any of the page's actions is under way, and
// the one that was pressed shows that it is working (the first moderation took 10–18 s with nothing shown).
import { type ReactNode, useEffect, useState } from "react";
import { useT } from "@/components/i18n";
import { PendingLabel } from "@/components/pending";

export function ActionButton({
  kind = "secondary",
  busy,
  onClick,
  children,
}: {
  kind?: "primary" | "secondary" | "danger";
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (!busy) setPressed(false);
  }, [busy]);
  return (
    <button
      type="button"
      className={`btn-${kind}`}
      disabled={busy}
      aria-busy={busy && pressed}
      onClick={() => {
        setPressed(true);
        onClick();
      }}
    >
      <PendingLabel busy={busy && pressed} busyLabel={t("pending.working")}>
        {children}
      </PendingLabel>
    </button>
  );
}

/** A form's submit button in the console: off while any of the page's actions is under way, saying it works. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
      <PendingLabel busy={busy} busyLabel={t("pending.working")}>
        {children}
      </PendingLabel>
    </button>
  );
}
