// The public gallery (/explore): voted battles their visitors chose to show, newest or most liked, by category.
// A battle is listed only while its share page may be shown (voted, not stopped or banned by moderation, its visitor
// not banned, none of its images banned) and while its visitor keeps it there: taking it back, or a moderator's ban,
// removes it at once. Hand-written SQL: one query pages the whole gallery with its filters.
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { raw, sql } from "../db/sql";
import { Conflict, NotFound } from "../errors";
import { admit, checkStanding } from "./rate-limit";

export const GALLERY_SORTS = ["newest", "liked"] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
export const GALLERY_PAGE = 24;

export interface GalleryItem {
  id: string;
  prompt: string;
  /** the first picture of the battle, by hash (served by /api/images) */
  image: string | null;
  models: { a: string; b: string };
  winner: "model_a" | "model_b" | "tie" | "tie (bothbad)";
  categories: string[];
  likes: number;
  isDemo: boolean;
  sharedAt: Date;
}

/** The conditions a share page checks, as SQL over conversation `c`. */
const LISTABLE = `c."galleryAt" IS NOT NULL AND c.mode = 'battle'
  AND c."moderationStatus" IN ('clear', 'released')
  AND EXISTS (SELECT 1 FROM "Vote" v WHERE v."conversationId" = c.id)
  AND NOT EXISTS (SELECT 1 FROM "Visitor" vis WHERE vis.id = c."visitorId" AND vis."bannedAt" IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM "Message" m JOIN "MessageImage" mi ON mi."messageId" = m.id
                   JOIN "Image" i ON i.sha256 = mi."imageSha256"
                  WHERE m."conversationId" = c.id AND i."moderationStatus" = 'banned')`;

export async function galleryPage(
  db: Db,
  options: { sort?: GallerySort; category?: string; page?: number } = {},
): Promise<{ items: GalleryItem[]; more: boolean }> {
  const sort = options.sort ?? "newest";
  const page = Math.max(0, Math.floor(options.page ?? 0));
  // "newest" by first share: taking a battle out and putting it back does not bring it to the top
  const shared = `coalesce(c."galleryFirstAt", c."galleryAt")`;
  const order = sort === "liked" ? `likes DESC, ${shared} DESC` : `${shared} DESC`;
  const category = options.category ?? null;
  const { rows } = await db.pool.query<GalleryItem & { more: boolean }>(
    sql`SELECT c.id, c."isDemo", coalesce(c."galleryFirstAt", c."galleryAt") AS "sharedAt",
            json_build_object('a', ma."displayName", 'b', mb."displayName") AS models,
            v.winner::text AS winner,
            (SELECT m.content FROM "Message" m WHERE m."conversationId" = c.id AND m.role = 'user'
              ORDER BY m.turn, m.side LIMIT 1) AS prompt,
            (SELECT mi."imageSha256" FROM "Message" m JOIN "MessageImage" mi ON mi."messageId" = m.id
              WHERE m."conversationId" = c.id ORDER BY m.turn, m.side, mi.position LIMIT 1) AS image,
            COALESCE((SELECT array_agg(bc.category ORDER BY bc.category) FROM "BattleCategory" bc
                       WHERE bc."conversationId" = c.id AND bc.value), '{}') AS categories,
            (SELECT count(*)::int FROM "GalleryLike" l WHERE l."conversationId" = c.id) AS likes
       FROM "Conversation" c
       JOIN "Vote" v ON v."conversationId" = c.id
       JOIN "Model" ma ON ma.id = c."modelAId"
       JOIN "Model" mb ON mb.id = c."modelBId"
      WHERE ${raw(LISTABLE)}
        AND (${category}::text IS NULL OR EXISTS (SELECT 1 FROM "BattleCategory" bc
                                          WHERE bc."conversationId" = c.id AND bc.category = ${category} AND bc.value))
      ORDER BY ${raw(order)}, c.id
      LIMIT ${GALLERY_PAGE + 1} OFFSET ${page * GALLERY_PAGE}`,
  );
  const more = rows.length > GALLERY_PAGE;
  return { items: rows.slice(0, GALLERY_PAGE).map(({ more: _m, ...item }) => item), more };
}

async function ownBattle(db: Db, conversationId: string, visitorId: string) {
  if (!isUuid(conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  const { rows } = await db.pool.query<{ listable: boolean; mode: string; galleryAt: Date | null }>(
    sql`SELECT c.mode, c."galleryAt",
            (${raw(LISTABLE.replace(`c."galleryAt" IS NOT NULL AND `, ""))}) AS listable
       FROM "Conversation" c WHERE c.id = ${conversationId} AND c."visitorId" = ${visitorId}`,
  );
  const row = rows[0];
  if (!row) throw new NotFound("conversation_not_found", "no such conversation");
  return row;
}

/** Puts the visitor's own voted battle in the gallery (again harmless). */
export async function showInGallery(db: Db, input: { conversationId: string; visitorId: string }) {
  await admit(db.pool, input.visitorId, [], checkStanding);
  const battle = await ownBattle(db, input.conversationId, input.visitorId);
  if (battle.mode !== "battle") throw new Conflict("not_a_battle", "only anonymous battles go in the gallery");
  if (!battle.listable) {
    throw new Conflict("not_shareable", "only a voted battle in good standing can go in the gallery");
  }
  await db.pool.query(
    sql`UPDATE "Conversation" SET "galleryAt" = coalesce("galleryAt", now()),
            "galleryFirstAt" = coalesce("galleryFirstAt", "galleryAt", now())
      WHERE id = ${input.conversationId} AND "visitorId" = ${input.visitorId}`,
  );
  return { inGallery: true };
}

/** Takes it back out: gone from /explore at once (its share link still works for those who have it). */
export async function withdrawFromGallery(db: Db, input: { conversationId: string; visitorId: string }) {
  await ownBattle(db, input.conversationId, input.visitorId);
  await db.pool.query(
    sql`UPDATE "Conversation" SET "galleryAt" = NULL WHERE id = ${input.conversationId} AND "visitorId" = ${input.visitorId}`,
  );
  return { inGallery: false };
}

/**
 * A visitor likes a listed battle, once (again harmless); their own count too. Once per address as well: a visitor
 * cookie is free, so sixty fresh cookies from one address are one like, not sixty.
 */
export async function likeGalleryBattle(
  db: Db,
  input: { conversationId: string; visitorId: string; ipHash: string | null },
) {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such battle in the gallery");
  await admit(db.pool, input.visitorId, [], checkStanding);
  const { rows } = await db.pool.query<{ likes: number }>(
    sql`WITH listed AS (SELECT c.id FROM "Conversation" c WHERE c.id = ${input.conversationId} AND ${raw(LISTABLE)}),
          liked AS (INSERT INTO "GalleryLike" ("conversationId", "visitorId", "ipHash")
                    SELECT id, ${input.visitorId}, ${input.ipHash} FROM listed ON CONFLICT DO NOTHING RETURNING 1)
     SELECT (SELECT count(*)::int FROM "GalleryLike" WHERE "conversationId" = ${input.conversationId})
            + (SELECT count(*)::int FROM liked) AS likes
       FROM listed`,
  );
  const row = rows[0];
  if (!row) throw new NotFound("conversation_not_found", "no such battle in the gallery");
  return { likes: row.likes };
}
