// What the integration tests need again and again: a plain picture, and a battle opened on it by a new visitor.
import sharp from "sharp";
import { acceptTerms, castVote, openConversation, prepareTurn, streamTurn } from "../../lib/arena";
import type { Db } from "../../lib/db/context";
import type { Prisma } from "../../lib/generated/prisma/client";
import type { Winner } from "../../lib/ratings";

/** A PNG of one colour (sharp draws it; every test image is a real, decodable picture). */
export function solidPng(background: string, width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A new visitor (terms accepted) opens a battle on a plain picture; nothing is answered yet. */
export async function openImageBattle(
  db: Db,
  options: {
    prompt: string;
    background: string;
    size?: [number, number];
    ipHash?: string | null;
    cohort?: string;
    withModel?: string;
  },
): Promise<{ id: string; visitorId: string }> {
  const visitorId = (await acceptTerms(db, null, options.ipHash ?? null)).id;
  const bytes = await solidPng(options.background, ...(options.size ?? [32, 32]));
  const { id } = await openConversation(db, {
    visitorId,
    ipHash: null,
    mode: "battle",
    prompt: options.prompt,
    uploads: [{ name: "picture.png", bytes }],
    cohort: options.cohort,
    withModel: options.withModel,
  });
  return { id, visitorId };
}

/** Both answers of a battle's turn streamed to the end, then the visitor's vote. */
export async function answerAndVote(db: Db, battle: { id: string; visitorId: string }, winner: Winner) {
  const { id: conversationId, visitorId } = battle;
  await new Response(streamTurn(db, await prepareTurn(db, { conversationId, visitorId }))).text();
  await castVote(db, { conversationId, visitorId, winner, ipHash: null });
}

/** A battle between `a` and `b` written straight to the database for a new visitor (terms accepted): one turn with
 *  the messages given, nothing voted. */
export async function seedBattle(
  db: Db,
  battle: { a: string; b: string; language?: string; messages: Prisma.MessageCreateWithoutConversationInput[] },
) {
  const visitor = await db.prisma.visitor.create({ data: { termsAcceptedAt: new Date() } });
  const conversation = await db.prisma.conversation.create({
    data: {
      mode: "battle",
      visitorId: visitor.id,
      modelAId: battle.a,
      modelBId: battle.b,
      turnCount: 1,
      language: battle.language,
      messages: { create: battle.messages },
    },
  });
  return { visitor, conversation };
}
