// The browser side of the arena API: its types and the streamed turn (plain calls: ../api-client).
import type { AnswerSide, TurnEvent } from "@/lib/arena";
import { failure, postJson } from "../api-client";

export type Side = AnswerSide;
export type { TurnEvent };
export type Winner = "model_a" | "model_b" | "tie" | "tie (bothbad)";

/** A reasoning model's thinking for one turn, revealed with the models after the vote. */
/** An answer's time to first token, total time and tokens, revealed with the models (lib/arena's AnswerStats). */
export interface AnswerStats {
  turn: number;
  firstTokenMs: number | null;
  totalMs: number | null;
  tokens: number | null;
}

export interface Thought {
  turn: number;
  text: string;
  ms: number;
}

export interface ModelInfo {
  id: string;
  displayName: string;
  organization: string | null;
  license?: string | null;
  isDemo: boolean;
  vision?: boolean;
  /** after a vote: the Arena Score on the default board (overall, style control), or null before it is on it */
  rating?: number | null;
  /** after a vote: the score is preliminary (under the board's minimum of votes) */
  preliminary?: boolean;
  votes?: number;
}

export { ApiFailure, call, postJson } from "../api-client";

/** Streams a turn's NDJSON events to `onEvent`. */
export async function streamTurn(
  id: string,
  body: { sides?: Side[]; regenerate?: boolean },
  onEvent: (event: TurnEvent) => void,
) {
  const response = await fetch(`/api/conversations/${id}/turn`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let newline = buffer.indexOf("\n");
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onEvent(JSON.parse(line) as TurnEvent);
      newline = buffer.indexOf("\n");
    }
  }
}

/** What a vote reveals: the winner as stored, both models, their thinking and their answers' figures. */
export interface VoteResult {
  winner: Winner;
  models: Record<Side, ModelInfo>;
  thoughts?: Record<Side, Thought[]>;
  stats?: Record<Side, AnswerStats[]>;
}

/** Casts the vote on the answer versions the visitor saw. */
export const postVote = (conversationId: string, winner: Winner, versions: unknown) =>
  postJson<VoteResult>(`/api/conversations/${conversationId}/vote`, { winner, versions });

/** Reports an answer (a reason, and a note if the visitor wrote one). */
export const reportAnswer = async (conversationId: string, side: Side, reason: string, note?: string) => {
  await postJson(`/api/conversations/${conversationId}/report`, { side, reason, ...(note ? { note } : {}) });
};
