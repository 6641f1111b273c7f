"use client";
// After a battle's vote: carry on with the revealed pair (a copy of the battle as an unrated side-by-side
// conversation), or open them in side-by-side or direct chat from scratch.
import Link from "next/link";
import { useState } from "react";
import { useT } from "@/components/i18n";
import { type ModelInfo, postJson } from "./api";

export function AfterVote({
  conversationId,
  models,
}: {
  conversationId: string;
  models: { a?: ModelInfo; b?: ModelInfo };
}) {
  const t = useT();
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
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm muted" data-testid="after-vote">
      <button type="button" onClick={() => void keepChatting()} disabled={state === "busy"} className="btn-secondary">
        {t("afterVote.keepChatting")}
      </button>
      <span className="text-xs">{t("afterVote.notRated")}</span>
      <Link className={link} href={`/side-by-side?a=${encodeURIComponent(a.id)}&b=${encodeURIComponent(b.id)}`}>
        {t("afterVote.sideBySide")}
      </Link>
      <Link className={link} href={`/chat?a=${encodeURIComponent(a.id)}`}>
        {t("afterVote.chatWith", { name: a.displayName })}
      </Link>
      <Link className={link} href={`/chat?a=${encodeURIComponent(b.id)}`}>
        {t("afterVote.chatWith", { name: b.displayName })}
      </Link>
      {state === "failed" && (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {t("afterVote.failed")}
        </span>
      )}
    </div>
  );
}
