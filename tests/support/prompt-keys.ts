// ConversationPrompt's key against the key computed from the messages, as vote-parts.ts' promptKeysSql computed it at
// every read before the column was kept by triggers (migration 20261128100000_conversation_prompt_key).
import type { Db } from "../../lib/db/context";

const REFERENCE = `
  WITH images AS (
    SELECT mi."messageId" AS id, string_agg(mi."imageSha256", ',' ORDER BY mi.position) AS list
      FROM "MessageImage" mi GROUP BY mi."messageId"),
  prompts AS (
    SELECT m."conversationId" AS id,
           md5(string_agg(m.content || ':' || COALESCE(i.list, ''), E'\\x1f' ORDER BY m.turn)) AS key
      FROM "Message" m LEFT JOIN images i ON i.id = m.id
     WHERE m.side = 'a' AND m.role = 'user' AND NOT m.superseded
     GROUP BY m."conversationId")
  SELECT c.id, p.key::uuid::text AS reference, s.key::text AS stored
    FROM "Conversation" c LEFT JOIN prompts p ON p.id = c.id
    LEFT JOIN "ConversationPrompt" s ON s."conversationId" = c.id ORDER BY c.id`;

/** Every conversation's stored key and the key computed from its messages (null: no prompt of side a), read in
 *  one statement so that writes of other tests between two reads cannot make them differ. */
export async function promptKeys(db: Db): Promise<{ id: string; reference: string | null; stored: string | null }[]> {
  return (await db.pool.query<{ id: string; reference: string | null; stored: string | null }>(REFERENCE)).rows;
}
