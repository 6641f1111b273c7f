"use client";
// A pending state for every action that waits on the server (issue 69: a like, a reaction, a report or a moderation
// took 10–18 s on first use with nothing shown, and leaving meanwhile lost two reports): a spinner and a word where
// the action's label was (its button aria-busy), and a question before the page is left while the action is under way.
import { type ReactNode, useLayoutEffect } from "react";

export function Spinner() {
  return (
    <span
      aria-hidden
      className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent align-[-2px]"
    />
  );
}

/** The action's label, or while it is under way a spinner and `busyLabel` ("Sending…"). */
export function PendingLabel({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  if (!busy) return <>{children}</>;
  return (
    <span className="inline-flex items-center gap-1" data-testid="pending">
      <Spinner /> {busyLabel}
    </span>
  );
}

/**
 * While `active`, leaving the page asks first (the browser's own question): an answer still streaming, a report or
 * a like not yet stored. A layout effect, so the guard is in place in the commit that shows the pending state.
 */
export function useLeaveGuard(active: boolean) {
  useLayoutEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}
