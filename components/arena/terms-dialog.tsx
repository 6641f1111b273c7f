"use client";

import { useEffect, useRef, useState } from "react";
import { useT } from "@/components/i18n";
import { call } from "./api";

/**
 * The terms, as a modal dialog: focus moves into it and stays there (Tab cycles), Esc closes it without agreeing —
 * the arena stays readable, and sending asks again.
 */
export function TermsDialog({ onAccepted, onDismiss }: { onAccepted: () => void; onDismiss: () => void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const agree = useRef<HTMLButtonElement>(null);
  // the latest callback, without re-running the effect (and moving focus) at every render of the page
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    agree.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        dismiss.current();
      } else if (event.key === "Tab") {
        const focusable = dialog.current?.querySelectorAll<HTMLElement>("button, a[href]");
        if (!focusable?.length) return;
        const first = focusable[0] as HTMLElement;
        const last = focusable[focusable.length - 1] as HTMLElement;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, []);
  async function accept() {
    try {
      await call("/api/visitor", { method: "POST" });
      onAccepted();
    } catch {
      setError(t("terms.saveFailed"));
    }
  }
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="terms-title"
        className="max-w-lg space-y-3 rounded-xl bg-white p-6 shadow-xl dark:bg-zinc-900"
      >
        <h2 id="terms-title" className="text-lg font-semibold">
          {t("terms.title")}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
          <li>{t("terms.preview")}</li>
          <li>{t("terms.private")}</li>
          <li>{t("terms.released")}</li>
          <li>{t("terms.anonymous")}</li>
          <li>{t("terms.yourData")}</li>
        </ul>
        {error && <p className="text-sm text-red-700">{error}</p>}
        <button
          ref={agree}
          type="button"
          onClick={accept}
          className="w-full rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          {t("terms.agree")}
        </button>
        <button
          type="button"
          onClick={onDismiss}
          className="w-full rounded-md px-4 py-1 text-sm text-zinc-600 hover:underline dark:text-zinc-400"
        >
          {t("terms.notNow")}
        </button>
      </div>
    </div>
  );
}
