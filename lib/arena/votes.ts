// One vote per battle, written in one transaction; it reveals the models.
import type { PrismaClient } from "../generated/prisma/client";
import type { Winner as DbWinner } from "../generated/prisma/enums";
import { ApiError } from "../http/errors";
import type { Winner } from "../ratings/types";
import { answerStatus } from "./history";
import { identityLeaks, identityTerms } from "./identity";

const TO_DB: Record<Winner, DbWinner> = {
  model_a: "model_a",
  model_b: "model_b",
  tie: "tie",
  "tie (bothbad)": "tie_bothbad",
};
const FROM_DB: Record<DbWinner, Winner> = {
  model_a: "model_a",
  model_b: "model_b",
  tie: "tie",
  tie_bothbad: "tie (bothbad)",
};

export interface RevealedModel {
  id: string;
  displayName: string;
  organization: string | null;
  license: string | null;
  isDemo: boolean;
}

export interface VoteResult {
  winner: Winner;
  anonymous: boolean;
  exclusionReasons: string[];
  models: { a: RevealedModel; b: RevealedModel };
  /** false when the same vote had already been recorded */
  created: boolean;
}

function reveal(model: {
  id: string;
  displayName: string;
  organization: string | null;
  license: string | null;
  isDemo: boolean;
}): RevealedModel {
  return {
    id: model.id,
    displayName: model.displayName,
    organization: model.organization,
    license: model.license,
    isDemo: model.isDemo,
  };
}

export async function castVote(
  prisma: PrismaClient,
  input: { conversationId: string; visitorId: string; winner: Winner; ipHash: string | null },
): Promise<VoteResult> {
  return prisma.$transaction(async (tx) => {
    const locked = /^[0-9a-f-]{36}$/i.test(input.conversationId)
      ? await tx.$queryRaw<
          { id: string }[]
        >`SELECT id FROM "Conversation" WHERE id = ${input.conversationId}::uuid FOR UPDATE`
      : [];
    const conversation = locked.length
      ? await tx.conversation.findUnique({
          where: { id: input.conversationId },
          include: { vote: true, modelA: true, modelB: true },
        })
      : null;
    if (!conversation || conversation.visitorId !== input.visitorId) {
      throw new ApiError(404, "conversation_not_found", "no such conversation");
    }
    if (conversation.mode === "direct" || !conversation.modelB) {
      throw new ApiError(400, "no_vote_in_direct_chat", "direct chats have no vote");
    }
    const models = { a: reveal(conversation.modelA), b: reveal(conversation.modelB) };
    if (conversation.vote) {
      const previous = FROM_DB[conversation.vote.winner];
      if (previous !== input.winner) {
        throw new ApiError(409, "already_voted", "you have already voted on this battle; a vote cannot be changed");
      }
      return {
        winner: previous,
        anonymous: conversation.vote.anonymous,
        exclusionReasons: conversation.vote.exclusionReasons,
        models,
        created: false,
      };
    }
    if (conversation.moderationStatus === "flagged" || conversation.moderationStatus === "banned") {
      throw new ApiError(409, "conversation_ended", "this conversation was stopped by the content filter");
    }
    const answers = await tx.message.findMany({
      where: { conversationId: conversation.id, role: "assistant", superseded: false },
      include: { response: true },
    });
    const latest = answers.filter((m) => m.turn === conversation.turnCount);
    const finished = (["a", "b"] as const).every((side) =>
      latest.some((m) => m.side === side && answerStatus(m.response) === "done"),
    );
    if (!finished) throw new ApiError(409, "answers_pending", "wait until both answers have finished before voting");

    const registry = await tx.model.findMany({
      select: { displayName: true, providerModelId: true, organization: true, isDemo: true },
    });
    const terms = identityTerms(registry);
    const leaked = answers.some((m) => identityLeaks(m.content, terms).length > 0);
    const exclusionReasons: string[] = [];
    if (conversation.mode !== "battle") exclusionReasons.push("named_models");
    if (leaked) exclusionReasons.push("identity_leak");
    if (conversation.isDemo) exclusionReasons.push("demo");
    const anonymous = conversation.mode === "battle" && !leaked;
    await tx.vote.create({
      data: {
        conversationId: conversation.id,
        visitorId: input.visitorId,
        winner: TO_DB[input.winner],
        modelAId: conversation.modelAId,
        modelBId: conversation.modelB.id,
        anonymous,
        exclusionReasons,
        turn: conversation.turnCount,
        ipHash: input.ipHash,
      },
    });
    await tx.conversation.update({ where: { id: conversation.id }, data: { endedAt: new Date() } });
    return { winner: input.winner, anonymous, exclusionReasons, models, created: true };
  });
}

export { FROM_DB as WINNER_FROM_DB };
