"use client";
import { useState } from "react";
import { useT } from "@/components/i18n";

/**
 * Copies a text (a share link, an answer's markdown, a code block) and says so for two seconds; where the
 * clipboard is refused, says that instead. A function is read at click time, for text only the page knows then.
 */
export function CopyButton({ text, label }: { text: string | (() => string); label?: string }) {
  const t = useT();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof text === "function" ? text() : text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  }
  return (
    <button
      type="button"
      onClick={copy}
      className="rounded-md border border-zinc-300 bg-white/90 px-2 py-0.5 text-xs font-medium text-zinc-700 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-900/90 dark:text-zinc-200 dark:hover:bg-zinc-800"
    >
      <span aria-live="polite">
        {state === "copied"
          ? t("answer.copied")
          : state === "failed"
            ? t("answer.copyFailed")
            : (label ?? t("answer.copyLink"))}
      </span>
    </button>
  );
}
