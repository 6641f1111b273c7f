// A visitor reports an answer (harmful, wrong, revealing its model, broken): it goes to the moderation desk as a
// flag of its own kind, with the side, the turn, the model that wrote it and the reporter's note, so a moderator
// can act on what was reported (lib/admin/moderation). The visitor who reported is never the one punished.
import { z } from "zod";
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { sql } from "../db/sql";
import { NotFound } from "../errors";
import { admit, checkStanding, reportLimits } from "./rate-limit";
import { visitorNote } from "./visitor-note";

export const REPORT_REASONS = {
  harmful: "harmful or offensive",
  wrong: "wrong about the picture",
  identity: "says which model it is",
  broken: "broken or unreadable",
  other: "something else",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

export const ANSWER_REPORT = "answer_report";
export const REPORT_NOTE_CHARS = 500;

export const reportInput = z.object({
  side: z.enum(["a", "b"]),
  reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]]),
  note: visitorNote(REPORT_NOTE_CHARS).optional(),
});

/**
 * Files the report once: the same answer reported again for the same reason is the same report (a unique key
 * decides, so ten at once make one row; a note sent later is kept). Only the conversation's owner may report, in
 * good standing, within ARENA_RATE_REPORTS_PER_HOUR.
 */
export async function reportAnswer(
  db: Db,
  input: { conversationId: string; visitorId: string } & z.infer<typeof reportInput>,
): Promise<{ id: string; created: boolean }> {
  const missing = () => new NotFound("conversation_not_found", "no such conversation");
  if (!isUuid(input.conversationId)) throw missing();
  const { rows } = await db.pool.query<{ visitorId: string | null; turnCount: number; modelId: string | null }>(
    sql`SELECT "visitorId", "turnCount", CASE WHEN ${input.side} = 'b' THEN "modelBId" ELSE "modelAId" END AS "modelId"
       FROM "Conversation" WHERE id = ${input.conversationId}`,
  );
  const conversation = rows[0];
  if (!conversation || conversation.visitorId !== input.visitorId) throw missing();
  if (!conversation.modelId) throw new NotFound("no_such_side", "this conversation has no second answer");
  await admit(db.pool, input.visitorId, reportLimits(input.visitorId), checkStanding);
  const reason = `answer ${input.side.toUpperCase()}: ${REPORT_REASONS[input.reason]}`;
  const note = input.note ? input.note : null;
  // xmax = 0 only on a row this statement inserted: an existing report (updated for its note) reads as not created
  const filed = await db.pool.query<{ id: string; created: boolean }>(
    sql`INSERT INTO "ModerationFlag" (id, "conversationId", source, reason, side, turn, "modelId", "reportReason", note)
     VALUES (gen_random_uuid(), ${input.conversationId}, ${ANSWER_REPORT}, ${reason}, ${input.side}::"Side", ${conversation.turnCount}, ${conversation.modelId}, ${input.reason}, ${note})
     ON CONFLICT ("conversationId", turn, side, "reportReason")
       DO UPDATE SET note = coalesce(EXCLUDED.note, "ModerationFlag".note)
     RETURNING id, (xmax = 0) AS created`,
  );
  const row = filed.rows[0] as { id: string; created: boolean };
  return { id: row.id, created: row.created };
}
