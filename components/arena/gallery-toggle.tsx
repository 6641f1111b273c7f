"use client";
// After the vote: the visitor may show the battle in the public gallery (/explore), and take it back.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useT } from "@/components/i18n";
import { PendingLabel, useLeaveGuard } from "@/components/pending";
import { call } from "./api";

export function GalleryToggle({ conversationId, shown }: { conversationId: string; shown: boolean }) {
  const t = useT();
  const [inGallery, setInGallery] = useState(shown);
  const [state, setState] = useState<"idle" | "sending" | "failed">("idle");
  useEffect(() => setInGallery(shown), [shown]);
  useLeaveGuard(state === "sending");
  const toggle = async () => {
    setState("sending");
    try {
      const result = await call<{ inGallery: boolean }>(`/api/conversations/${conversationId}/gallery`, {
        method: inGallery ? "DELETE" : "POST",
      });
      setInGallery(result.inGallery);
      setState("idle");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="gallery-toggle">
      <button
        type="button"
        onClick={toggle}
        disabled={state === "sending"}
        aria-busy={state === "sending"}
        className="rounded-md border border-emerald-400 px-2 py-0.5 font-medium dark:border-emerald-700"
      >
        <PendingLabel busy={state === "sending"} busyLabel={t("pending.saving")}>
          {inGallery ? t("gallery.remove") : t("gallery.show")}
        </PendingLabel>
      </button>
      {inGallery && (
        <Link href="/explore" className="underline">
          {t("gallery.inGallery")}
        </Link>
      )}
      {state === "failed" && <span role="alert">{t("gallery.failed")}</span>}
    </span>
  );
}
