// A visitor deletes everything stored about them (issue 69, GDPR's right to erasure), in one transaction: their
// conversations (with the messages, answers, votes, reactions, reports and likes they hold: the schema cascades),
// the likes they gave, and the pictures only their battles used (a picture another battle also holds stays). The
// visitor record goes too, unless the visitor is banned (the ban's record stays, nothing else). An audit entry says
// a deletion happened and how much it removed, never what. The votes leave the next leaderboard (the audit entry
// makes the jobs process read the votes again in full, and a recompute is asked for) and every export made after.
import crypto from "node:crypto";
import type { Db } from "../db/context";
import { inTransaction } from "../db/pool";
import { sql } from "../db/sql";
import { imageStore } from "../images";
import { requestRecompute } from "../leaderboard";

export const DATA_DELETED_ACTION = "visitor.data_deleted";

export interface Deletion {
  conversations: number;
  votes: number;
  likes: number;
  images: number;
}

export async function deletePersonalData(db: Db, visitorId: string): Promise<Deletion> {
  const { deletion, storageKeys } = await inTransaction(db.pool, async (client) => {
    await client.query(sql`BEGIN`);
    const { rows: hashes } = await client.query<{ sha256: string }>(
      sql`SELECT DISTINCT mi."imageSha256" AS sha256 FROM "MessageImage" mi
            JOIN "Message" m ON m.id = mi."messageId" JOIN "Conversation" c ON c.id = m."conversationId"
           WHERE c."visitorId" = ${visitorId}`,
    );
    const votes = await client.query(sql`SELECT 1 FROM "Vote" WHERE "visitorId" = ${visitorId}`);
    const likes = await client.query(sql`DELETE FROM "GalleryLike" WHERE "visitorId" = ${visitorId}`);
    const conversations = await client.query(sql`DELETE FROM "Conversation" WHERE "visitorId" = ${visitorId}`);
    await client.query(sql`DELETE FROM "Vote" WHERE "visitorId" = ${visitorId}`);
    const { rows: gone } = await client.query<{ storageKey: string }>(
      sql`DELETE FROM "Image" i WHERE i.sha256 = ANY(${hashes.map((h) => h.sha256)}::text[])
            AND NOT EXISTS (SELECT 1 FROM "MessageImage" mi WHERE mi."imageSha256" = i.sha256)
            AND NOT EXISTS (SELECT 1 FROM "PromptItemImage" pi WHERE pi."imageSha256" = i.sha256)
            AND NOT EXISTS (SELECT 1 FROM "ModerationFlag" f WHERE f."imageSha256" = i.sha256)
          RETURNING i."storageKey"`,
    );
    await client.query(sql`DELETE FROM "Visitor" WHERE id = ${visitorId} AND "bannedAt" IS NULL`);
    const deletion: Deletion = {
      conversations: conversations.rowCount ?? 0,
      votes: votes.rowCount ?? 0,
      likes: likes.rowCount ?? 0,
      images: gone.length,
    };
    // who asked is not recorded (the id is gone with the data): only that a deletion happened, and its size
    await client.query(
      // stamped at the end of the transaction, not its start: a snapshot whose newest vote came in meanwhile must
      // still see the deletion as newer (the scheduler recomputes on it, lib/leaderboard/run-snapshots.ts)
      sql`INSERT INTO "AuditEntry" (id, actor, action, details, "createdAt")
          VALUES (${crypto.randomUUID()}::uuid, 'visitor', ${DATA_DELETED_ACTION}, ${JSON.stringify(deletion)}::jsonb,
                  clock_timestamp())`,
    );
    await client.query(sql`COMMIT`);
    return { deletion, storageKeys: gone.map((g) => g.storageKey) };
  });
  // the files after the rows: a file left behind by a failure here is unreachable, never a row without its file
  for (const key of storageKeys) await imageStore().delete(key);
  if (deletion.votes > 0) await requestRecompute().catch(() => undefined);
  return deletion;
}
