"use client";
// A reasoning model's thinking on the battle page: while it thinks, only how long (what it thinks would tell who it
// is, and how it writes); once the models are revealed, the thought itself, folded away.
import { useEffect, useState } from "react";
import { useT } from "@/components/i18n";

/** "thinking… 12 s", counted on this browser's clock from when the thinking started. */
export function ThinkingClock({ since }: { since: number }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.round((now - since) / 1000));
  return (
    <p data-testid="thinking" className="text-sm italic muted">
      {t("answer.thinking")} {/* the count changes every second: not read out each time inside the live region */}
      <span aria-hidden>{seconds} s</span>
    </p>
  );
}

const duration = (ms: number) =>
  ms < 60_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;

/** The revealed thought, collapsed: "Thought for 12 s". Plain text, never rendered as markdown or HTML. */
export function ThoughtBlock({ thought }: { thought: { text: string; ms: number } }) {
  const t = useT();
  return (
    <details data-testid="thought" className="mb-2 rounded-md border border-zinc-200 text-sm dark:border-zinc-700">
      <summary className="cursor-pointer px-3 py-1.5 text-zinc-700 dark:text-zinc-300">
        {t("answer.thoughtFor", { duration: duration(thought.ms) })}
      </summary>
      <p className="whitespace-pre-wrap break-words border-t border-zinc-200 px-3 py-2 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        {thought.text}
      </p>
    </details>
  );
}
