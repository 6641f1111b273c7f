"use client";
// After the vote: the visitor may show the battle in the public gallery (/explore), and take it back.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useT } from "@/components/i18n";
import { call } from "./api";

export function GalleryToggle({ conversationId, shown }: { conversationId: string; shown: boolean }) {
  const t = useT();
  const [inGallery, setInGallery] = useState(shown);
  const [state, setState] = useState<"idle" | "sending" | "failed">("idle");
  useEffect(() => setInGallery(shown), [shown]);
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
        className="rounded-md border border-emerald-400 px-2 py-0.5 font-medium dark:border-emerald-700"
      >
        {inGallery ? t("gallery.remove") : t("gallery.show")}
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
