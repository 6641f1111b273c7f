// "Keep chatting with these two": after the vote, a battle's history is copied into a new side-by-side
// conversation with the same pair, so the visitor can go on asking them. The battle itself stays as voted (its
// turns are what the vote judged, and what exports release); the copy is a named conversation and never rated.
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { Conflict, NotFound } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { admitPrompt, checkStanding } from "./rate-limit";

export async function continueWithPair(
  db: Db,
  input: { conversationId: string; visitorId: string; ipHash?: string | null },
): Promise<{ id: string }> {
  const { prisma } = db;
  // a copy is a new conversation: it counts as a prompt against the visitor's and the address's hourly limits
  await admitPrompt(db.pool, input.visitorId, input.ipHash ?? null, checkStanding);
  const battle = isUuid(input.conversationId)
    ? await prisma.conversation.findUnique({
        where: { id: input.conversationId },
        include: {
          vote: { select: { winner: true } },
          messages: {
            where: { superseded: false },
            orderBy: [{ turn: "asc" }, { createdAt: "asc" }],
            include: { images: true, response: true },
          },
        },
      })
    : null;
  if (!battle || battle.visitorId !== input.visitorId) {
    throw new NotFound("conversation_not_found", "no such conversation");
  }
  if (battle.mode !== "battle" || !battle.modelBId) {
    throw new Conflict("not_a_battle", "only an anonymous battle can be carried on with its pair");
  }
  if (!battle.vote) throw new Conflict("not_voted", "vote first: the vote reveals the two models");
  if (battle.moderationStatus === "flagged" || battle.moderationStatus === "banned") {
    throw new Conflict("conversation_ended", "this conversation was stopped by the content filter");
  }
  const copy = await prisma.conversation.create({
    data: {
      mode: "side_by_side",
      visitorId: battle.visitorId,
      modelAId: battle.modelAId,
      modelBId: battle.modelBId,
      turnCount: battle.turnCount,
      language: battle.language,
      isPreset: battle.isPreset,
      presetId: battle.presetId,
      isDemo: battle.isDemo,
      inputModality: battle.inputModality,
      messages: {
        create: battle.messages.map((m) => ({
          side: m.side,
          turn: m.turn,
          role: m.role,
          content: m.content,
          createdAt: m.createdAt,
          images: { create: m.images.map((i) => ({ imageSha256: i.imageSha256, position: i.position })) },
          response: m.response
            ? {
                create: {
                  ...m.response,
                  messageId: undefined,
                  markdownDetail: m.response.markdownDetail ?? Prisma.DbNull,
                  params: m.response.params ?? Prisma.DbNull,
                  stopRequestedAt: null,
                },
              }
            : undefined,
        })),
      },
    },
    select: { id: true },
  });
  return copy;
}
