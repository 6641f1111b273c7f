// The moderation queue: prompts and images a check flagged, waiting for an admin. Release puts the conversation
// (or image) back in good standing; ban keeps it out of every export and share link, blocks the image's hash from
// new uploads, and bans the visitor who sent it.

import { ANSWER_REPORT } from "../arena/reports";
import type { Db } from "../db/context";
import { Conflict, NotFound } from "../errors";

export async function moderationQueue(
  db: Db,
  options: { status?: "flagged" | "released" | "banned"; limit?: number } = {},
) {
  const flags = await db.prisma.moderationFlag.findMany({
    where: { status: options.status ?? "flagged" },
    orderBy: { createdAt: "asc" },
    take: options.limit ?? 100,
    include: {
      conversation: {
        select: {
          id: true,
          mode: true,
          visitorId: true,
          createdAt: true,
          messages: {
            where: { role: "user" },
            orderBy: [{ turn: "asc" }],
            select: { turn: true, side: true, content: true, images: { select: { imageSha256: true } } },
          },
        },
      },
    },
  });
  return flags.map((flag) => {
    const seen = new Set<number>();
    // in a battle the prompt is stored once per side; show it once
    const prompts = (flag.conversation?.messages ?? []).filter((m) => !seen.has(m.turn) && seen.add(m.turn));
    return {
      id: flag.id,
      status: flag.status,
      source: flag.source,
      reason: flag.reason,
      createdAt: flag.createdAt,
      reviewedBy: flag.reviewedBy,
      reviewedAt: flag.reviewedAt,
      imageSha256: flag.imageSha256,
      conversation: flag.conversation
        ? {
            id: flag.conversation.id,
            mode: flag.conversation.mode,
            visitorId: flag.conversation.visitorId,
            prompts: prompts.map((m) => ({
              turn: m.turn,
              text: m.content,
              images: m.images.map((i) => i.imageSha256),
            })),
          }
        : null,
    };
  });
}

export async function reviewFlag(db: Db, flagId: string, action: "release" | "ban", reviewer: string) {
  const status = action === "release" ? "released" : "banned";
  return db.prisma.$transaction(async (tx) => {
    const flag = await tx.moderationFlag.findUnique({
      where: { id: flagId },
      include: { conversation: { select: { id: true, visitorId: true, messages: { select: { images: true } } } } },
    });
    if (!flag) throw new NotFound("unknown_flag", "no such moderation flag");
    if (flag.status !== "flagged") throw new Conflict("already_reviewed", `this flag was already ${flag.status}`);
    await tx.moderationFlag.update({
      where: { id: flagId },
      data: { status, reviewedBy: reviewer, reviewedAt: new Date() },
    });
    if (flag.conversation) {
      await tx.conversation.update({ where: { id: flag.conversation.id }, data: { moderationStatus: status } });
    }
    // a visitor's report of an answer: the model misbehaved, not the visitor or the picture
    if (flag.source === ANSWER_REPORT) return { id: flagId, status };
    const images = new Set<string>(flag.imageSha256 ? [flag.imageSha256] : []);
    if (action === "ban")
      for (const m of flag.conversation?.messages ?? []) for (const i of m.images) images.add(i.imageSha256);
    if (images.size)
      await tx.image.updateMany({ where: { sha256: { in: [...images] } }, data: { moderationStatus: status } });
    // a banned image leaves with every battle and chat that carries it, whoever uploaded it: exports, archives,
    // share pages and the next snapshot all leave out banned conversations
    if (action === "ban" && images.size) {
      await tx.$executeRaw`
        UPDATE "Conversation" SET "moderationStatus" = 'banned',
               "moderationReason" = coalesce("moderationReason", 'carries a banned image')
         WHERE "moderationStatus" IN ('clear', 'released')
           AND id IN (SELECT m."conversationId" FROM "Message" m JOIN "MessageImage" mi ON mi."messageId" = m.id
                       WHERE mi."imageSha256" = ANY(${[...images]}::text[]))`;
    }
    if (action === "ban" && flag.conversation?.visitorId) {
      await tx.visitor.updateMany({
        where: { id: flag.conversation.visitorId, bannedAt: null },
        data: { bannedAt: new Date(), banReason: `moderation: ${flag.reason}` },
      });
    }
    return { id: flagId, status };
  });
}
