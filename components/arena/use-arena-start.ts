// The battle page's effects, as hooks: what the page loads when it opens (the visitor's terms and upload limits,
// the model list for the named modes, the conversation in the address after a reload), polling for answers the
// server was still writing, and the warning before leaving mid-stream.
import { type Dispatch, type SetStateAction, useEffect, useLayoutEffect, useState } from "react";
import { useT } from "@/components/i18n";
import type { ConversationView } from "@/lib/arena";
import type { UploadLimits } from "@/lib/images/client";
import { ApiFailure, call, type ModelInfo, type Side } from "./api";
import { DEFAULT_LIMITS } from "./attachments";
import type { Mode } from "./battle-state";
import { conversationInUrl, rememberConversation } from "./resume";

/** How often a resumed page asks whether the answers the server is still writing have finished. */
const RESUME_POLL_MS = 1_500;

export type TermsState = "unknown" | "needed" | "dismissed" | "accepted";

interface StartCallbacks {
  restore: (view: ConversationView) => void;
  setNotice: (notice: string | null) => void;
  setPicked: Dispatch<SetStateAction<Record<Side, string>>>;
}

export function useArenaStart(mode: Mode, { restore, setNotice, setPicked }: StartCallbacks) {
  const t = useT();
  const [terms, setTerms] = useState<TermsState>("unknown");
  const [limits, setLimits] = useState<UploadLimits>(DEFAULT_LIMITS);
  const [models, setModels] = useState<ModelInfo[]>([]);
  // "Battle with this model" (?with=<id> from a model page or the board): the model, once the list confirms it
  const [withModel, setWithModel] = useState<ModelInfo | null>(null);

  // a conversation in the address is looked up before anything else is shown: a friend's shared link goes to its
  // read-only page without a terms wall over an empty arena first
  const [opening, setOpening] = useState(false);
  // before the first paint of the client's render (the server cannot see the address's query)
  useLayoutEffect(() => {
    if (conversationInUrl()) setOpening(true);
  }, []);

  useEffect(() => {
    const id = conversationInUrl();
    const visitor = call<{ termsAccepted: boolean; limits?: UploadLimits }>("/api/visitor")
      .then((v) => {
        if (v.limits) setLimits(v.limits);
        return v.termsAccepted ? ("accepted" as const) : ("needed" as const);
      })
      .catch(() => "needed" as const);
    const asked = new URLSearchParams(window.location.search).get("with");
    if (mode === "battle" && asked) {
      call<{ models: ModelInfo[] }>("/api/models")
        .then(({ models }) => {
          const model = models.find((m) => m.id === asked);
          if (model) setWithModel(model);
          else setNotice(t("arena.withUnknown"));
        })
        .catch(() => undefined);
    }
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
        .catch(() => setNotice(t("arena.modelsFailed")));
    }
    // back to a battle after a reload, Back or Forward
    if (!id) {
      void visitor.then(setTerms);
      return;
    }
    call<ConversationView>(`/api/conversations/${id}`)
      .then(restore)
      .then(
        () => true,
        async (error: unknown) => {
          // someone else's battle (a link copied from the address bar): its read-only page, when it has one
          if (error instanceof ApiFailure && error.status === 404 && mode === "battle") {
            const shared = await fetch(`/share/${id}`, { method: "HEAD" }).catch(() => null);
            if (shared?.ok) {
              window.location.replace(`/share/${id}`);
              return false;
            }
          }
          rememberConversation(null);
          setNotice(t("arena.notFound"));
          return true;
        },
      )
      .then(async (stay) => {
        if (!stay) return;
        setTerms(await visitor);
        setOpening(false);
      });
  }, [mode, restore, setNotice, setPicked, t]);

  return { terms, setTerms, limits, models, opening, withModel };
}

/** Answers the server was still writing when the page was left: asks until they are finished. */
export function useResumeWhileWriting(conversationId: string | null, restore: (view: ConversationView) => void) {
  useEffect(() => {
    if (!conversationId) return;
    const timer = setInterval(() => {
      call<ConversationView>(`/api/conversations/${conversationId}`)
        .then(restore)
        .catch(() => undefined);
    }, RESUME_POLL_MS);
    return () => clearInterval(timer);
  }, [conversationId, restore]);
}
