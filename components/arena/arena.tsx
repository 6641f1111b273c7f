"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ConversationView } from "@/lib/arena";
import type { UploadLimits } from "@/lib/images/client";
import { imageAlt } from "../format";
import { AnswerPane, type Verdict } from "./answer-pane";
import { ApiFailure, call, type ModelInfo, postJson, type Side, streamTurn, type Thought, type Winner } from "./api";
import { DEFAULT_LIMITS } from "./attachments";
import { battleView, type Mode, useBattle } from "./battle-state";
import { AfterVote } from "./after-vote";
import { Composer } from "./composer";
import { type Preset, useDraft } from "./draft";
import { ImageViewer } from "./image-viewer";
import { preloadMarkdown } from "./markdown";
import { ModelPickers } from "./model-pickers";
import { conversationInUrl, rememberConversation, resumedFrom } from "./resume";
import { TermsDialog } from "./terms-dialog";
import { VoteBar } from "./vote-bar";
import { useAnswersEndInView, useSwipe, useVoteKeys } from "./vote-dock";

/** How often a resumed page asks whether the answers the server is still writing have finished. */
const RESUME_POLL_MS = 1_500;

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
  const [state, dispatch] = useBattle(mode);
  const { conversationId, entries, turn, revealed, vote, awaitingServer } = state;
  const { sides: sidesOf, latestDone, streaming } = battleView(state);
  const [terms, setTerms] = useState<"unknown" | "needed" | "dismissed" | "accepted">("unknown");
  const [limits, setLimits] = useState<UploadLimits>(DEFAULT_LIMITS);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [loadingPreset, setLoadingPreset] = useState(false);
  const [models, setModels] = useState<ModelInfo[]>([]);
  const [picked, setPicked] = useState<Record<Side, string>>({ a: "", b: "" });
  const [shown, setShown] = useState<Side>("a");
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const draft = useDraft(limits, () => setNotice(null));

  const restore = useCallback(
    (view: ConversationView) => {
      const resumed = resumedFrom(view);
      dispatch({ type: "resumed", id: view.id, resumed });
      if (resumed.vote) setShareUrl(`${window.location.origin}/share/${view.id}`);
      if (mode !== "battle") setPicked({ a: resumed.revealed.a?.id ?? "", b: resumed.revealed.b?.id ?? "" });
    },
    [mode, dispatch],
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
          // ?a=…&b=… (from a battle's reveal) picks the models; an id the list does not hold is ignored
          const asked = new URLSearchParams(window.location.search);
          const known = (id: string | null) => (id && models.some((m) => m.id === id) ? id : null);
          const first = known(asked.get("a")) ?? models[0]?.id ?? "";
          const second = known(asked.get("b")) ?? models.find((m) => m.id !== first)?.id ?? "";
          setPicked((p) => (p.a ? p : { a: first, b: second }));
        })
        .catch(() => setNotice("The model list could not be loaded."));
    }
    // back to a battle after a reload, Back or Forward
    const id = conversationInUrl();
    if (id) {
      call<ConversationView>(`/api/conversations/${id}`)
        .then(restore)
        .catch(async (error: unknown) => {
          // someone else's battle (a link copied from the address bar): its read-only page, when it has one
          if (error instanceof ApiFailure && error.status === 404 && mode === "battle") {
            const shared = await fetch(`/share/${id}`, { method: "HEAD" }).catch(() => null);
            if (shared?.ok) {
              window.location.replace(`/share/${id}`);
              return;
            }
          }
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

  async function run(id: string, body: { sides?: Side[]; regenerate?: boolean }) {
    try {
      await streamTurn(id, body, (event) => dispatch({ type: "streamed", event }));
    } catch (error) {
      setNotice(friendly(error));
      dispatch({ type: "requestFailed", sides: body.sides ?? sidesOf, message: friendly(error) });
    }
  }

  // a battle starts from an image; follow-ups and the other modes may be text alone
  const needsImage = mode === "battle" && conversationId === null && draft.files.length === 0 && !draft.preset;
  const canVote = mode !== "direct" && conversationId !== null && latestDone && !vote && !busy && !streaming;
  const answersRef = useRef<HTMLDivElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  const voteRef = useRef<(winner: Winner) => void>(() => undefined);
  const voteByKey = useCallback((winner: Winner) => voteRef.current(winner), []);
  useVoteKeys(canVote, voteByKey);
  useAnswersEndInView(mode !== "direct" && latestDone && !streaming && !vote, turn, answersRef, dockRef);
  const swipe = useSwipe(setShown);

  async function send() {
    if (busy || streaming || !draft.prompt.trim()) return;
    preloadMarkdown();
    setBusy(true);
    setNotice(null);
    draft.setRefused([]);
    const text = draft.prompt;
    const previews = draft.previews();
    try {
      let id = conversationId;
      let nextTurn = turn + 1;
      if (!id) {
        const form = new FormData();
        form.set("mode", mode);
        form.set("prompt", text);
        for (const f of draft.files) form.append("images", f.file, f.file.name);
        if (draft.preset) form.set("presetId", draft.preset.id);
        if (mode !== "battle") {
          form.set("modelA", picked.a);
          if (mode === "side_by_side") form.set("modelB", picked.b);
        }
        const created = await call<{ id: string }>("/api/conversations", { method: "POST", body: form });
        id = created.id;
        nextTurn = 1;
        rememberConversation(id);
        dispatch({
          type: "created",
          id,
          revealed:
            mode === "battle"
              ? undefined
              : { a: models.find((m) => m.id === picked.a), b: models.find((m) => m.id === picked.b) },
        });
      } else if (draft.files.length > 0) {
        // a follow-up with new images goes as a form; both models receive them with the question
        const form = new FormData();
        form.set("prompt", text);
        for (const f of draft.files) form.append("images", f.file, f.file.name);
        await call(`/api/conversations/${id}/messages`, { method: "POST", body: form });
      } else {
        await postJson(`/api/conversations/${id}/messages`, { prompt: text });
      }
      dispatch({ type: "asked", turn: nextTurn, text, images: previews });
      draft.clear();
      await run(id, {});
    } catch (error) {
      setNotice(friendly(error));
    } finally {
      setBusy(false);
    }
  }

  voteRef.current = (winner) => void castVote(winner);
  async function castVote(winner: Winner) {
    if (!conversationId || !canVote) return;
    setBusy(true);
    try {
      const result = await postJson<{
        winner: Winner;
        models: Record<Side, ModelInfo>;
        thoughts?: Record<Side, Thought[]>;
      }>(`/api/conversations/${conversationId}/vote`, { winner });
      dispatch({ type: "voted", winner: result.winner, models: result.models, thoughts: result.thoughts });
      setShareUrl(`${window.location.origin}/share/${conversationId}`);
    } catch (error) {
      setNotice(friendly(error));
    } finally {
      setBusy(false);
    }
  }

  /** Ends both answers where they are; the server keeps them as stopped and the battle can still be voted. */
  async function stop() {
    if (!conversationId || !streaming || stopping) return;
    setStopping(true);
    try {
      await postJson(`/api/conversations/${conversationId}/stop`, {});
    } catch (error) {
      setNotice(friendly(error));
    } finally {
      setStopping(false);
    }
  }

  async function again(body: { sides?: Side[]; regenerate?: boolean }) {
    if (!conversationId || busy || (body.regenerate && (streaming || vote))) return;
    setBusy(true);
    setNotice(null);
    await run(conversationId, body);
    setBusy(false);
  }

  function newRound() {
    rememberConversation(null);
    dispatch({ type: "reset" });
    draft.clear();
    setNotice(null);
    setShareUrl(null);
    setShown("a");
  }

  async function randomImage() {
    setLoadingPreset(true);
    try {
      const bank = await call<Preset[]>("/api/presets");
      const choice = bank[Math.floor(Math.random() * bank.length)];
      if (choice) draft.choosePreset(choice);
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
  const firstTurn = entries.a.find((e) => e.role === "user");
  const images = firstTurn?.images ?? [];
  const firstPrompt = firstTurn?.content ?? "";

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
        <ModelPickers
          mode={mode}
          models={models}
          picked={picked}
          locked={conversationId !== null}
          onPick={(side, id) => setPicked((p) => ({ ...p, [side]: id }))}
        />
      )}

      {images.length > 0 && (
        <div className="flex flex-wrap justify-center gap-2" data-testid="battle-images">
          {images.map((url, i) => (
            <ImageViewer
              key={url}
              src={url}
              alt={imageAlt(firstPrompt, i, images.length)}
              thumbClass="max-h-56 max-w-full rounded-lg border border-zinc-200 dark:border-zinc-800"
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

      <div ref={answersRef} className={`grid gap-4 ${mode === "direct" ? "" : "md:grid-cols-2"}`} {...swipe}>
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
            onRetry={(side) => void again({ sides: [side] })}
            onReport={
              conversationId
                ? async (side, reason) => {
                    await postJson(`/api/conversations/${conversationId}/report`, { side, reason });
                  }
                : undefined
            }
          />
        ))}
      </div>

      {awaitingServer && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="resuming" aria-live="polite">
          Still answering: the answers appear here as soon as they are finished.
        </p>
      )}

      {/* before the vote, the vote bar and the composer stay pinned at the bottom of the screen, the vote above */}
      <div
        ref={dockRef}
        data-testid="dock"
        className={
          vote === null
            ? "sticky bottom-0 z-10 -mx-1 space-y-2 rounded-t-xl bg-zinc-50/95 px-1 pt-2 pb-1 backdrop-blur dark:bg-zinc-950/95"
            : "space-y-2"
        }
      >
        {mode !== "direct" && <VoteBar vote={vote} canVote={canVote} shareUrl={shareUrl} onVote={castVote} />}
        {mode === "battle" && vote !== null && conversationId && (
          <AfterVote conversationId={conversationId} models={{ a: revealed.a, b: revealed.b }} />
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

        <Composer
          mode={mode}
          draft={draft}
          started={conversationId !== null}
          voted={vote !== null}
          busy={busy || streaming}
          canSend={!busy && !streaming && Boolean(draft.prompt.trim()) && terms === "accepted" && !needsImage}
          needsImage={needsImage}
          loadingPreset={loadingPreset}
          onSend={() => void send()}
          onRandomImage={randomImage}
          onRegenerate={() => void again({ regenerate: true })}
          streaming={streaming && conversationId !== null}
          stopping={stopping}
          onStop={() => void stop()}
          onNewRound={newRound}
        />
      </div>
    </div>
  );
}
