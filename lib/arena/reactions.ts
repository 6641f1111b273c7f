// Vision reactions (issue 43): after the vote, and only then, a visitor may say in one tap what went wrong in one
// side's answer — the errors vision models make (ComparIA collects reactions for text; these are for pictures).
// Never required, one per side, changeable, removable; stored with the vote and the model that wrote the answer.
import { z } from "zod";
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { sql } from "../db/sql";
import { Conflict, InvalidInput, NotFound } from "../errors";
import { REACTION_MEANINGS, REACTION_NOTE_CHARS, VISION_REACTIONS, type VisionReaction } from "./reaction-names";
import { visitorNote } from "./visitor-note";

export { REACTION_MEANINGS, REACTION_NOTE_CHARS, VISION_REACTIONS, type VisionReaction };

export const reactionInput = z.object({
  side: z.enum(["a", "b"]),
  /** null takes the side's reaction back */
  reason: z.enum(VISION_REACTIONS).nullable(),
  note: visitorNote(REACTION_NOTE_CHARS).optional(),
});
export type ReactionInput = z.infer<typeof reactionInput>;

export interface StoredReaction {
  side: "a" | "b";
  reason: VisionReaction | null;
  note: string | null;
}

/**
 * Sets (or, with a null reason, removes) the visitor's reaction to one side of a battle they voted on. Only the
 * conversation's owner may react, only after the vote; a note goes with "other" only.
 */
export async function reactToAnswer(
  db: Db,
  input: { conversationId: string; visitorId: string } & ReactionInput,
): Promise<StoredReaction> {
  const missing = () => new NotFound("conversation_not_found", "no such conversation");
  if (!isUuid(input.conversationId)) throw missing();
  if (input.note?.trim() && input.reason !== "other") {
    throw new InvalidInput("invalid_request", "a note goes with the reason 'other' only");
  }
  const { rows } = await db.pool.query<{ visitorId: string | null; voteId: string | null; modelId: string | null }>(
    sql`SELECT c."visitorId", v.id AS "voteId",
               CASE WHEN ${input.side} = 'b' THEN v."modelBId" ELSE v."modelAId" END AS "modelId"
          FROM "Conversation" c LEFT JOIN "Vote" v ON v."conversationId" = c.id
         WHERE c.id = ${input.conversationId}`,
  );
  const battle = rows[0];
  if (!battle || battle.visitorId !== input.visitorId) throw missing();
  if (!battle.voteId) throw new Conflict("not_voted", "vote first: reasons are asked only after the vote");
  if (!battle.modelId) throw new NotFound("no_such_side", "this conversation has no second answer");
  if (input.reason === null) {
    await db.pool.query(
      sql`DELETE FROM "VoteReaction" WHERE "voteId" = ${battle.voteId} AND side = ${input.side}::"Side"`,
    );
    return { side: input.side, reason: null, note: null };
  }
  const note = input.note?.trim() || null;
  await db.pool.query(
    sql`INSERT INTO "VoteReaction" ("voteId", side, "modelId", reason, note)
        VALUES (${battle.voteId}, ${input.side}::"Side", ${battle.modelId}, ${input.reason}::"VisionReaction", ${note})
        ON CONFLICT ("voteId", side)
          DO UPDATE SET reason = EXCLUDED.reason, note = EXCLUDED.note, "updatedAt" = CURRENT_TIMESTAMP`,
  );
  return { side: input.side, reason: input.reason, note };
}

export interface ReactionCounts {
  /** reason → how many of the model's answers got it */
  total: Partial<Record<VisionReaction, number>>;
  /** category → reason → count, over the battles labelled with the category */
  byCategory: Record<string, Partial<Record<VisionReaction, number>>>;
  /** the model's answers that were voted on (what the counts are out of) */
  votedAnswers: number;
}

/** A model's reactions, overall and per category (the battle's category labels), for its page. */
export async function reactionCounts(db: Db, modelId: string): Promise<ReactionCounts> {
  const [totals, categories, answers] = await Promise.all([
    db.pool.query<{ reason: VisionReaction; n: number }>(
      sql`SELECT reason, count(*)::int AS n FROM "VoteReaction" WHERE "modelId" = ${modelId} GROUP BY reason`,
    ),
    db.pool.query<{ category: string; reason: VisionReaction; n: number }>(
      // several labellers may label one battle: each reaction counts once per category
      sql`SELECT bc.category, r.reason, count(DISTINCT r."voteId")::int AS n
            FROM "VoteReaction" r JOIN "Vote" v ON v.id = r."voteId"
            JOIN "BattleCategory" bc ON bc."conversationId" = v."conversationId" AND bc.value
           WHERE r."modelId" = ${modelId}
           GROUP BY bc.category, r.reason`,
    ),
    db.pool.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM "Vote" WHERE "modelAId" = ${modelId} OR "modelBId" = ${modelId}`,
    ),
  ]);
  const total: ReactionCounts["total"] = {};
  for (const row of totals.rows) total[row.reason] = row.n;
  const byCategory: ReactionCounts["byCategory"] = {};
  for (const row of categories.rows) byCategory[row.category] = { ...byCategory[row.category], [row.reason]: row.n };
  return { total, byCategory, votedAnswers: answers.rows[0]?.n ?? 0 };
}
