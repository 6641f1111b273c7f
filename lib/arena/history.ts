// Each side's message history, as the adapters take it and as pages show it.
import type { PrismaClient } from "../generated/prisma/client";
import type { Side } from "../generated/prisma/enums";

/** How often a streaming answer tells the database it is still being written. */
export const ANSWER_HEARTBEAT_MS = 2_500;
/**
 * An unfinished answer whose last heartbeat (or start) is older than this lost its process (killed, crashed,
 * cut off from the database): it counts as failed, so Retry is available. Four missed heartbeats (10 s), with
 * room for a few seconds of clock difference between instances and the database.
 */
export const STALE_ANSWER_MS = 4 * ANSWER_HEARTBEAT_MS;

export type AnswerStatus = "done" | "error" | "pending";

export function answerStatus(
  response: { finishReason: string | null; error: string | null; createdAt: Date; heartbeatAt?: Date | null } | null,
  now = Date.now(),
): AnswerStatus {
  if (!response) return "error";
  if (response.error) return "error";
  if (response.finishReason) return "done";
  const alive = new Date(response.heartbeatAt ?? response.createdAt).getTime();
  return now - alive > STALE_ANSWER_MS ? "error" : "pending";
}

/** A side's messages with their images and answers' state (read them in one snapshot: see conversationView). */
export async function sideMessages(prisma: Pick<PrismaClient, "message">, conversationId: string, side: Side) {
  return prisma.message.findMany({
    where: { conversationId, side, superseded: false },
    orderBy: [{ turn: "asc" }, { createdAt: "asc" }],
    include: { images: { orderBy: { position: "asc" } }, response: true },
  });
}
