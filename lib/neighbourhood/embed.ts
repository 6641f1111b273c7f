// The jobs process embeds each voted battle's first prompt (its first image and its text) for the neighbourhood
// board, a few at a time: the image through MobileNetV2's features (lib/vision), the text through word
// vectors (./text.ts). A battle whose image the moderators removed is embedded by its text alone.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { imageBytes } from "../images";
import { imageEmbedding } from "../vision";
import { textEmbedding } from "./text";
import { packSigned, packUnsigned } from "./vectors";

/** The embedders' names: a battle embedded by others is embedded again. */
export const EMBEDDING_VERSION = "mobilenetv2-nsfwjs-flatten+wink-sg100d-sif50k";

interface Pending {
  conversationId: string;
  prompt: string;
  storageKey: string | null;
  mime: string | null;
  banned: boolean | null;
}

/** Embeds up to `limit` voted battles that have no embedding (or an older one); how many it embedded. */
export async function embedPendingBattles(db: Db, limit = 50): Promise<number> {
  const { rows } = await db.pool.query<Pending>(
    sql`SELECT c.id AS "conversationId", m.content AS prompt, i."storageKey", i.mime,
               (i."moderationStatus" = 'banned') AS banned
          FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId" AND c.mode = 'battle'
          JOIN LATERAL (SELECT id, content FROM "Message"
                         WHERE "conversationId" = c.id AND side = 'a' AND role = 'user' AND NOT superseded
                         ORDER BY turn, "createdAt" LIMIT 1) m ON TRUE
          LEFT JOIN LATERAL (SELECT img."storageKey", img.mime, img."moderationStatus"
                               FROM "MessageImage" mi JOIN "Image" img ON img.sha256 = mi."imageSha256"
                              WHERE mi."messageId" = m.id ORDER BY mi.position LIMIT 1) i ON TRUE
          LEFT JOIN "BattleEmbedding" e ON e."conversationId" = c.id
         WHERE e."conversationId" IS NULL OR e.version <> ${EMBEDDING_VERSION}
         ORDER BY v."createdAt" LIMIT ${limit}`,
  );
  for (const row of rows) {
    const picture =
      row.storageKey && row.mime
        ? await imageBytes({ storageKey: row.storageKey, mime: row.mime, banned: row.banned === true })
        : null;
    const image = picture ? packUnsigned(await imageEmbedding(picture.data)) : null;
    const text = packSigned(textEmbedding(row.prompt));
    await db.pool.query(
      sql`INSERT INTO "BattleEmbedding" ("conversationId", image, "imageScale", text, "textScale", version)
          VALUES (${row.conversationId}, ${image?.bytes ?? null}, ${image?.scale ?? 0}, ${text.bytes}, ${text.scale},
                  ${EMBEDDING_VERSION})
          ON CONFLICT ("conversationId") DO UPDATE SET image = EXCLUDED.image, "imageScale" = EXCLUDED."imageScale",
            text = EXCLUDED.text, "textScale" = EXCLUDED."textScale", version = EXCLUDED.version, "createdAt" = now()`,
    );
  }
  return rows.length;
}
