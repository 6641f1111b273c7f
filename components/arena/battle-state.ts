// The conversation on screen as one reducer: what the server said (created, answers streamed, voted, resumed) moves
// it from state to state, so the page's components only read it and send actions.
import { useReducer } from "react";
import type { AnswerStats, ModelInfo, Side, Thought, TurnEvent, Winner } from "./api";
import type { Entry, Resumed } from "./resume";

export type Mode = "battle" | "side_by_side" | "direct";

export interface BattleState {
  mode: Mode;
  conversationId: string | null;
  entries: Record<Side, Entry[]>;
  turn: number;
  revealed: Partial<Record<Side, ModelInfo>>;
  vote: Winner | null;
  /** the page was left while the server kept answering: poll until it finishes */
  awaitingServer: boolean;
}

export type BattleAction =
  | { type: "resumed"; id: string; resumed: Resumed }
  | { type: "created"; id: string; revealed?: Partial<Record<Side, ModelInfo>> }
  | { type: "asked"; turn: number; text: string; images: string[] }
  | { type: "streamed"; event: TurnEvent }
  | { type: "showVersion"; side: Side; version: number }
  | { type: "requestFailed"; sides: Side[]; message: string }
  | {
      type: "voted";
      winner: Winner;
      models: Record<Side, ModelInfo>;
      thoughts?: Record<Side, Thought[]>;
      stats?: Record<Side, AnswerStats[]>;
    }
  | { type: "reset" };

export const sidesOf = (mode: Mode): Side[] => (mode === "direct" ? ["a"] : ["a", "b"]);

export const initialBattle = (mode: Mode): BattleState => ({
  mode,
  conversationId: null,
  entries: { a: [], b: [] },
  turn: 0,
  revealed: {},
  vote: null,
  awaitingServer: false,
});

function withLast(list: Entry[], change: (last: Entry) => Entry | null): Entry[] {
  const last = list[list.length - 1];
  if (last?.role !== "assistant") return list;
  const next = change(last);
  return next ? [...list.slice(0, -1), next] : list;
}

function streamed(entries: Record<Side, Entry[]>, event: TurnEvent): Record<Side, Entry[]> {
  if (event.type === "end") return entries;
  const list = entries[event.side];
  if (event.type === "start") {
    const last = list[list.length - 1];
    // a regenerated or retried answer replaces the one of the same turn; a finished one is kept as a version
    const replaces = last?.role === "assistant" && last.turn === event.turn;
    const kept = replaces ? (last.versions ?? (last.status === "done" ? [last.content] : [])) : [];
    const fresh: Entry = {
      turn: event.turn,
      role: "assistant",
      content: "",
      images: [],
      status: "streaming",
      ...(kept.length ? { versions: kept } : {}),
    };
    return { ...entries, [event.side]: replaces ? [...list.slice(0, -1), fresh] : [...list, fresh] };
  }
  const next = withLast(list, (last) => {
    if (event.type === "delta") return { ...last, content: last.content + event.text };
    if (event.type === "done") {
      const versions = last.versions ? [...last.versions, last.content] : undefined;
      return {
        ...last,
        status: "done",
        ...(event.finishReason === "stopped" ? { stopped: true } : {}),
        // the newest version is the one shown
        ...(versions ? { versions, shownVersion: versions.length } : {}),
      };
    }
    if (event.type === "thinking") return { ...last, thinkingSince: Date.now() };
    return { ...last, status: "error", error: event.message, retryable: event.retryable !== false };
  });
  return { ...entries, [event.side]: next };
}

/** The revealed thinking put beside each answer of its turn. */
/** The revealed extras on each side's answers: the thinking, and the timings and length, turn by turn. */
function withRevealed(
  entries: Record<Side, Entry[]>,
  thoughts: Record<Side, Thought[]> = { a: [], b: [] },
  stats: Record<Side, AnswerStats[]> = { a: [], b: [] },
): Record<Side, Entry[]> {
  const next = { ...entries };
  for (const side of ["a", "b"] as const) {
    next[side] = entries[side].map((entry) => {
      if (entry.role !== "assistant") return entry;
      const thought = thoughts[side]?.find((t) => t.turn === entry.turn);
      const stat = stats[side]?.find((s) => s.turn === entry.turn);
      return {
        ...entry,
        ...(thought ? { thought: { text: thought.text, ms: thought.ms } } : {}),
        ...(stat ? { stats: { firstTokenMs: stat.firstTokenMs, totalMs: stat.totalMs, tokens: stat.tokens } } : {}),
      };
    });
  }
  return next;
}

export function battleReducer(state: BattleState, action: BattleAction): BattleState {
  switch (action.type) {
    case "resumed": {
      const { resumed } = action;
      // an anonymous battle reveals its models only after the vote
      const reveal = state.mode !== "battle" || resumed.vote !== null;
      return {
        ...state,
        conversationId: action.id,
        entries: resumed.entries,
        turn: resumed.turn,
        vote: resumed.vote,
        revealed: reveal ? resumed.revealed : state.revealed,
        awaitingServer: resumed.pending,
      };
    }
    case "created":
      return { ...state, conversationId: action.id, revealed: action.revealed ?? state.revealed };
    case "asked": {
      const entries = { ...state.entries };
      for (const side of sidesOf(state.mode)) {
        // every turn keeps its own images: the first turn's are shown above both answers, a follow-up's with it
        entries[side] = [
          ...entries[side],
          { turn: action.turn, role: "user", content: action.text, images: action.images, status: "done" },
        ];
      }
      return { ...state, turn: action.turn, entries };
    }
    case "streamed":
      return { ...state, entries: streamed(state.entries, action.event) };
    case "showVersion": {
      const entries = { ...state.entries };
      entries[action.side] = withLast(entries[action.side], (last) =>
        last.versions && action.version >= 1 && action.version <= last.versions.length && last.status === "done"
          ? { ...last, shownVersion: action.version }
          : null,
      );
      return { ...state, entries };
    }
    case "requestFailed": {
      // the request itself failed: whatever was streaming on the named sides did not finish
      const entries = { ...state.entries };
      for (const side of action.sides) {
        entries[side] = withLast(entries[side], (last) =>
          last.status === "streaming" ? { ...last, status: "error", error: action.message } : null,
        );
      }
      return { ...state, entries };
    }
    case "voted":
      return {
        ...state,
        vote: action.winner,
        revealed: action.models,
        entries: withRevealed(state.entries, action.thoughts, action.stats),
      };
    case "reset":
      return { ...initialBattle(state.mode), revealed: state.mode === "battle" ? {} : state.revealed };
  }
}

/** Which version of each side's latest answer is on screen, when Regenerate left more than one: sent with the vote. */
export function shownVersions(state: BattleState): Partial<Record<Side, number>> | undefined {
  const shown: Partial<Record<Side, number>> = {};
  for (const side of sidesOf(state.mode)) {
    const last = state.entries[side].at(-1);
    if (last?.role === "assistant" && last.versions && last.versions.length > 1 && last.shownVersion)
      shown[side] = last.shownVersion;
  }
  return Object.keys(shown).length ? shown : undefined;
}

/** What the page derives from the state: whether answers stream, whether the latest turn can be voted on. */
export function battleView(state: BattleState) {
  const sides = sidesOf(state.mode);
  const latestDone = sides.every((side) => {
    const list = state.entries[side];
    const last = list[list.length - 1];
    return last?.role === "assistant" && last.turn === state.turn && last.status === "done";
  });
  const streaming = sides.some((side) => state.entries[side].some((e) => e.status === "streaming"));
  return { sides, latestDone, streaming };
}

export const useBattle = (mode: Mode) => useReducer(battleReducer, mode, initialBattle);
