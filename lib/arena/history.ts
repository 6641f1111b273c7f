// Each side's message history, as the adapters take it and as pages show it.
import type { PrismaClient } from "../generated/prisma/client";
import type { Side } from "../generated/prisma/enums";
import { loadImage } from "../images";
import type { ChatTurn } from "../providers";

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
  return now - response.createdAt.getTime() > STALE_ANSWER_MS ? "error" : "pending";
}

export async function sideMessages(prisma: PrismaClient, conversationId: string, side: Side) {
  return prisma.message.findMany({
    where: { conversationId, side, superseded: false },
    orderBy: [{ turn: "asc" }, { createdAt: "asc" }],
    include: { images: { orderBy: { position: "asc" } }, response: true },
  });
}

/** The history a model sees: prompts with their images, and its own finished answers. */
export async function chatHistory(prisma: PrismaClient, conversationId: string, side: Side): Promise<ChatTurn[]> {
  const messages = await sideMessages(prisma, conversationId, side);
  const turns: ChatTurn[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      const images = [];
      for (const link of message.images) {
        const image = await loadImage(prisma, link.imageSha256);
        if (image) images.push({ data: image.data, mime: image.mime });
      }
      turns.push({ role: "user", text: message.content, images });
    } else if (message.role === "assistant" && answerStatus(message.response) === "done") {
      turns.push({ role: "assistant", text: message.content });
    }
  }
  return turns;
}
