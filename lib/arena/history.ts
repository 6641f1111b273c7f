// Each side's message history, as the adapters take it and as pages show it.
import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client";
import type { Side } from "../generated/prisma/enums";
import { imageStore } from "../images";
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
  return now - new Date(response.createdAt).getTime() > STALE_ANSWER_MS ? "error" : "pending";
}

export async function sideMessages(prisma: PrismaClient, conversationId: string, side: Side) {
  return prisma.message.findMany({
    where: { conversationId, side, superseded: false },
    orderBy: [{ turn: "asc" }, { createdAt: "asc" }],
    include: { images: { orderBy: { position: "asc" } }, response: true },
  });
}

interface HistoryRow {
  role: "user" | "assistant";
  content: string;
  finishReason: string | null;
  error: string | null;
  responseAt: Date | null;
  images: { key: string; mime: string }[] | null;
}

/** The history a model sees: prompts with their images, and its own finished answers. One query. */
export async function chatHistory(pool: pg.Pool, conversationId: string, side: Side): Promise<ChatTurn[]> {
  const { rows } = await pool.query<HistoryRow>(
    `SELECT m.role, m.content, r."finishReason", r.error, r."createdAt" AS "responseAt",
            (SELECT json_agg(json_build_object('key', i."storageKey", 'mime', i.mime) ORDER BY mi.position)
               FROM "MessageImage" mi JOIN "Image" i ON i.sha256 = mi."imageSha256" WHERE mi."messageId" = m.id) AS images
     FROM "Message" m LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
     WHERE m."conversationId" = $1 AND m.side = $2::"Side" AND NOT m.superseded
     ORDER BY m.turn, m."createdAt"`,
    [conversationId, side],
  );
  const store = imageStore();
  const turns: ChatTurn[] = [];
  for (const row of rows) {
    if (row.role === "user") {
      const images = [];
      for (const image of row.images ?? []) {
        const data = await store.get(image.key);
        if (data) images.push({ data, mime: image.mime });
      }
      turns.push({ role: "user", text: row.content, images });
    } else if (
      row.role === "assistant" &&
      row.responseAt &&
      answerStatus({ finishReason: row.finishReason, error: row.error, createdAt: row.responseAt }) === "done"
    ) {
      turns.push({ role: "assistant", text: row.content });
    }
  }
  return turns;
}
