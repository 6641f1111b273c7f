// A visitor's own battles and chats, newest first, found by the visitor cookie alone (no account): what /history
// lists so a conversation can be reopened. Models of an anonymous battle stay hidden until it was voted on.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { Winner } from "../ratings/types";
import { WINNER_FROM_DB } from "./votes";

export interface HistoryItem {
  id: string;
  mode: "battle" | "side_by_side" | "direct";
  createdAt: Date;
  /** the first question, cut to a line */
  prompt: string;
  /** the first image's hash, if the conversation started from one */
  image: string | null;
  turns: number;
  vote: Winner | null;
  /** the models' names, once they may be shown */
  models: string[] | null;
  /** where the conversation reopens */
  href: string;
}

const PAGE: Record<HistoryItem["mode"], string> = { battle: "/", side_by_side: "/side-by-side", direct: "/chat" };
const PROMPT_CHARS = 140;

export async function visitorHistory(db: Db, visitorId: string, limit = 100): Promise<HistoryItem[]> {
  const { rows } = await db.pool.query<{
    id: string;
    mode: HistoryItem["mode"];
    createdAt: Date;
    turnCount: number;
    winner: keyof typeof WINNER_FROM_DB | null;
    modelA: string;
    modelB: string | null;
    prompt: string | null;
    image: string | null;
  }>(
    sql`SELECT c.id, c.mode, c."createdAt", c."turnCount", v.winner, ma."displayName" AS "modelA",
            mb."displayName" AS "modelB", first.content AS prompt,
            (SELECT mi."imageSha256" FROM "MessageImage" mi WHERE mi."messageId" = first.id
              ORDER BY mi.position LIMIT 1) AS image
       FROM "Conversation" c
       JOIN "Model" ma ON ma.id = c."modelAId"
       LEFT JOIN "Model" mb ON mb.id = c."modelBId"
       LEFT JOIN "Vote" v ON v."conversationId" = c.id
       LEFT JOIN LATERAL (
         SELECT m.id, m.content FROM "Message" m
          WHERE m."conversationId" = c.id AND m.side = 'a' AND m.turn = 1 AND m.role = 'user'
          ORDER BY m."createdAt" LIMIT 1
       ) first ON true
      WHERE c."visitorId" = ${visitorId} AND c."moderationStatus" <> 'banned'
      ORDER BY c."createdAt" DESC
      LIMIT ${limit}`,
  );
  return rows.map((r) => {
    const revealed = r.mode !== "battle" || r.winner !== null;
    const prompt = (r.prompt ?? "").replace(/\s+/g, " ").trim();
    return {
      id: r.id,
      mode: r.mode,
      createdAt: r.createdAt,
      prompt: prompt.length > PROMPT_CHARS ? `${prompt.slice(0, PROMPT_CHARS - 1)}…` : prompt,
      image: r.image,
      turns: r.turnCount,
      vote: r.winner ? WINNER_FROM_DB[r.winner] : null,
      models: revealed ? [r.modelA, ...(r.modelB ? [r.modelB] : [])] : null,
      href: `${PAGE[r.mode]}?c=${r.id}`,
    };
  });
}
