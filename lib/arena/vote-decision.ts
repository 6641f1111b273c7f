// A vote decided without the database: given the battle as read under its lock, the vote asked for and the models'
// registry, either the vote already recorded (the same vote again: answered as before) or a new vote with what
// decides whether it counts (anonymity, the reasons it is excluded, the versions shown), or the refusal. castVote
// (./votes.ts) reads, asks this, and writes; tests ask it directly.
import { Conflict, Forbidden, InvalidInput, NotFound } from "../errors";
import type { Model } from "../generated/prisma/client";
import type { Winner as DbWinner } from "../generated/prisma/enums";
import type { Winner } from "../ratings/types";
import { answerStatus } from "./history";
import { identityLeaks } from "./identity";
import { BANNED_MESSAGE } from "./rate-limit";
import type { RegistryModel } from "./registry-cache";

export const TO_DB: Record<Winner, string> = {
  model_a: "model_a",
  model_b: "model_b",
  tie: "tie",
  "tie (bothbad)": "tie (bothbad)",
};
export const WINNER_FROM_DB: Record<DbWinner, Winner> = {
  model_a: "model_a",
  model_b: "model_b",
  tie: "tie",
  tie_bothbad: "tie (bothbad)",
};

/** A model as a revealed battle (and a model's page) names it: the registry's own fields. */
export type RevealedModel = Pick<Model, "id" | "displayName" | "organization" | "license" | "isDemo">;

/** A reasoning model's thinking for one turn's answer, shown once the models are revealed. */
export interface Thought {
  turn: number;
  text: string;
  ms: number;
}

export interface VoteResult {
  winner: Winner;
  /** each side's thinking, per turn, for reasoning models (empty otherwise) */
  thoughts: Record<"a" | "b", Thought[]>;
  /** each side's finished answers' timings and length, per turn (WildVision shows them after the reveal) */
  stats: Record<"a" | "b", AnswerStats[]>;
  anonymous: boolean;
  exclusionReasons: string[];
  models: { a: RevealedModel; b: RevealedModel };
  /** false when the same vote had already been recorded */
  created: boolean;
}

function reveal(id: string, model: RegistryModel | undefined): RevealedModel {
  return {
    id,
    displayName: model?.displayName ?? id,
    organization: model?.organization ?? null,
    license: model?.license ?? null,
    isDemo: model?.isDemo ?? false,
  };
}

/** The battle as castVote reads it under its lock. */
export interface ConversationRow {
  visitorId: string | null;
  banned: boolean;
  mode: "battle" | "side_by_side" | "direct";
  modelAId: string;
  modelBId: string | null;
  turnCount: number;
  isDemo: boolean;
  /** "Battle with this model": the model the visitor asked to meet */
  chosenModelId: string | null;
  /** how many versions each side's latest answer has (Regenerate keeps the earlier ones) */
  versionCounts: Partial<Record<"a" | "b", number>> | null;
  moderationStatus: string;
  voteWinner: string | null;
  voteAnonymous: boolean | null;
  voteReasons: string[] | null;
  answers:
    | {
        side: "a" | "b";
        turn: number;
        content: string;
        finishReason: string | null;
        error: string | null;
        createdAt: string | null;
        heartbeatAt: string | null;
        reasoning: string | null;
        thinkingMs: number | null;
        firstTokenMs: number | null;
        totalMs: number | null;
        tokens: number | null;
      }[]
    | null;
}

export interface AnswerStats {
  turn: number;
  /** from the request to the first token of the answer (thinking included) */
  firstTokenMs: number | null;
  totalMs: number | null;
  /** the answer's tokens as the provider (or our counter) counted them */
  tokens: number | null;
}

/** Each side's finished answers' time to first token, total time and tokens, turn by turn, revealed with the models. */
export function statsOf(answers: ConversationRow["answers"]): Record<"a" | "b", AnswerStats[]> {
  const stats: Record<"a" | "b", AnswerStats[]> = { a: [], b: [] };
  for (const answer of answers ?? []) {
    if (answer.finishReason === null || answer.error !== null) continue;
    const { turn, firstTokenMs, totalMs, tokens } = answer;
    stats[answer.side].push({ turn, firstTokenMs, totalMs, tokens });
  }
  for (const side of ["a", "b"] as const) stats[side].sort((x, y) => x.turn - y.turn);
  return stats;
}

/** Each side's thinking, turn by turn, revealed with the models. */
export function thoughtsOf(answers: ConversationRow["answers"]): Record<"a" | "b", Thought[]> {
  const thoughts: Record<"a" | "b", Thought[]> = { a: [], b: [] };
  for (const answer of answers ?? []) {
    if (answer.reasoning && answer.thinkingMs !== null)
      thoughts[answer.side].push({ turn: answer.turn, text: answer.reasoning, ms: answer.thinkingMs });
  }
  for (const side of ["a", "b"] as const) thoughts[side].sort((x, y) => x.turn - y.turn);
  return thoughts;
}

/** Which version of each side's latest answer the visitor was shown (1 = the first written), after Regenerate. */
export type ShownVersions = Partial<Record<"a" | "b", number>>;

export interface VoteRequest {
  visitorId: string;
  winner: Winner;
  /** the versions shown, when Regenerate left more than one */
  versions?: ShownVersions;
}

/** A model named in a reasoning model's thought: put before staff with the vote. */
export interface ThoughtNames {
  side: "a" | "b";
  turn: number;
  terms: string[];
}

export type VoteDecision =
  | { kind: "repeat"; result: VoteResult }
  | {
      kind: "new";
      models: VoteResult["models"];
      thoughts: VoteResult["thoughts"];
      stats: VoteResult["stats"];
      anonymous: boolean;
      exclusionReasons: string[];
      /** per side, the version shown and how many there were, when any side had more than one; else null */
      shownVersions: Record<string, { shown: number; of: number }> | null;
      thoughtNames: ThoughtNames[];
    };

/** Decides a vote on `conversation` (null when there is none); throws the refusal a visitor reads. */
export function decideVote(
  conversation: ConversationRow | undefined,
  input: VoteRequest,
  registry: { models: Map<string, RegistryModel>; terms: Parameters<typeof identityLeaks>[1] },
  now = Date.now(),
): VoteDecision {
  if (!conversation || conversation.visitorId !== input.visitorId) {
    throw new NotFound("conversation_not_found", "no such conversation");
  }
  // a ban holds at once, for votes already on their way too: nothing of a banned visitor's is stored
  if (conversation.banned) throw new Forbidden("visitor_banned", BANNED_MESSAGE);
  if (conversation.mode === "direct" || !conversation.modelBId) {
    throw new InvalidInput("no_vote_in_direct_chat", "direct chats have no vote");
  }
  const models = {
    a: reveal(conversation.modelAId, registry.models.get(conversation.modelAId)),
    b: reveal(conversation.modelBId, registry.models.get(conversation.modelBId)),
  };
  if (conversation.voteWinner) {
    if (conversation.voteWinner !== TO_DB[input.winner]) {
      throw new Conflict("already_voted", "you have already voted on this battle; a vote cannot be changed");
    }
    return {
      kind: "repeat",
      result: {
        winner: input.winner,
        thoughts: thoughtsOf(conversation.answers),
        stats: statsOf(conversation.answers),
        anonymous: Boolean(conversation.voteAnonymous),
        exclusionReasons: conversation.voteReasons ?? [],
        models,
        created: false,
      },
    };
  }
  if (conversation.moderationStatus === "flagged" || conversation.moderationStatus === "banned") {
    throw new Conflict("conversation_ended", "this conversation was stopped by the content filter");
  }
  const answers = (conversation.answers ?? []).map((a) => ({
    ...a,
    createdAt: a.createdAt ? new Date(a.createdAt) : null,
    heartbeatAt: a.heartbeatAt ? new Date(a.heartbeatAt) : null,
  }));
  const latest = answers.filter((m) => m.turn === conversation.turnCount);
  const finished = (["a", "b"] as const).every((side) =>
    latest.some(
      (m) => m.side === side && answerStatus(m.createdAt ? { ...m, createdAt: m.createdAt } : null, now) === "done",
    ),
  );
  if (!finished) throw new Conflict("answers_pending", "wait until both answers have finished before voting");

  // what the visitor saw decides anonymity; a thought they never saw before voting does not, but one that names
  // a model is put before staff (the audit trail, written with the vote)
  const leaked = answers.some((m) => identityLeaks(m.content, registry.terms).length > 0);
  const thoughtNames = answers
    .map((m) => ({
      side: m.side,
      turn: m.turn,
      terms: m.reasoning ? identityLeaks(m.reasoning, registry.terms) : [],
    }))
    .filter((m) => m.terms.length > 0);
  const exclusionReasons: string[] = [];
  if (conversation.mode !== "battle") exclusionReasons.push("named_models");
  if (leaked) exclusionReasons.push("identity_leak");
  if (conversation.isDemo) exclusionReasons.push("demo");
  // "Battle with this model": the visitor chose one of the pair, so the battle is not blind to them
  if (conversation.chosenModelId) exclusionReasons.push("model_chosen");
  const anonymous = conversation.mode === "battle" && !leaked && !conversation.chosenModelId;
  const counts = conversation.versionCounts ?? {};
  const shownVersions = Object.values(counts).some((n) => (n ?? 1) > 1)
    ? Object.fromEntries(
        (["a", "b"] as const).map((side) => {
          const of = counts[side] ?? 1;
          const asked = input.versions?.[side];
          return [side, { shown: asked && asked >= 1 && asked <= of ? asked : of, of }];
        }),
      )
    : null;
  return {
    kind: "new",
    models,
    thoughts: thoughtsOf(conversation.answers),
    stats: statsOf(conversation.answers),
    anonymous,
    exclusionReasons,
    shownVersions,
    thoughtNames,
  };
}
