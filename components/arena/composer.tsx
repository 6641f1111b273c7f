"use client";

import { type ClipboardEvent, type DragEvent, type FormEvent, useEffect, useRef } from "react";
import { useT } from "@/components/i18n";
import { Spinner } from "@/components/pending";
import type { Mode } from "./battle-state";
import type { Draft } from "./draft";

interface Props {
  mode: Mode;
  draft: Draft;
  /** the conversation has started: images went with the first message, so no more can be attached */
  started: boolean;
  voted: boolean;
  /** a request is in flight or an answer is streaming */
  busy: boolean;
  canSend: boolean;
  needsImage: boolean;
  /** the visitor's terms and limits are still on their way (a cold first visit): Send waits, and says why */
  preparing: boolean;
  loadingPreset: boolean;
  onSend: () => void;
  onRandomImage: () => void;
  onRegenerate: () => void;
  onNewRound: () => void;
  /** answers are streaming: Stop takes Send's place */
  streaming: boolean;
  stopping: boolean;
  onStop: () => void;
}

/** The message box with its attachments and the round's buttons (the page pins it, under the vote bar, until the vote). */
export function Composer(props: Props) {
  const t = useT();
  const { mode, draft, started, voted, busy } = props;
  // while answers stream, a phone's dock shrinks to the vote bar and Stop: the streaming text needs the screen
  const collapse = props.streaming ? "max-md:hidden" : "";
  const fileInput = useRef<HTMLInputElement>(null);
  const attach = (files: FileList | File[]) => {
    if (!started && files.length) void draft.addFiles(files);
  };
  usePageDropAndPaste(attach);
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSend();
      }}
      onDragOver={(e: DragEvent) => e.preventDefault()}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        attach(e.dataTransfer.files);
      }}
      className={`space-y-2 rounded-xl border border-zinc-200 bg-white shadow-lg dark:border-zinc-800 dark:bg-zinc-900 ${props.streaming ? "p-3 max-md:p-1.5" : "p-3"}`}
    >
      {draft.refused.length > 0 && (
        <div
          role="alert"
          data-testid="attach-errors"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <ul className="list-disc pl-4">
            {draft.refused.map((refusal) => {
              // a pasted image has no name: the catalogue's words for it
              const values = { ...refusal.values, name: refusal.values.name || t("attach.pasted") };
              const text = t(`attach.${refusal.code}`, values);
              return <li key={text}>{text}</li>;
            })}
          </ul>
        </div>
      )}
      <div className={collapse}>
        <Attachments draft={draft} />
      </div>
      {voted ? (
        <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="battle-over">
          <span className="text-zinc-700 dark:text-zinc-300">{t("composer.battleOver")}</span>
          <button
            type="button"
            onClick={props.onNewRound}
            className="rounded-md bg-brand-600 px-4 py-1.5 font-medium text-white hover:bg-brand-700"
          >
            {t("composer.newBattle")}
          </button>
        </p>
      ) : (
        <textarea
          value={draft.prompt}
          onChange={(e) => draft.setPrompt(e.target.value)}
          onPaste={(e: ClipboardEvent) => attach(Array.from(e.clipboardData.files))}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              props.onSend();
            }
          }}
          rows={2}
          placeholder={started ? t("composer.placeholderFollowUp") : t("composer.placeholderFirst")}
          aria-label={t("composer.message")}
          className={`w-full resize-none bg-transparent text-sm outline-none ${collapse}`}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          className="hidden"
          data-testid="file-input"
          onChange={(e) => {
            if (e.target.files) void draft.addFiles(e.target.files);
            e.target.value = "";
          }}
        />
        {/* images go with the first message, and a follow-up may bring new ones (both models receive them) */}
        {!voted && (
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            className={`rounded-md border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700 ${collapse}`}
          >
            {t("composer.attach")}
          </button>
        )}
        {mode === "battle" && !started && (
          <button
            type="button"
            disabled={props.loadingPreset}
            onClick={props.onRandomImage}
            aria-busy={props.loadingPreset}
            className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700"
          >
            {props.loadingPreset ? t("composer.loading") : t("composer.random")}
          </button>
        )}
        {mode !== "direct" && !voted && (
          <button
            type="button"
            onClick={props.onRegenerate}
            disabled={!started || busy}
            className={`rounded-md border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700 ${collapse}`}
          >
            {t("composer.regenerate")}
          </button>
        )}
        {!voted && (
          <button
            type="button"
            onClick={props.onNewRound}
            disabled={busy}
            className={`rounded-md border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700 ${collapse}`}
          >
            {mode === "direct" ? t("composer.newChat") : t("composer.newBattle")}
          </button>
        )}
        {!started && !props.needsImage && (draft.files.length > 0 || draft.preset) && !draft.prompt.trim() && (
          <span className="text-xs muted" data-testid="question-hint">
            {t("composer.needsQuestion")}
          </span>
        )}
        {props.preparing && (
          <span className="inline-flex items-center gap-1 text-xs muted" data-testid="preparing">
            <Spinner /> {t("composer.preparing")}
          </span>
        )}
        {props.needsImage && (
          <span className="text-xs muted" data-testid="image-hint">
            {t("composer.needsImage")}
          </span>
        )}
        {props.streaming ? (
          <button
            type="button"
            onClick={props.onStop}
            disabled={props.stopping}
            className="ml-auto rounded-md border border-red-300 bg-white px-4 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60 dark:border-red-700 dark:bg-zinc-900 dark:text-red-200 dark:hover:bg-red-950"
          >
            {props.stopping ? t("composer.stopping") : t("composer.stop")}
          </button>
        ) : (
          !voted && (
            <button
              type="submit"
              disabled={!props.canSend}
              className="ml-auto rounded-md bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {t("composer.send")}
            </button>
          )
        )}
      </div>
    </form>
  );
}

/** Previews of the attached files and the preset image, each with a button to remove it. */
function Attachments({ draft }: { draft: Draft }) {
  const t = useT();
  const { files, preset } = draft;
  if (files.length === 0 && !preset) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {preset && (
        <figure className="relative">
          {/* biome-ignore lint/performance/noImgElement: a preset from public/ or our image endpoint */}
          <img
            src={preset.url}
            alt={t("composer.presetAlt", { kind: preset.kind })}
            className="h-20 rounded-md border border-zinc-200"
          />
          {preset.credit && (
            <figcaption className="max-w-48 text-[10px] leading-tight muted">{preset.credit}</figcaption>
          )}
          <button
            type="button"
            onClick={draft.removePreset}
            className="absolute -right-2 -top-2 rounded-full bg-zinc-800 px-1.5 text-xs text-white"
            aria-label={t("composer.removePreset")}
          >
            ×
          </button>
        </figure>
      )}
      {files.map((f, i) => (
        <figure key={f.url} className="relative">
          {/* biome-ignore lint/performance/noImgElement: a local preview */}
          <img src={f.url} alt={f.file.name} className="h-20 rounded-md border border-zinc-200" />
          <button
            type="button"
            onClick={() => draft.removeFile(i)}
            className="absolute -right-2 -top-2 rounded-full bg-zinc-800 px-1.5 text-xs text-white"
            aria-label={t("composer.removeFile", { name: f.file.name })}
          >
            ×
          </button>
        </figure>
      ))}
    </div>
  );
}

/**
 * Images dropped anywhere on the page, or pasted while no other field has the focus, are attached as if dropped on
 * the message box (lmarena.ai's visitors paste screenshots and drop files onto the page, not onto the box).
 */
function usePageDropAndPaste(attach: (files: File[]) => void) {
  const latest = useRef(attach);
  latest.current = attach;
  useEffect(() => {
    const carriesFiles = (e: globalThis.DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes("Files");
    const over = (e: globalThis.DragEvent) => {
      if (carriesFiles(e)) e.preventDefault();
    };
    const drop = (e: globalThis.DragEvent) => {
      if (!carriesFiles(e) || e.defaultPrevented) return;
      e.preventDefault();
      latest.current(Array.from(e.dataTransfer?.files ?? []));
    };
    const paste = (e: globalThis.ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      // a field of its own (the message box handles its own paste) keeps what is pasted into it
      if (e.defaultPrevented || target?.closest("input, textarea, [contenteditable]")) return;
      const files = Array.from(e.clipboardData?.files ?? []);
      if (files.length) {
        e.preventDefault();
        latest.current(files);
      }
    };
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    window.addEventListener("paste", paste);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
      window.removeEventListener("paste", paste);
    };
  }, []);
}
