// A battle survives reload, Back and Forward: its id rides in the URL (?c=…) and the page rebuilds itself from the
// server's view of the conversation. Answers still being written on the server are polled until they finish.
import type { ConversationView } from "@/lib/arena";
import type { ModelInfo, Side, Winner } from "./api";

export interface Entry {
  turn: number;
  role: "user" | "assistant";
  content: string;
  images: string[];
  status: "streaming" | "done" | "error";
  error?: string;
  /** false when pressing Retry cannot help (the model refused the request itself) */
  retryable?: boolean;
  /** when the model started thinking (this browser's clock): the pane shows "thinking… N s" until it answers */
  thinkingSince?: number;
  /** a reasoning model's thinking, once the models are revealed */
  thought?: { text: string; ms: number };
  /** time to first token, total time and tokens, once the models are revealed */
  stats?: { firstTokenMs: number | null; totalMs: number | null; tokens: number | null };
  /** the visitor pressed Stop while it was written */
  stopped?: boolean;
  /** every finished version of this answer when Regenerate left more than one, oldest first */
  versions?: string[];
  /** which of them is on screen (1-based); the vote judges it */
  shownVersion?: number;
}

/** The text on screen: the version the visitor chose, or the answer as it is. */
export const shownText = (entry: Entry): string =>
  entry.versions && entry.versions.length > 1 && entry.shownVersion
    ? (entry.versions[entry.shownVersion - 1] ?? entry.content)
    : entry.content;

export const CONVERSATION_PARAM = "c";

/** The conversation id in the address bar, if it looks like one. */
export function conversationInUrl(): string | null {
  const id = new URLSearchParams(window.location.search).get(CONVERSATION_PARAM);
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** Puts the id in the address bar without a navigation (Next keeps its router state in history.state). */
export function rememberConversation(id: string | null) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set(CONVERSATION_PARAM, id);
  else url.searchParams.delete(CONVERSATION_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

export interface Resumed {
  entries: Record<Side, Entry[]>;
  turn: number;
  vote: Winner | null;
  revealed: Partial<Record<Side, ModelInfo>>;
  /** an answer the server is still writing: ask again shortly */
  pending: boolean;
}

export function resumedFrom(view: ConversationView): Resumed {
  const entries: Record<Side, Entry[]> = { a: [], b: [] };
  const revealed: Partial<Record<Side, ModelInfo>> = {};
  let pending = false;
  for (const side of ["a", "b"] as const) {
    const data = view.sides[side];
    if (!data) continue;
    if (data.model) revealed[side] = { ...data.model };
    entries[side] = data.messages.map((m) => {
      const status = m.role === "user" || m.status === "done" ? "done" : m.status === "pending" ? "streaming" : "error";
      if (status === "streaming") pending = true;
      return {
        turn: m.turn,
        role: m.role,
        content: m.content,
        images: m.images.map((sha) => `/api/images/${sha}`),
        status,
        ...(m.error ? { error: m.error } : {}),
        ...(m.thought ? { thought: m.thought } : {}),
        ...(m.stats ? { stats: m.stats } : {}),
        ...(m.stopped ? { stopped: true } : {}),
        ...(m.versions && m.version ? { versions: m.versions, shownVersion: m.version } : {}),
      };
    });
  }
  return { entries, turn: view.turnCount, vote: view.vote?.winner ?? null, revealed, pending };
}
