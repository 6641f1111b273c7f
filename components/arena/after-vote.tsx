"use client";
// After a battle's vote: carry on with the revealed pair (a copy of the battle as an unrated side-by-side
// conversation), or open them in side-by-side or direct chat from scratch.
import Link from "next/link";
import { useState } from "react";
import { type ModelInfo, postJson } from "./api";

export function AfterVote({
  conversationId,
  models,
}: {
  conversationId: string;
  models: { a?: ModelInfo; b?: ModelInfo };
}) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const { a, b } = models;
  if (!a || !b) return null;
  async function keepChatting() {
    setState("busy");
    try {
      const { url } = await postJson<{ url: string }>(`/api/conversations/${conversationId}/continue`, {});
      window.location.assign(url);
    } catch {
      setState("failed");
    }
  }
  const link = "underline hover:text-zinc-900 dark:hover:text-zinc-100";
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-zinc-600 dark:text-zinc-400"
      data-testid="after-vote"
    >
      <button type="button" onClick={() => void keepChatting()} disabled={state === "busy"} className="btn-secondary">
        Keep chatting with these two
      </button>
      <span className="text-xs">(not rated)</span>
      <Link className={link} href={`/side-by-side?a=${encodeURIComponent(a.id)}&b=${encodeURIComponent(b.id)}`}>
        Side by side
      </Link>
      <Link className={link} href={`/chat?a=${encodeURIComponent(a.id)}`}>
        Chat with {a.displayName}
      </Link>
      <Link className={link} href={`/chat?a=${encodeURIComponent(b.id)}`}>
        Chat with {b.displayName}
      </Link>
      {state === "failed" && (
        <span role="alert" className="text-red-700 dark:text-red-300">
          That did not work. Please try again.
        </span>
      )}
    </div>
  );
}
