"use client";
// "Like" on a gallery card: once per visitor (the server keeps it once); the count updates in place.
import { useState } from "react";
import { postJson } from "@/components/api-client";
import { useT } from "@/components/i18n";
import { PendingLabel, useLeaveGuard } from "@/components/pending";

export function LikeButton({ id, likes }: { id: string; likes: number }) {
  const t = useT();
  const [count, setCount] = useState(likes);
  const [state, setState] = useState<"idle" | "sending" | "liked" | "failed">("idle");
  useLeaveGuard(state === "sending");
  return (
    <button
      type="button"
      disabled={state === "sending" || state === "liked"}
      aria-pressed={state === "liked"}
      aria-busy={state === "sending"}
      onClick={async () => {
        setState("sending");
        try {
          const result = (await postJson(`/api/gallery/${id}/like`, {})) as { likes: number };
          setCount(result.likes);
          setState("liked");
        } catch {
          setState("failed");
        }
      }}
      className="rounded-md border border-zinc-300 px-2 py-0.5 text-xs disabled:opacity-70 dark:border-zinc-700"
      title={state === "failed" ? t("gallery.likeFirst") : undefined}
    >
      ♥ {count} ·{" "}
      <PendingLabel busy={state === "sending"} busyLabel={t("pending.saving")}>
        {state === "liked" ? t("gallery.liked") : t("gallery.like")}
      </PendingLabel>
    </button>
  );
}
