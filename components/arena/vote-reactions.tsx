"use client";
// After the vote, never before: an optional one-tap reason per side for what went wrong in that answer (lib/arena/
// reactions.ts). A tap saves it, a second tap on the same reason takes it back; "other" asks for a few words.
import { useState } from "react";
import { useT } from "@/components/i18n";
import { PendingLabel, useLeaveGuard } from "@/components/pending";
import { REACTION_NOTE_CHARS, VISION_REACTIONS, type VisionReaction } from "@/lib/arena/client";
import { type ModelInfo, postJson } from "./api";

type Status = "idle" | "saving" | "saved" | "failed";

/** A reaction as stored: shown again after a reload. */
type Given = { reason: string; note: string | null };

function SideReactions({
  conversationId,
  side,
  model,
  given,
}: {
  conversationId: string;
  side: "a" | "b";
  model: ModelInfo;
  given?: Given;
}) {
  const t = useT();
  const [reason, setReason] = useState<VisionReaction | null>((given?.reason as VisionReaction | undefined) ?? null);
  const [note, setNote] = useState(given?.note ?? "");
  const [status, setStatus] = useState<Status>("idle");
  useLeaveGuard(status === "saving");
  async function save(next: VisionReaction | null, withNote?: string) {
    setStatus("saving");
    try {
      await postJson(`/api/conversations/${conversationId}/reaction`, {
        side,
        reason: next,
        ...(withNote ? { note: withNote } : {}),
      });
      setReason(next);
      setStatus("saved");
    } catch {
      setStatus("failed");
    }
  }
  const groupId = `reactions-${side}`;
  return (
    <div className="space-y-1" data-testid={`reactions-${side}`}>
      <p id={groupId} className="text-xs font-medium">
        {t("reactions.side", { name: model.displayName })}
      </p>
      <fieldset aria-labelledby={groupId} className="flex flex-wrap gap-1.5">
        {VISION_REACTIONS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={reason === value}
            disabled={status === "saving"}
            onClick={() => {
              if (value === "other" && reason !== "other") {
                // the note comes first; saved with it below
                setReason("other");
                setStatus("idle");
                return;
              }
              void save(reason === value ? null : value);
            }}
            className={`rounded-full border px-2.5 py-1 text-xs ${
              reason === value
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900"
            }`}
          >
            {t(`reactions.${value}`)}
          </button>
        ))}
      </fieldset>
      {reason === "other" && status !== "saved" && (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void save("other", note.trim() || undefined);
          }}
        >
          <input
            aria-label={t("reactions.note")}
            placeholder={t("reactions.note")}
            value={note}
            maxLength={REACTION_NOTE_CHARS}
            onChange={(e) => setNote(e.target.value)}
            className="input min-w-0 flex-1 text-xs"
          />
          <button type="submit" className="rounded-md border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700">
            {t("reactions.save")}
          </button>
        </form>
      )}
      <p aria-live="polite" className="text-xs muted">
        <PendingLabel busy={status === "saving"} busyLabel={t("pending.saving")}>
          {null}
        </PendingLabel>
        {status === "saved" ? (reason ? t("reactions.saved") : t("reactions.removed")) : ""}
        {status === "failed" ? <span role="alert">{t("reactions.failed")}</span> : null}
      </p>
    </div>
  );
}

export function VoteReactions({
  conversationId,
  models,
  given,
}: {
  conversationId: string;
  models: { a?: ModelInfo; b?: ModelInfo };
  given?: Partial<Record<"a" | "b", Given>>;
}) {
  const t = useT();
  const { a, b } = models;
  if (!a || !b) return null;
  return (
    <section
      aria-labelledby="reactions-title"
      className="space-y-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="vote-reactions"
    >
      <h2 id="reactions-title" className="text-sm font-medium">
        {t("reactions.title")} <span className="font-normal muted">{t("reactions.optional")}</span>
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <SideReactions conversationId={conversationId} side="a" model={a} given={given?.a} />
        <SideReactions conversationId={conversationId} side="b" model={b} given={given?.b} />
      </div>
    </section>
  );
}
