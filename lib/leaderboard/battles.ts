// The live battles the leaderboard is computed from, read from the database into the rating engine's table.
// Left out, and counted: demo battles, named (non-anonymous) battles and those whose answers revealed a model,
// battles stopped by moderation, votes from banned visitors, and votes an integrity rule did not count.

import type pg from "pg";
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

/**
 * What makes two battles "the same prompt" for de-duplication: the visitor's prompts (side a's copy) and the
 * hashes of their images, per conversation `c`.
 */
export const PROMPT_KEY_SQL = `(SELECT md5(string_agg(m.content || ':' || COALESCE((SELECT string_agg(mi."imageSha256", ',' ORDER BY mi.position)
                                                              FROM "MessageImage" mi WHERE mi."messageId" = m.id), ''),
                                   E'\\x1f' ORDER BY m.turn))
               FROM "Message" m
              WHERE m."conversationId" = c.id AND m.side = 'a' AND m.role = 'user' AND NOT m.superseded)`;

/**
 * The votes in order, each with its conversation, in four parts that are read side by side: the vote itself, the
 * style counts of its answers, its labels and its prompt key. Each part is one set-based pass (a hash aggregate
 * joined to the votes) rather than four correlated lookups per vote (~50 µs a vote: 72 s at 1M votes), and the four
 * run in parallel on their own connections over one exported snapshot. Every part has exactly one row per vote, in
 * the same order, so row k of each belongs to vote k.
 */
const VOTE_ORDER = `ORDER BY v."createdAt", v.id`;

interface Part<T> {
  sql: string;
  read(row: unknown[]): T;
}

interface VoteFields {
  conversationId: string;
  winner: Winner;
  modelA: string;
  modelB: string;
  anonymous: boolean;
  counted: boolean;
  tstamp: number;
  visitorId: string | null;
  turn: number;
  isDemo: boolean;
  isPreset: boolean;
  language: string | null;
  moderationStatus: string;
  banned: boolean;
}

const VOTES: Part<VoteFields> = {
  sql: `SELECT c.id, v.winner::text, v."modelAId", v."modelBId", v.anonymous, v.counted,
               extract(epoch FROM v."createdAt")::float8, v."visitorId", v.turn,
               c."isDemo", c."isPreset", c.language, c."moderationStatus"::text, (vis."bannedAt" IS NOT NULL)
          FROM "Vote" v
          JOIN "Conversation" c ON c.id = v."conversationId"
          LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
         ${VOTE_ORDER}`,
  read: (r) => ({
    conversationId: r[0] as string,
    winner: r[1] as Winner,
    modelA: r[2] as string,
    modelB: r[3] as string,
    anonymous: r[4] as boolean,
    counted: r[5] as boolean,
    tstamp: r[6] as number,
    visitorId: r[7] as string | null,
    turn: r[8] as number,
    isDemo: r[9] as boolean,
    isPreset: r[10] as boolean,
    language: r[11] as string | null,
    moderationStatus: r[12] as string,
    banned: r[13] as boolean,
  }),
};

/** Summed style counts of A's and B's answers (zeros when none is recorded), and named entities once every answer
 *  has been counted. */
const STYLE: Part<{ style: StyleCounts; entities: [number, number] | undefined }> = {
  sql: `WITH style AS (
          SELECT m."conversationId" AS id,
                 COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'a'), 0)::float8 AS ta,
                 COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'a'), 0)::float8 AS ha,
                 COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'a'), 0)::float8 AS la,
                 COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'a'), 0)::float8 AS ba,
                 COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'b'), 0)::float8 AS tb,
                 COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'b'), 0)::float8 AS hb,
                 COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'b'), 0)::float8 AS lb,
                 COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'b'), 0)::float8 AS bb,
                 CASE WHEN bool_and(r."entityCount" IS NOT NULL)
                      THEN COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'a'), 0)::float8 END AS ea,
                 CASE WHEN bool_and(r."entityCount" IS NOT NULL)
                      THEN COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'b'), 0)::float8 END AS eb
            FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
           WHERE m.role = 'assistant' AND NOT m.superseded
           GROUP BY m."conversationId")
        SELECT s.ta, s.ha, s.la, s.ba, s.tb, s.hb, s.lb, s.bb, s.ea, s.eb
          FROM "Vote" v LEFT JOIN style s ON s.id = v."conversationId"
         ${VOTE_ORDER}`,
  read: (r) => ({
    style: Array.from({ length: 8 }, (_, k) => (r[k] as number | null) ?? 0) as unknown as StyleCounts,
    entities: r[8] === null || r[9] === null ? undefined : [r[8] as number, r[9] as number],
  }),
};

/** The labels that count: the judge's (`$2`) for the judged categories (`$1`), the rules' for the others. */
const LABELS: Part<string[] | null> = {
  sql: `WITH labels AS (
          SELECT bc."conversationId" AS id, array_agg(DISTINCT bc.category) AS categories
            FROM "BattleCategory" bc
           WHERE bc.value
             AND bc.labeller = CASE WHEN bc.category = ANY($1::text[]) THEN $2 ELSE '${RULES_LABELLER.name}' END
           GROUP BY bc."conversationId")
        SELECT l.categories FROM "Vote" v LEFT JOIN labels l ON l.id = v."conversationId"
         ${VOTE_ORDER}`,
  read: (r) => r[0] as string[] | null,
};

/** As PROMPT_KEY_SQL: the visitor's prompts (side a's copy) and their images' hashes. */
const PROMPTS: Part<string | null> = {
  sql: `WITH images AS (
          SELECT mi."messageId" AS id, string_agg(mi."imageSha256", ',' ORDER BY mi.position) AS list
            FROM "MessageImage" mi GROUP BY mi."messageId"),
        prompts AS (
          SELECT m."conversationId" AS id,
                 md5(string_agg(m.content || ':' || COALESCE(i.list, ''), E'\\x1f' ORDER BY m.turn)) AS key
            FROM "Message" m LEFT JOIN images i ON i.id = m.id
           WHERE m.side = 'a' AND m.role = 'user' AND NOT m.superseded
           GROUP BY m."conversationId")
        SELECT p.key FROM "Vote" v LEFT JOIN prompts p ON p.id = v."conversationId"
         ${VOTE_ORDER}`,
  read: (r) => r[0] as string | null,
};

/** Memory for one connection's sorts and hash aggregates while loading (the aggregates of 1M votes spill to disk
 *  with PostgreSQL's default 4 MB, which doubled the load). */
const LOAD_WORK_MEM = "256MB";

/**
 * Reads the parts through cursors, `lanes` connections sharing one snapshot, `batchSize` votes at a time; calls
 * `onBatch` with the rows of each part for the same votes.
 */
async function readParts(
  db: Db,
  parts: Part<unknown>[],
  params: unknown[],
  batchSize: number,
  onBatch: (rows: unknown[][][]) => void,
): Promise<void> {
  const lanes = Math.max(1, Math.min(parts.length, db.pool.options.max ?? 1));
  const clients: pg.PoolClient[] = [];
  try {
    for (let lane = 0; lane < lanes; lane++) clients.push(await db.pool.connect());
    const [first, ...others] = clients as [pg.PoolClient, ...pg.PoolClient[]];
    await first.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = (await first.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]?.id;
    for (const client of others) {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      await client.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`);
    }
    for (const client of clients) {
      // planned for reading every row (hash joins), not for a fast first row
      await client.query(`SET LOCAL cursor_tuple_fraction = 1; SET LOCAL work_mem = '${LOAD_WORK_MEM}'`);
    }
    const laneOf = (k: number) => clients[k % lanes] as pg.PoolClient;
    await Promise.all(
      parts.map((part, k) =>
        laneOf(k).query(
          `DECLARE live_part_${k} NO SCROLL CURSOR FOR ${part.sql}`,
          part.sql.includes("$1") ? params : [],
        ),
      ),
    );
    for (;;) {
      const batches = await Promise.all(
        parts.map(
          async (_, k) =>
            (await laneOf(k).query<unknown[]>({ text: `FETCH ${batchSize} FROM live_part_${k}`, rowMode: "array" }))
              .rows,
        ),
      );
      const size = batches[0]?.length ?? 0;
      if (batches.some((rows) => rows.length !== size))
        throw new Error("the parts of the live battles differ in length");
      onBatch(batches);
      if (size < batchSize) break;
    }
    for (const client of clients) await client.query("COMMIT");
  } catch (error) {
    for (const client of clients) await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    for (const client of clients) client.release();
  }
}

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
  let votes = 0;
  const parts = [VOTES, STYLE, LABELS, PROMPTS] as Part<unknown>[];
  const params = [[...JUDGED_CATEGORIES], options.judgedBy ?? RULES_LABELLER.name];
  await readParts(db, parts, params, options.batchSize ?? 50_000, ([voteRows, styleRows, labelRows, promptRows]) => {
    const count = voteRows?.length ?? 0;
    for (let k = 0; k < count; k++) {
      const vote = VOTES.read(voteRows?.[k] as unknown[]);
      if (vote.isDemo && !options.includeDemo) excluded.demo++;
      else if (!vote.anonymous) excluded.notAnonymous++;
      else if (vote.moderationStatus === "flagged" || vote.moderationStatus === "banned") excluded.moderation++;
      else if (vote.banned) excluded.bannedVisitor++;
      else if (!vote.counted) excluded.notCounted++;
      else {
        const labels = LABELS.read(labelRows?.[k] as unknown[]);
        const categories = labels ?? [];
        const promptKey = PROMPTS.read(promptRows?.[k] as unknown[]);
        const { style, entities } = STYLE.read(styleRows?.[k] as unknown[]);
        promptKeys.push({ id: vote.conversationId, promptKey: promptKey ?? `#${vote.conversationId}` });
        builder.add({
          modelA: vote.modelA,
          modelB: vote.modelB,
          winner: vote.winner,
          anony: true,
          language: vote.language && vote.language !== "unknown" ? vote.language : undefined,
          turn: vote.turn,
          tstamp: vote.tstamp,
          judge: vote.visitorId ?? undefined,
          isPreset: vote.isPreset,
          // unknown until tagged, so untagged battles stay in the no_refusal board
          isRefusal: labels === null ? undefined : categories.includes("refusal"),
          categories: categories.filter((c) => LEADERBOARD_TAGS.has(c)),
          style,
          entities,
        });
      }
    }
    votes += count;
    options.onProgress?.(votes);
  });
  const table = builder.build();
  // de-duplication over the battles that count, keyed by the visitor's prompts and images
  const tags = dedupTags(promptKeys);
  tags.forEach((tag, i) => {
    table.dedupKeep[i] = tag.sampled ? 1 : 0;
  });
  return { table, votes, excluded };
}
