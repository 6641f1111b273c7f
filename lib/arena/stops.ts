// Stop: the visitor ends the answers being written. The request is recorded on the answers (any instance may
// receive it); the process writing them ends them at once when it is this one, else at its next heartbeat
// (ANSWER_HEARTBEAT_MS), which reads the request back. A stopped answer is kept as finished at what was shown.
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { sql } from "../db/sql";
import { NotFound } from "../errors";
import type { Side } from "../generated/prisma/enums";

/** The reason a stopped side's request is aborted with, told apart from timeouts and provider failures. */
export class StopRequested extends Error {
  constructor() {
    super("the visitor stopped the answer");
    this.name = "StopRequested";
  }
}

export const STOPPED = "stopped";

const running = new Map<string, () => void>();

/** Registers an answer being written by this process; the returned function unregisters it. */
export function whileWriting(messageId: string, stop: () => void): () => void {
  running.set(messageId, stop);
  return () => {
    if (running.get(messageId) === stop) running.delete(messageId);
  };
}

/** Ends the answers among `messageIds` that this process is writing. */
export function stopWriting(messageIds: Iterable<string>) {
  for (const id of messageIds) running.get(id)?.();
}

/**
 * Records a Stop for every answer of the conversation's latest turn still being written, and ends those this
 * process writes. Answers that finished meanwhile are left as they are: a Stop that came too late stops nothing.
 */
export async function requestStop(db: Db, input: { conversationId: string; visitorId: string }): Promise<Side[]> {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  const { rows } = await db.pool.query<{ owned: boolean; stopped: { id: string; side: Side }[] | null }>(
    sql`WITH c AS (SELECT id, "turnCount" FROM "Conversation" WHERE id = ${input.conversationId} AND "visitorId" = ${input.visitorId}),
     stopped AS (
       UPDATE "ResponseMeta" r SET "stopRequestedAt" = now()
         FROM "Message" m, c
        WHERE r."messageId" = m.id AND m."conversationId" = c.id AND m.role = 'assistant' AND NOT m.superseded
          AND m.turn = c."turnCount" AND r."finishReason" IS NULL AND r.error IS NULL AND r."stopRequestedAt" IS NULL
       RETURNING m.id, m.side)
     SELECT EXISTS (SELECT 1 FROM c) AS owned,
            (SELECT json_agg(json_build_object('id', id, 'side', side) ORDER BY side) FROM stopped) AS stopped`,
  );
  const row = rows[0];
  if (!row?.owned) throw new NotFound("conversation_not_found", "no such conversation");
  const stopped = row.stopped ?? [];
  stopWriting(stopped.map((s) => s.id));
  return stopped.map((s) => s.side);
}
