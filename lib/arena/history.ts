// Each side's message history, as the adapters take it and as pages show it.
import type { PrismaClient } from "../generated/prisma/client";
import type { Side } from "../generated/prisma/enums";

/** Answers still "in progress" after this long were cut off by a crash or restart: they count as failed. */
export const STALE_ANSWER_MS = 5 * 60 * 1000;

export type AnswerStatus = "done" | "error" | "pending";

export function answerStatus(
  response: { finishReason: string | null; error: string | null; createdAt: Date } | null,
  now = Date.now(),
): AnswerStatus {
  if (!response) return "error";
  if (response.error) return "error";
  if (response.finishReason) return "done";
  return now - new Date(response.createdAt).getTime() > STALE_ANSWER_MS ? "error" : "pending";
}

export async function sideMessages(prisma: PrismaClient, conversationId: string, side: Side) {
  return prisma.message.findMany({
    where: { conversationId, side, superseded: false },
    orderBy: [{ turn: "asc" }, { createdAt: "asc" }],
    include: { images: { orderBy: { position: "asc" } }, response: true },
  });
}
