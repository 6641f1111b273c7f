// The live battles the leaderboard is computed from, read from the database into the rating engine's table.
// Left out, and counted: demo battles, named (non-anonymous) battles and those whose answers revealed a model,
// battles stopped by moderation, votes from banned visitors, and votes an integrity rule did not count.
import { dedupTags } from "../categories/dedup";
import { JUDGED_CATEGORIES, LEADERBOARD_TAGS, RULES_LABELLER } from "../categories/names";
import type { Db } from "../db/context";
import { type BattleTable, BattleTableBuilder } from "../ratings/battle-table";
import type { StyleCounts, Winner } from "../ratings/types";

export interface Exclusions {
  demo: number;
  notAnonymous: number;
  moderation: number;
  bannedVisitor: number;
  notCounted: number;
}

export interface LiveBattles {
  table: BattleTable;
  /** votes seen, before exclusions */
  votes: number;
  excluded: Exclusions;
}

interface Row {
  winner: Winner;
  modelAId: string;
  modelBId: string;
  anonymous: boolean;
  counted: boolean;
  createdAt: Date;
  visitorId: string | null;
  turn: number;
  isDemo: boolean;
  isPreset: boolean;
  language: string | null;
  moderationStatus: string;
  banned: boolean;
  categories: string[] | null;
  promptKey: string | null;
  style: number[] | null;
  /** named entities of A and B, null while any answer has not been counted yet */
  entities: (number | string)[] | null;
}

/**
 * What makes two battles "the same prompt" for de-duplication: the visitor's prompts (side a's copy) and the
 * hashes of their images, per conversation `c`.
 */
export const PROMPT_KEY_SQL = `(SELECT md5(string_agg(m.content || ':' || COALESCE((SELECT string_agg(mi."imageSha256", ',' ORDER BY mi.position)
                                                              FROM "MessageImage" mi WHERE mi."messageId" = m.id), ''),
                                   E'\\x1f' ORDER BY m.turn))
               FROM "Message" m
              WHERE m."conversationId" = c.id AND m.side = 'a' AND m.role = 'user' AND NOT m.superseded)`;

type BatchRow = Row & { id: string; conversationId: string };

/**
 * `judgedBy`: whose labels count for the judged categories (the vision categories and refusal): the judge's
 * labeller name, or `rules` (the heuristic fallbacks) when no judge is set. The other tags always come from rules.
 */
export async function loadLiveBattles(
  db: Db,
  options: { includeDemo?: boolean; judgedBy?: string; batchSize?: number; onProgress?: (votes: number) => void } = {},
): Promise<LiveBattles> {
  const excluded: Exclusions = { demo: 0, notAnonymous: 0, moderation: 0, bannedVisitor: 0, notCounted: 0 };
  const builder = new BattleTableBuilder();
  const promptKeys: { id: string; promptKey: string }[] = [];
  const batchSize = options.batchSize ?? 20_000;
  let votes = 0;
  let after: { createdAt: Date; id: string } | null = null;
  // In batches, oldest vote first (keyset on the vote's time and id): memory stays bounded by the table being
  // built, and each batch's lookups use the per-conversation indexes.
  for (;;) {
    const batch: { rows: BatchRow[] } = await db.pool.query<BatchRow>(
      `SELECT v.id, c.id AS "conversationId", v.winner::text AS winner, v."modelAId", v."modelBId", v.anonymous, v.counted, v."createdAt", v."visitorId", v.turn,
            c."isDemo", c."isPreset", c.language, c."moderationStatus"::text AS "moderationStatus",
            (vis."bannedAt" IS NOT NULL) AS banned,
            (SELECT array_agg(DISTINCT bc.category) FROM "BattleCategory" bc
              WHERE bc."conversationId" = c.id AND bc.value
                AND bc.labeller = CASE WHEN bc.category = ANY($1::text[]) THEN $2 ELSE '${RULES_LABELLER.name}' END) AS categories,
            ${PROMPT_KEY_SQL} AS "promptKey",
            (SELECT ARRAY[
               COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'a'), 0), COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'a'), 0),
               COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'a'), 0), COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'a'), 0),
               COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'b'), 0), COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'b'), 0),
               COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'b'), 0), COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'b'), 0)]
               FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
              WHERE m."conversationId" = c.id AND m.role = 'assistant' AND NOT m.superseded) AS style,
            (SELECT CASE WHEN bool_and(r."entityCount" IS NOT NULL) THEN ARRAY[
               COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'a'), 0),
               COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'b'), 0)] END
               FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
              WHERE m."conversationId" = c.id AND m.role = 'assistant' AND NOT m.superseded) AS entities
     FROM "Vote" v
     JOIN "Conversation" c ON c.id = v."conversationId"
     LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
     WHERE $3::timestamp IS NULL OR (v."createdAt", v.id) > ($3::timestamp, $4::uuid)
     ORDER BY v."createdAt", v.id
     LIMIT $5`,
      [
        [...JUDGED_CATEGORIES],
        options.judgedBy ?? RULES_LABELLER.name,
        after?.createdAt ?? null,
        after?.id ?? null,
        batchSize,
      ],
    );
    const rows: BatchRow[] = batch.rows;
    for (const row of rows) {
      if (row.isDemo && !options.includeDemo) excluded.demo++;
      else if (!row.anonymous) excluded.notAnonymous++;
      else if (row.moderationStatus === "flagged" || row.moderationStatus === "banned") excluded.moderation++;
      else if (row.banned) excluded.bannedVisitor++;
      else if (!row.counted) excluded.notCounted++;
      else {
        const categories = row.categories ?? [];
        promptKeys.push({ id: row.conversationId, promptKey: row.promptKey ?? `#${row.conversationId}` });
        builder.add({
          modelA: row.modelAId,
          modelB: row.modelBId,
          winner: row.winner,
          anony: true,
          language: row.language && row.language !== "unknown" ? row.language : undefined,
          turn: row.turn,
          tstamp: row.createdAt.getTime() / 1000,
          judge: row.visitorId ?? undefined,
          isPreset: row.isPreset,
          // unknown until tagged, so untagged battles stay in the no_refusal board
          isRefusal: row.categories === null ? undefined : categories.includes("refusal"),
          categories: categories.filter((c) => LEADERBOARD_TAGS.has(c)),
          style: row.style ? (row.style.map(Number) as unknown as StyleCounts) : undefined,
          entities: row.entities ? [Number(row.entities[0]), Number(row.entities[1])] : undefined,
        });
      }
    }
    votes += rows.length;
    options.onProgress?.(votes);
    const last: BatchRow | undefined = rows[rows.length - 1];
    if (!last || rows.length < batchSize) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  const table = builder.build();
  // de-duplication over the battles that count, keyed by the visitor's prompts and images
  const tags = dedupTags(promptKeys);
  tags.forEach((tag, i) => {
    table.dedupKeep[i] = tag.sampled ? 1 : 0;
  });
  return { table, votes, excluded };
}
