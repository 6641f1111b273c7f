"use client";

import { useCallback, useRef, useState } from "react";
import { useLocale, useT } from "@/components/i18n";
import { useLeaveGuard } from "@/components/pending";
import type { ConversationView } from "@/lib/arena";
import { imageAlt } from "../format";
import { AfterVote } from "./after-vote";
import { AnswerPane } from "./answer-pane";
import {
  type AnswerStats,
  call,
  type ModelInfo,
  postJson,
  type Side,
  streamTurn,
  type Thought,
  type Winner,
} from "./api";
import { ArenaNotices } from "./arena-notices";
import { battleView, type Mode, shownVersions, useBattle } from "./battle-state";
import { useCohort } from "./cohort";
import { Composer } from "./composer";
import { useDraft } from "./draft";
import { friendly } from "./friendly";
import { ImageViewer } from "./image-viewer";
import { preloadMarkdown } from "./markdown";
import { ModelPickers } from "./model-pickers";
import { useRandomImage } from "./random-image";
import { rememberConversation, resumedFrom } from "./resume";
import { sideStatus, sideTitle, verdictOf } from "./side-labels";
import { useStopAnswers } from "./stop-answers";
import { TermsDialog } from "./terms-dialog";
import { useArenaStart, useResumeWhileWriting } from "./use-arena-start";
import { VoteBar } from "./vote-bar";
import { useAnswersEndInView, useFollowAnswers, useSwipe, useVoteKeys } from "./vote-dock";
import { VoteReactions } from "./vote-reactions";

export function Arena({ mode }: { mode: Mode }) {
  const t = useT();
  const locale = useLocale();
  const [state, dispatch] = useBattle(mode);
  const { conversationId, entries, turn, revealed, vote, awaitingServer } = state;
  const { sides: sidesOf, latestDone, streaming } = battleView(state);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Side>("a");
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [picked, setPicked] = useState<Record<Side, string>>({ a: "", b: "" });
  // a bank photograph's credit (CC BY asks for it) stays under the picture for the whole battle
  const [credit, setCredit] = useState<string | null>(null);
  const [inGallery, setInGallery] = useState(false);
  // what the visitor said went wrong after the vote, as stored (a reload shows it again)
  const [reactions, setReactions] = useState<ConversationView["reactions"]>(undefined);
  const restore = useCallback(
    (view: ConversationView) => {
      const resumed = resumedFrom(view);
      setCredit(view.credit ?? null);
      setInGallery(view.inGallery ?? false);
      setReactions(view.reactions);
      dispatch({ type: "resumed", id: view.id, resumed });
      if (resumed.vote) setShareUrl(`${window.location.origin}/share/${view.id}`);
      if (mode !== "battle") setPicked({ a: resumed.revealed.a?.id ?? "", b: resumed.revealed.b?.id ?? "" });
    },
    [mode, dispatch],
  );
  const cohort = useCohort();
  const { terms, setTerms, limits, models, opening, withModel } = useArenaStart(mode, {
    restore,
    setNotice,
    setPicked,
  });
  const draft = useDraft(limits, () => setNotice(null));
  const { loadingPreset, randomImage } = useRandomImage(draft.choosePreset, setNotice);
  const { stopping, stop } = useStopAnswers(streaming ? conversationId : null, setNotice);
  useResumeWhileWriting(awaitingServer ? conversationId : null, restore);
  // leaving while the answers stream asks first (they are finished on the server and shown on return)
  useLeaveGuard(streaming);

  async function run(id: string, body: { sides?: Side[]; regenerate?: boolean }) {
    try {
      await streamTurn(id, body, (event) => dispatch({ type: "streamed", event }));
    } catch (error) {
      setNotice(friendly(error, t, locale));
      dispatch({ type: "requestFailed", sides: body.sides ?? sidesOf, message: friendly(error, t, locale) });
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
  useFollowAnswers(streaming, answersRef, dockRef);
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
        if (mode === "battle" && withModel) form.set("withModel", withModel.id);
        if (cohort.name) form.set("cohort", cohort.name);
        setCredit(draft.preset?.credit ?? null);
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
      setNotice(friendly(error, t, locale));
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
        stats?: Record<Side, AnswerStats[]>;
      }>(`/api/conversations/${conversationId}/vote`, { winner, versions: shownVersions(state) });
      dispatch({ type: "voted", ...result });
      setShareUrl(`${window.location.origin}/share/${conversationId}`);
    } catch (error) {
      setNotice(friendly(error, t, locale));
    } finally {
      setBusy(false);
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
    setCredit(null);
    setInGallery(false);
  }

  // the battle's images, shown once above both answers
  const firstTurn = entries.a.find((e) => e.role === "user");
  const images = firstTurn?.images ?? [];
  const firstPrompt = firstTurn?.content ?? "";

  if (opening) {
    return (
      <p className="text-sm muted" role="status" data-testid="opening">
        {t("arena.opening")}
      </p>
    );
  }

  return (
    <div className="space-y-4">
      {terms === "needed" && (
        <TermsDialog onAccepted={() => setTerms("accepted")} onDismiss={() => setTerms("dismissed")} />
      )}
      <ArenaNotices mode={mode} termsDismissed={terms === "dismissed"} onReadTerms={() => setTerms("needed")} />
      {mode !== "battle" && (
        <ModelPickers
          mode={mode}
          models={models}
          picked={picked}
          locked={conversationId !== null}
          onPick={(side, id) => setPicked((p) => ({ ...p, [side]: id }))}
        />
      )}

      {conversationId === null && (cohort.name || cohort.refused) && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm dark:bg-zinc-900" data-testid="cohort">
          {cohort.refused
            ? t("arena.cohortRefused", { tag: cohort.refused })
            : t("arena.cohort", { name: cohort.name ?? "" })}
        </p>
      )}

      {mode === "battle" && withModel && conversationId === null && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm dark:bg-zinc-900" data-testid="battle-with">
          {t("arena.withBefore")} <b>{withModel.displayName}</b>
          {t("arena.withAfter")}{" "}
          <a href="/" className="underline">
            {t("arena.withAny")}
          </a>
        </p>
      )}

      {images.length > 0 && (
        <div className="flex flex-wrap justify-center gap-2" data-testid="battle-images">
          {images.map((url, i) => (
            <ImageViewer
              key={url}
              src={url}
              alt={imageAlt(firstPrompt, i, images.length, t)}
              thumbClass="max-h-56 max-w-full rounded-lg border border-zinc-200 dark:border-zinc-800"
            />
          ))}
          {credit && (
            <p className="w-full text-center text-xs muted" data-testid="image-credit">
              {credit}
            </p>
          )}
        </div>
      )}

      {mode !== "direct" && (
        <fieldset className="grid grid-cols-2 gap-2 md:hidden">
          <legend className="sr-only">{t("arena.whichAnswer")}</legend>
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
              {t("arena.answerSide", { side: side.toUpperCase() })}
              {sideStatus(entries, side, t)}
            </button>
          ))}
        </fieldset>
      )}

      <div ref={answersRef} className={`grid gap-4 ${mode === "direct" ? "" : "md:grid-cols-2"}`} {...swipe}>
        {sidesOf.map((side) => (
          <AnswerPane
            key={side}
            side={side}
            title={sideTitle(mode, revealed, side, t)}
            entries={entries[side]}
            verdict={verdictOf(mode, vote, side)}
            revealed={revealed[side]}
            hiddenOnPhone={mode !== "direct" && shown !== side}
            busy={busy || streaming}
            onRetry={(side) => void again({ sides: [side] })}
            onShowVersion={(side, version) => dispatch({ type: "showVersion", side, version })}
            onReport={
              conversationId
                ? async (side, reason, note) => {
                    await postJson(`/api/conversations/${conversationId}/report`, {
                      side,
                      reason,
                      ...(note ? { note } : {}),
                    });
                  }
                : undefined
            }
          />
        ))}
      </div>

      {awaitingServer && (
        <p className="text-sm muted" data-testid="resuming" aria-live="polite">
          {t("arena.stillAnswering")}
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
        {mode !== "direct" && (
          <VoteBar
            vote={vote}
            canVote={canVote}
            shareUrl={shareUrl}
            onVote={castVote}
            gallery={mode === "battle" && conversationId ? { conversationId, shown: inGallery } : undefined}
          />
        )}
        {mode === "battle" && vote !== null && conversationId && (
          <>
            <VoteReactions
              key={conversationId}
              conversationId={conversationId}
              models={{ a: revealed.a, b: revealed.b }}
              given={reactions}
            />
            <AfterVote conversationId={conversationId} models={{ a: revealed.a, b: revealed.b }} />
          </>
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
          preparing={terms === "unknown" && !opening}
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
