"use client";

import { useCallback, useRef, useState } from "react";
import { useLocale, useT } from "@/components/i18n";
import { useLeaveGuard } from "@/components/pending";
import type { ConversationView } from "@/lib/arena";
import { AfterVote } from "./after-vote";
import { AnswerPane } from "./answer-pane";
import { postVote, reportAnswer, type Side, streamTurn, type Winner } from "./api";
import { ArenaNotices } from "./arena-notices";
import { BattleBanners } from "./battle-banners";
import { BattleImages } from "./battle-images";
import { battleView, type Mode, shownVersions, useBattle } from "./battle-state";
import { useCohort } from "./cohort";
import { Composer } from "./composer";
import { useDraft } from "./draft";
import { friendly } from "./friendly";
import { preloadMarkdown } from "./markdown";
import { ModelPickers } from "./model-pickers";
import { useRandomImage } from "./random-image";
import { rememberConversation, resumedFrom } from "./resume";
import { askFollowUp, openConversation } from "./send-prompt";
import { sideTitle, verdictOf } from "./side-labels";
import { SideSwitch } from "./side-switch";
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
        setCredit(draft.preset?.credit ?? null);
        id = await openConversation({
          mode,
          prompt: text,
          files: draft.files,
          preset: draft.preset,
          withModel: withModel?.id ?? null,
          cohort: cohort.name,
          picked,
        });
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
      } else {
        await askFollowUp(id, text, draft.files);
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
      const result = await postVote(conversationId, winner, shownVersions(state));
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

      {conversationId === null && <BattleBanners cohort={cohort} withModel={mode === "battle" ? withModel : null} />}

      <BattleImages images={images} prompt={firstPrompt} credit={credit} />

      {mode !== "direct" && <SideSwitch sides={sidesOf} shown={shown} onShow={setShown} entries={entries} />}

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
              conversationId ? (side, reason, note) => reportAnswer(conversationId, side, reason, note) : undefined
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
