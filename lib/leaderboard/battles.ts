// The live battles the leaderboard is computed from, read from the database into the rating engine's table.
// Left out, and counted: demo battles, named (non-anonymous) battles and those whose answers revealed a model,
// battles stopped by moderation, votes from banned visitors, and votes an integrity rule did not count.
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
  style: number[] | null;
}

export async function loadLiveBattles(db: Db, options: { includeDemo?: boolean } = {}): Promise<LiveBattles> {
  // Style counts: each side's assistant answers summed over the conversation, as FastChat's conv_metadata.
  const { rows } = await db.pool.query<Row>(
    `SELECT v.winner::text AS winner, v."modelAId", v."modelBId", v.anonymous, v.counted, v."createdAt", v."visitorId", v.turn,
            c."isDemo", c."isPreset", c.language, c."moderationStatus"::text AS "moderationStatus",
            (vis."bannedAt" IS NOT NULL) AS banned,
            (SELECT array_agg(DISTINCT bc.category) FROM "BattleCategory" bc
              WHERE bc."conversationId" = c.id AND bc.value) AS categories,
            (SELECT ARRAY[
               COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'a'), 0), COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'a'), 0),
               COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'a'), 0), COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'a'), 0),
               COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'b'), 0), COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'b'), 0),
               COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'b'), 0), COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'b'), 0)]
               FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
              WHERE m."conversationId" = c.id AND m.role = 'assistant' AND NOT m.superseded) AS style
     FROM "Vote" v
     JOIN "Conversation" c ON c.id = v."conversationId"
     LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
     ORDER BY v."createdAt"`,
  );
  const excluded: Exclusions = { demo: 0, notAnonymous: 0, moderation: 0, bannedVisitor: 0, notCounted: 0 };
  const builder = new BattleTableBuilder();
  for (const row of rows) {
    if (row.isDemo && !options.includeDemo) excluded.demo++;
    else if (!row.anonymous) excluded.notAnonymous++;
    else if (row.moderationStatus === "flagged" || row.moderationStatus === "banned") excluded.moderation++;
    else if (row.banned) excluded.bannedVisitor++;
    else if (!row.counted) excluded.notCounted++;
    else {
      const categories = row.categories ?? [];
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
        isRefusal: categories.includes("refusal"),
        categories: categories.filter((c) => c !== "refusal"),
        style: row.style ? (row.style.map(Number) as unknown as StyleCounts) : undefined,
      });
    }
  }
  return { table: builder.build(), votes: rows.length, excluded };
}
