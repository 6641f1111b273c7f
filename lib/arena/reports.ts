// A visitor reports an answer (harmful, wrong, revealing its model, broken): it goes to the moderation queue as a
// flag of its own kind. Staff release it (nothing happens) or ban it (the conversation leaves exports and share
// pages); the visitor who reported is never the one punished.
import { z } from "zod";
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { NotFound } from "../errors";

export const REPORT_REASONS = {
  harmful: "harmful or offensive",
  wrong: "wrong about the picture",
  identity: "says which model it is",
  broken: "broken or unreadable",
  other: "something else",
} as const;

export const ANSWER_REPORT = "answer_report";

export const reportInput = z.object({
  side: z.enum(["a", "b"]),
  reason: z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS, ...(keyof typeof REPORT_REASONS)[]]),
});

/** Files the report once: the same side reported again for the same reason is the same report. */
export async function reportAnswer(
  db: Db,
  input: { conversationId: string; visitorId: string } & z.infer<typeof reportInput>,
): Promise<{ id: string; created: boolean }> {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  const owned = await db.prisma.conversation.findFirst({
    where: { id: input.conversationId, visitorId: input.visitorId },
    select: { id: true },
  });
  if (!owned) throw new NotFound("conversation_not_found", "no such conversation");
  const reason = `answer ${input.side.toUpperCase()}: ${REPORT_REASONS[input.reason]}`;
  const existing = await db.prisma.moderationFlag.findFirst({
    where: { conversationId: input.conversationId, source: ANSWER_REPORT, reason },
    select: { id: true },
  });
  if (existing) return { id: existing.id, created: false };
  const flag = await db.prisma.moderationFlag.create({
    data: { conversationId: input.conversationId, source: ANSWER_REPORT, reason },
    select: { id: true },
  });
  return { id: flag.id, created: true };
}
