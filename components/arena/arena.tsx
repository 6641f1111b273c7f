"use client";

import { type ClipboardEvent, type DragEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { ConversationView } from "@/lib/arena";
import type { UploadLimits } from "@/lib/images/client";
import { AnswerPane, type Verdict } from "./answer-pane";
import { ApiFailure, call, type ModelInfo, postJson, type Side, streamTurn, type TurnEvent, type Winner } from "./api";
import { type Attachment, checkAttachments, DEFAULT_LIMITS } from "./attachments";
import { CopyButton } from "./copy-button";
import { conversationInUrl, type Entry, rememberConversation, resumedFrom } from "./resume";
import { TermsDialog } from "./terms-dialog";

type Mode = "battle" | "side_by_side" | "direct";

interface Preset {
  id: string;
  url: string;
  question: string;
  kind: string;
  /** where a benchmark item comes from and its licence, shown with it */
  credit?: string;
}

/** How often a resumed page asks whether the answers the server is still writing have finished. */
const RESUME_POLL_MS = 1_500;

const VOTES: { winner: Winner; label: string }[] = [
  { winner: "model_a", label: "A is better" },
  { winner: "model_b", label: "B is better" },
  { winner: "tie", label: "Tie" },
  { winner: "tie (bothbad)", label: "Both are bad" },
];

function friendly(error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.status === 429) {
      const wait = error.retryAfter
        ? ` Try again in ${error.retryAfter < 120 ? `${error.retryAfter} seconds` : `${Math.ceil(error.retryAfter / 60)} minutes`}.`
        : "";
      return `${error.message}${wait}`;
    }
    return error.message;
  }
  return "The connection was interrupted. Please try again.";
}

export function Arena({ mode }: { mode: Mode }) {
  const sidesOf: Side[] = mode === "direct" ? ["a"] : ["a", "b"];
  const [terms, setTerms] = useState<"unknown" | "needed" | "dismissed" | "accepted">("unknown");
  const [limits, setLimits] = useState<UploadLimits>(DEFAULT_LIMITS);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [entries, setEntries] = useState<Record<Side, Entry[]>>({ a: [], b: [] });
  const [turn, setTurn] = useState(0);
  const [revealed, setRevealed] = useState<Partial<Record<Side, ModelInfo>>>({});
  const [vote, setVote] = useState<Winner | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [awaitingServer, setAwaitingServer] = useState(false);
  const [prompt, setPrompt] = useState("");
  const [files, setFiles] = useState<Attachment[]>([]);
  const [preset, setPreset] = useState<Preset | null>(null);
  const [loadingPreset, setLoadingPreset] = useState(false);
  const [models, setModels] = useState<ModelInfo[]>([]);
  const [picked, setPicked] = useState<{ a: string; b: string }>({ a: "", b: "" });
  const [shown, setShown] = useState<Side>("a");
  const fileInput = useRef<HTMLInputElement>(null);
  const shareUrl = vote && conversationId ? `${window.location.origin}/share/${conversationId}` : null;

  const restore = useCallback(
    (view: ConversationView) => {
      const resumed = resumedFrom(view);
      setConversationId(view.id);
      setEntries(resumed.entries);
      setTurn(resumed.turn);
      setVote(resumed.vote);
      if (mode !== "battle" || resumed.vote) setRevealed(resumed.revealed);
      if (mode !== "battle") setPicked({ a: resumed.revealed.a?.id ?? "", b: resumed.revealed.b?.id ?? "" });
      setAwaitingServer(resumed.pending);
    },
    [mode],
  );

  useEffect(() => {
    call<{ termsAccepted: boolean; limits?: UploadLimits }>("/api/visitor")
      .then((v) => {
        setTerms(v.termsAccepted ? "accepted" : "needed");
        if (v.limits) setLimits(v.limits);
      })
      .catch(() => setTerms("needed"));
    if (mode !== "battle") {
      call<{ models: ModelInfo[] }>("/api/models")
        .then(({ models }) => {
          setModels(models);
          setPicked((p) => (p.a ? p : { a: models[0]?.id ?? "", b: models[1]?.id ?? "" }));
        })
        .catch(() => setNotice("The model list could not be loaded."));
    }
    // back to a battle after a reload, Back or Forward
    const id = conversationInUrl();
    if (id) {
      call<ConversationView>(`/api/conversations/${id}`)
        .then(restore)
        .catch(() => {
          rememberConversation(null);
          setNotice("That conversation could not be found. Start a new one below.");
        });
    }
  }, [mode, restore]);

  // answers the server was still writing when the page was left: ask until they are finished
  useEffect(() => {
    if (!awaitingServer || !conversationId) return;
    const timer = setInterval(() => {
      call<ConversationView>(`/api/conversations/${conversationId}`)
        .then(restore)
        .catch(() => undefined);
    }, RESUME_POLL_MS);
    return () => clearInterval(timer);
  }, [awaitingServer, conversationId, restore]);

  const apply = useCallback((event: TurnEvent) => {
    if (event.type === "end") return;
    setEntries((current) => {
      const side = event.side;
      const list = [...current[side]];
      const last = list[list.length - 1];
      if (event.type === "start") {
        const fresh: Entry = { turn: event.turn, role: "assistant", content: "", images: [], status: "streaming" };
        if (last?.role === "assistant" && last.turn === event.turn) list[list.length - 1] = fresh;
        else list.push(fresh);
      } else if (last?.role === "assistant") {
        if (event.type === "delta") list[list.length - 1] = { ...last, content: last.content + event.text };
        else if (event.type === "done") list[list.length - 1] = { ...last, status: "done" };
        else list[list.length - 1] = { ...last, status: "error", error: event.message };
      }
      return { ...current, [side]: list };
    });
  }, []);

  const run = useCallback(
    async (id: string, body: { sides?: Side[]; regenerate?: boolean }) => {
      try {
        await streamTurn(id, body, apply);
      } catch (error) {
        setNotice(friendly(error));
        // the request itself failed: whatever was streaming on the named sides did not finish
        setEntries((current) => {
          const next = { ...current };
          for (const side of body.sides ?? sidesOf) {
            const list = [...next[side]];
            const last = list[list.length - 1];
            if (last?.role === "assistant" && last.status === "streaming")
              list[list.length - 1] = { ...last, status: "error", error: friendly(error) };
            next[side] = list;
          }
          return next;
        });
      }
    },
    [apply, sidesOf],
  );

  const latestDone = sidesOf.every((side) => {
    const last = entries[side][entries[side].length - 1];
    return last?.role === "assistant" && last.turn === turn && last.status === "done";
  });
  const streaming = sidesOf.some((side) => entries[side].some((e) => e.status === "streaming"));

  // leaving while the answers stream asks first (they are finished on the server and shown on return)
  useEffect(() => {
    if (!streaming) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [streaming]);
  // a battle starts from an image; follow-ups and the other modes may be text alone
  const needsImage = mode === "battle" && conversationId === null && files.length === 0 && !preset;
  const canVote = mode !== "direct" && conversationId !== null && latestDone && !vote && !busy && !streaming;

  async function addFiles(list: FileList | File[]) {
    const incoming = Array.from(list);
    const { accepted, rejected } = await checkAttachments(incoming, files.length + (preset ? 1 : 0), limits);
    setRefused(rejected);
    setNotice(null);
    if (accepted.length) setFiles((current) => [...current, ...accepted]);
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy || streaming || !prompt.trim()) return;
    setBusy(true);
    setNotice(null);
    setRefused([]);
    const text = prompt;
    const previews = [...(preset ? [preset.url] : []), ...files.map((f) => f.url)];
    try {
      let id = conversationId;
      let nextTurn = turn + 1;
      if (!id) {
        const form = new FormData();
        form.set("mode", mode);
        form.set("prompt", text);
        for (const f of files) form.append("images", f.file, f.file.name);
        if (preset) form.set("presetId", preset.id);
        if (mode !== "battle") {
          form.set("modelA", picked.a);
          if (mode === "side_by_side") form.set("modelB", picked.b);
        }
        const created = await call<{ id: string }>("/api/conversations", { method: "POST", body: form });
        id = created.id;
        nextTurn = 1;
        setConversationId(id);
        rememberConversation(id);
        if (mode !== "battle") {
          setRevealed({ a: models.find((m) => m.id === picked.a), b: models.find((m) => m.id === picked.b) });
        }
      } else {
        await postJson(`/api/conversations/${id}/messages`, { prompt: text });
      }
      setTurn(nextTurn);
      setEntries((current) => {
        const next = { ...current };
        for (const side of sidesOf) {
          next[side] = [
            ...current[side],
            { turn: nextTurn, role: "user", content: text, images: nextTurn === 1 ? previews : [], status: "done" },
          ];
        }
        return next;
      });
      setPrompt("");
      setFiles([]);
      setPreset(null);
      await run(id, {});
    } catch (error) {
      setNotice(friendly(error));
    } finally {
      setBusy(false);
    }
  }

  async function castVote(winner: Winner) {
    if (!conversationId || !canVote) return;
    setBusy(true);
    try {
      const result = await postJson<{ winner: Winner; models: Record<Side, ModelInfo> }>(
        `/api/conversations/${conversationId}/vote`,
        { winner },
      );
      setVote(result.winner);
      setRevealed(result.models);
    } catch (error) {
      setNotice(friendly(error));
    } finally {
      setBusy(false);
    }
  }

  async function regenerate() {
    if (!conversationId || busy || streaming || vote) return;
    setBusy(true);
    setNotice(null);
    await run(conversationId, { regenerate: true });
    setBusy(false);
  }

  async function retry(side: Side) {
    if (!conversationId) return;
    setBusy(true);
    setNotice(null);
    await run(conversationId, { sides: [side] });
    setBusy(false);
  }

  function newRound() {
    setConversationId(null);
    rememberConversation(null);
    setEntries({ a: [], b: [] });
    setTurn(0);
    setRevealed(mode === "battle" ? {} : revealed);
    setVote(null);
    setNotice(null);
    setRefused([]);
    setAwaitingServer(false);
    setPrompt("");
    setFiles([]);
    setPreset(null);
    setShown("a");
  }

  async function randomImage() {
    setLoadingPreset(true);
    try {
      const bank = await call<Preset[]>("/api/presets");
      const choice = bank[Math.floor(Math.random() * bank.length)];
      if (!choice) return;
      setPreset(choice);
      setFiles([]);
      setRefused([]);
      setPrompt(choice.question);
    } catch {
      setNotice("No preset image could be loaded.");
    } finally {
      setLoadingPreset(false);
    }
  }

  // after a vote: how this side came out
  const verdictOf = (side: Side): Verdict | null => {
    if (!vote || mode === "direct") return null;
    if (vote === "tie") return "tie";
    if (vote === "tie (bothbad)") return "bothbad";
    return (vote === "model_a") === (side === "a") ? "winner" : "loser";
  };

  const title = (side: Side) => {
    const label = mode === "direct" ? "Model" : `Model ${side.toUpperCase()}`;
    const model = revealed[side];
    if (!model) return label;
    return `${label}: ${model.displayName}${model.isDemo ? " (demo)" : ""}`;
  };

  const sideState = (side: Side) => {
    const last = entries[side][entries[side].length - 1];
    if (last?.role !== "assistant") return "";
    return last.status === "streaming" ? " · answering…" : last.status === "error" ? " · failed" : " · ready";
  };

  // the battle's images, shown once above both answers
  const images = entries.a.find((e) => e.role === "user")?.images ?? [];

  return (
    <div className="space-y-4">
      {terms === "needed" && (
        <TermsDialog onAccepted={() => setTerms("accepted")} onDismiss={() => setTerms("dismissed")} />
      )}
      {terms === "dismissed" && (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          To ask the models, please read and accept the terms of use first.
          <button type="button" className="underline" onClick={() => setTerms("needed")}>
            Read the terms
          </button>
        </p>
      )}
      {mode === "battle" && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          Two anonymous models answer side by side. Vote for the better answer to see who they are.{" "}
          <strong>Play fair:</strong> if a model reveals its identity, your vote does not count.
        </p>
      )}
      {mode !== "battle" && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {(mode === "direct" ? (["a"] as const) : (["a", "b"] as const)).map((side) => (
            <label key={side} className="flex min-w-0 items-center gap-2">
              {mode === "direct" ? "Model" : `Model ${side.toUpperCase()}`}
              <select
                className="min-w-0 max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
                value={picked[side]}
                disabled={conversationId !== null}
                onChange={(e) => setPicked((p) => ({ ...p, [side]: e.target.value }))}
                aria-label={mode === "direct" ? "Model" : `Model ${side.toUpperCase()}`}
              >
                {models.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.displayName}
                    {m.vision ? "" : " (text only)"}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {mode === "side_by_side" && (
            <span className="text-zinc-600 dark:text-zinc-400">Named battles are not counted in the leaderboard.</span>
          )}
        </div>
      )}

      {images.length > 0 && (
        <div className="flex flex-wrap justify-center gap-2" data-testid="battle-images">
          {images.map((url) => (
            // biome-ignore lint/performance/noImgElement: user uploads are blob URLs or our image endpoint
            <img
              key={url}
              src={url}
              alt="attached"
              className="max-h-56 max-w-full rounded-lg border border-zinc-200 dark:border-zinc-800"
            />
          ))}
        </div>
      )}

      {mode !== "direct" && (
        <fieldset className="grid grid-cols-2 gap-2 md:hidden">
          <legend className="sr-only">Which answer to show</legend>
          {sidesOf.map((side) => (
            <button
              key={side}
              type="button"
              aria-pressed={shown === side}
              onClick={() => setShown(side)}
              data-testid={`show-${side}`}
              className={`rounded-lg border px-3 py-2 text-sm font-medium ${
                shown === side
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900"
              }`}
            >
              Answer {side.toUpperCase()}
              {sideState(side)}
            </button>
          ))}
        </fieldset>
      )}

      <div className={`grid gap-4 ${mode === "direct" ? "" : "md:grid-cols-2"}`}>
        {sidesOf.map((side) => (
          <AnswerPane
            key={side}
            side={side}
            title={title(side)}
            entries={entries[side]}
            verdict={verdictOf(side)}
            revealed={revealed[side]}
            hiddenOnPhone={mode !== "direct" && shown !== side}
            busy={busy || streaming}
            onRetry={retry}
          />
        ))}
      </div>

      {awaitingServer && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="resuming" aria-live="polite">
          Still answering: the answers appear here as soon as they are finished.
        </p>
      )}

      {mode !== "direct" && (
        <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <legend className="sr-only">Vote</legend>
          {VOTES.map((v) => (
            <button
              key={v.winner}
              type="button"
              disabled={!canVote}
              onClick={() => castVote(v.winner)}
              className={`rounded-lg border px-3 py-2 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-60 ${
                vote === v.winner
                  ? "border-brand-600 bg-brand-600 text-white disabled:opacity-100"
                  : "border-zinc-300 bg-white hover:border-brand-500 hover:bg-brand-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
              }`}
            >
              {v.label}
            </button>
          ))}
        </fieldset>
      )}

      {vote && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
          data-testid="vote-thanks"
        >
          <span>Thanks for voting!</span>
          {shareUrl && (
            <>
              <a className="font-medium underline" href={shareUrl} data-testid="share-link">
                Share this battle
              </a>
              <CopyButton text={shareUrl} />
            </>
          )}
        </div>
      )}

      {notice && (
        <p
          role="alert"
          data-testid="notice"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {notice}
        </p>
      )}

      <form
        onSubmit={send}
        onDragOver={(e: DragEvent) => e.preventDefault()}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          if (!conversationId && e.dataTransfer.files.length) void addFiles(e.dataTransfer.files);
        }}
        className={`${vote ? "" : "sticky bottom-0 z-10"} space-y-2 rounded-xl border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-900`}
      >
        {refused.length > 0 && (
          <div
            role="alert"
            data-testid="attach-errors"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            <ul className="list-disc pl-4">
              {refused.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}
        {(files.length > 0 || preset) && (
          <div className="flex flex-wrap gap-2">
            {preset && (
              <figure className="relative">
                {/* biome-ignore lint/performance/noImgElement: a preset from public/ or our image endpoint */}
                <img
                  src={preset.url}
                  alt={`preset ${preset.kind}`}
                  className="h-20 rounded-md border border-zinc-200"
                />
                {preset.credit && (
                  <figcaption className="max-w-48 text-[10px] leading-tight text-zinc-600 dark:text-zinc-400">
                    {preset.credit}
                  </figcaption>
                )}
                <button
                  type="button"
                  onClick={() => setPreset(null)}
                  className="absolute -right-2 -top-2 rounded-full bg-zinc-800 px-1.5 text-xs text-white"
                  aria-label="Remove preset image"
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
                  onClick={() => setFiles((list) => list.filter((_, k) => k !== i))}
                  className="absolute -right-2 -top-2 rounded-full bg-zinc-800 px-1.5 text-xs text-white"
                  aria-label={`Remove ${f.file.name}`}
                >
                  ×
                </button>
              </figure>
            ))}
          </div>
        )}
        {vote ? (
          <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="battle-over">
            <span className="text-zinc-700 dark:text-zinc-300">
              You voted, so this battle is over: the models are revealed and cannot be asked further.
            </span>
            <button
              type="button"
              onClick={newRound}
              className="rounded-md bg-brand-600 px-4 py-1.5 font-medium text-white hover:bg-brand-700"
            >
              New battle
            </button>
          </p>
        ) : (
          <textarea
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            onPaste={(e: ClipboardEvent) => {
              const pasted = Array.from(e.clipboardData.files);
              if (pasted.length && !conversationId) void addFiles(pasted);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
            rows={2}
            placeholder={conversationId ? "Ask a follow-up…" : "Upload an image and ask anything about it…"}
            aria-label="Your message"
            className="w-full resize-none bg-transparent text-sm outline-none"
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
              if (e.target.files) void addFiles(e.target.files);
              e.target.value = "";
            }}
          />
          {/* images go with the first message only: once it is sent, the buttons make room for the answers */}
          {conversationId === null && (
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700"
            >
              Attach image
            </button>
          )}
          {mode === "battle" && conversationId === null && (
            <button
              type="button"
              disabled={loadingPreset}
              onClick={randomImage}
              aria-busy={loadingPreset}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700"
            >
              {loadingPreset ? "Loading…" : "Random image"}
            </button>
          )}
          {mode !== "direct" && !vote && (
            <button
              type="button"
              onClick={regenerate}
              disabled={!conversationId || busy || streaming}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700"
            >
              Regenerate
            </button>
          )}
          {!vote && (
            <button
              type="button"
              onClick={newRound}
              disabled={busy || streaming}
              className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700"
            >
              {mode === "direct" ? "New chat" : "New battle"}
            </button>
          )}
          {needsImage && (
            <span className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="image-hint">
              Attach an image (or take a Random image) to start a battle
            </span>
          )}
          {!vote && (
            <button
              type="submit"
              disabled={busy || streaming || !prompt.trim() || terms !== "accepted" || needsImage}
              className="ml-auto rounded-md bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              Send
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
