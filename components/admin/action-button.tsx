"use client";
// A console button that acts at once (publish, ban, revoke…): off while any of the page's actions is under way.
import type { ReactNode } from "react";

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
  return (
    <button type="button" className={`btn-${kind}`} disabled={busy} onClick={onClick}>
      {children}
    </button>
  );
}

/** A form's submit button in the console: off while any of the page's actions is under way. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn-primary" disabled={busy}>
      {children}
    </button>
  );
}
