// The VisionArena paper's dataset figures, computed live over the released dataset (released.ts): Table 1 for
// battles and for chats, battles and chats per model (Figs. 12, 14), answer tokens per model (Fig. 13), battles per
// language (Figs. 15-16), outcomes (Fig. 17), turns (Figs. 18-19), refusals (Fig. 20) and the category overlap
// (Fig. 24). Hand-written SQL: these are GROUP BY aggregates over joins Prisma's query API cannot express.

import { JUDGED_CATEGORIES, LEADERBOARD_TAGS, RULES_LABELLER } from "../categories/names";
import type { Db } from "../db/context";
import { raw, type Sql, sql } from "../db/sql";
import { countTokens } from "../text/tokens";
import { FROM_BATTLES, FROM_CHATS, publicationDelayDays, releasedBattleClauses, releasedChatClauses } from "./released";
import type { DatasetRow, DatasetStatistics, ModelCounts } from "./statistics-payload";

/** Released battles and chats: functions, as the publication delay is read from the configuration each time. */
const BATTLES = () => `SELECT c.id, c."visitorId", c.language, c."turnCount", v.winner::text AS winner,
                        v."modelAId" AS a, v."modelBId" AS b
                   ${FROM_BATTLES} WHERE ${releasedBattleClauses().join(" AND ")}`;
const CHATS = () => `SELECT c.id, c."visitorId", c.language, c."turnCount", c."modelAId" AS a
                 ${FROM_CHATS} WHERE ${releasedChatClauses().join(" AND ")}`;

/** A rank drop under style control this large or larger marks a model in bold in Fig. 13. */
export const STYLE_RANK_DROP = 3;

export interface StatisticsOptions {
  /** whose labels count for the judged categories (as the leaderboard): a judge labeller's name, or `rules` */
  judgedBy?: string;
  /** the ranks of the overall board without and with style control, for Fig. 13's bold models */
  ranks?: { plain: Map<string, number>; style: Map<string, number> };
  onProgress?: (step: string) => void;
}

const int = (v: unknown) => Number(v ?? 0);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Table 1's columns for one dataset (`conv` is a CTE of its conversations with a `models` array). */
async function datasetRow(db: Db, name: string, conv: string, preference: boolean): Promise<DatasetRow> {
  const { rows } = await db.pool.query(
    sql`WITH conv AS (${raw(conv)})
     SELECT (SELECT count(*) FROM conv) AS conversations,
            (SELECT count(DISTINCT m) FROM conv, unnest(conv.models) m) AS models,
            (SELECT count(DISTINCT "visitorId") FROM conv) AS users,
            (SELECT count(DISTINCT language) FROM conv WHERE language IS NOT NULL) AS languages,
            (SELECT avg("turnCount") FROM conv) AS "avgTurns",
            (SELECT avg(r.tokens) FROM conv JOIN "Message" m ON m."conversationId" = conv.id
               JOIN "ResponseMeta" r ON r."messageId" = m.id
              WHERE m.role = 'assistant' AND NOT m.superseded AND r."finishReason" IS NOT NULL
                AND r.tokens IS NOT NULL) AS "avgResponseTokens",
            (SELECT json_build_object('withImage', count(*), 'distinct', count(DISTINCT img)) FROM (
               SELECT (SELECT mi."imageSha256" FROM "Message" m JOIN "MessageImage" mi ON mi."messageId" = m.id
                        WHERE m."conversationId" = conv.id AND m.role = 'user' AND m.side = 'a'
                        ORDER BY m.turn, mi.position LIMIT 1) AS img FROM conv) t WHERE img IS NOT NULL) AS images`,
  );
  const row = rows[0] ?? {};
  const images = row.images as { withImage: number; distinct: number };
  const withImage = int(images?.withImage);
  return {
    name,
    conversations: int(row.conversations),
    models: int(row.models),
    users: int(row.users),
    languages: int(row.languages),
    uniqueImagePercent: withImage ? (100 * int(images.distinct)) / withImage : null,
    avgTurns: num(row.avgTurns),
    avgPromptTokens: await averagePromptTokens(db, conv),
    avgResponseTokens: num(row.avgResponseTokens),
    humanPreference: preference,
  };
}

/** cl100k tokens per user prompt (each prompt once: side a), read in keyset batches so memory stays flat. */
async function averagePromptTokens(db: Db, conv: string): Promise<number | null> {
  let total = 0;
  let prompts = 0;
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: { id: string; content: string }[] } = await db.pool.query<{ id: string; content: string }>(
      sql`WITH conv AS (${raw(conv)})
       SELECT m.id, m.content FROM conv JOIN "Message" m ON m."conversationId" = conv.id
        WHERE m.role = 'user' AND m.side = 'a' AND NOT m.superseded AND (${after}::uuid IS NULL OR m.id > ${after}::uuid)
        ORDER BY m.id LIMIT 5000`,
    );
    for (const row of rows) total += await countTokens(row.content);
    prompts += rows.length;
    const last: { id: string } | undefined = rows[rows.length - 1];
    if (!last || rows.length < 5000) break;
    after = last.id;
  }
  return prompts ? total / prompts : null;
}

async function counts(db: Db, query: string | Sql): Promise<{ key: string; count: number }[]> {
  const { rows } = await db.pool.query<{ key: string; count: string }>(query);
  return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
}

/** Per model: battles, chats, answers and their average tokens, refusals (from the rules' per-side labels). */
async function modelCounts(db: Db, options: StatisticsOptions): Promise<ModelCounts[]> {
  const { rows } = await db.pool.query(
    sql`WITH b AS (${raw(BATTLES())}), ch AS (${raw(CHATS())}),
          sides AS (SELECT id, a AS model, 'a' AS side FROM b UNION ALL SELECT id, b AS model, 'b' FROM b),
          battles AS (SELECT model, count(*) AS n FROM sides GROUP BY model),
          refusals AS (SELECT s.model, count(*) AS n FROM sides s JOIN "BattleCategory" bc
                         ON bc."conversationId" = s.id AND bc.category = 'refusal:' || s.side
                        AND bc.labeller = ${RULES_LABELLER.name} AND bc.value GROUP BY s.model),
          chats AS (SELECT a AS model, count(*) AS n FROM ch GROUP BY a),
          tokens AS (SELECT r."modelId" AS model, avg(r.tokens) AS avg, count(*) AS n
                       FROM b JOIN "Message" m ON m."conversationId" = b.id JOIN "ResponseMeta" r ON r."messageId" = m.id
                      WHERE m.role = 'assistant' AND NOT m.superseded AND r."finishReason" IS NOT NULL
                        AND r.tokens IS NOT NULL GROUP BY r."modelId")
     SELECT md.id AS model, md."displayName", COALESCE(battles.n, 0) AS battles, COALESCE(chats.n, 0) AS chats,
            COALESCE(refusals.n, 0) AS refusals, tokens.avg AS "avgTokens", COALESCE(tokens.n, 0) AS answers
       FROM "Model" md LEFT JOIN battles ON battles.model = md.id LEFT JOIN chats ON chats.model = md.id
       LEFT JOIN refusals ON refusals.model = md.id LEFT JOIN tokens ON tokens.model = md.id
      WHERE battles.n > 0 OR chats.n > 0
      ORDER BY COALESCE(battles.n, 0) DESC, COALESCE(chats.n, 0) DESC, md.id`,
  );
  return rows.map((r) => {
    const plain = options.ranks?.plain.get(r.model);
    const style = options.ranks?.style.get(r.model);
    return {
      model: r.model,
      displayName: r.displayName,
      battles: int(r.battles),
      chats: int(r.chats),
      refusals: int(r.refusals),
      answers: int(r.answers),
      avgTokens: num(r.avgTokens),
      rankPlain: plain ?? null,
      rankStyle: style ?? null,
      styleRankDrop: plain !== undefined && style !== undefined && style - plain >= STYLE_RANK_DROP,
    };
  });
}

/** The labeller whose labels the leaderboard reads for a category (`bc`): the judge's for the judged ones, else the
 *  rules'. */
const labellerOf = (judgedBy: string) =>
  sql`CASE WHEN bc.category = ANY(${[...JUDGED_CATEGORIES]}::text[]) THEN ${judgedBy} ELSE ${RULES_LABELLER.name} END`;

/** The leaderboard's categories each battle carries, as the leaderboard reads them (same labeller per category). */
async function categoryOverlap(db: Db, judgedBy: string) {
  const categories = [...LEADERBOARD_TAGS];
  const pairs = await db.pool.query<{ x: string; y: string; n: string }>(
    sql`WITH b AS (${raw(BATTLES())}),
          lab AS (SELECT DISTINCT bc."conversationId" AS id, bc.category FROM "BattleCategory" bc JOIN b ON b.id = bc."conversationId"
                   WHERE bc.value AND bc.category = ANY(${categories}::text[])
                     AND bc.labeller = ${labellerOf(judgedBy)})
     SELECT x.category AS x, y.category AS y, count(*) AS n FROM lab x JOIN lab y ON x.id = y.id GROUP BY 1, 2`,
  );
  const counts = new Map(pairs.rows.map((r) => [`${r.x}\u0000${r.y}`, Number(r.n)]));
  const present = categories.filter((c) => counts.has(`${c}\u0000${c}`));
  return {
    categories: present,
    battles: present.map((c) => counts.get(`${c}\u0000${c}`) ?? 0),
    counts: present.map((x) => present.map((y) => counts.get(`${x}\u0000${y}`) ?? 0)),
  };
}

/** Conversations per leaderboard category (Fig. 5), for battles or chats, with the labels the leaderboard reads. */
async function categoryCounts(db: Db, source: string, judgedBy: string) {
  return counts(
    db,
    sql`WITH x AS (${raw(source)})
     SELECT bc.category AS key, count(DISTINCT x.id) AS count FROM x JOIN "BattleCategory" bc ON bc."conversationId" = x.id
      WHERE bc.value AND bc.category = ANY(${[...LEADERBOARD_TAGS]}::text[])
        AND bc.labeller = ${labellerOf(judgedBy)}
      GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
}

/** The paper's refusal prompt labels over labelled battles: which side refused (A, B, both, none). */
async function refusalLabels(db: Db) {
  const { rows } = await db.pool.query(
    sql`WITH b AS (${raw(BATTLES())}),
          l AS (SELECT b.id,
                       bool_or(bc.value) FILTER (WHERE bc.category = 'refusal:a') AS a,
                       bool_or(bc.value) FILTER (WHERE bc.category = 'refusal:b') AS b
                  FROM b JOIN "BattleCategory" bc ON bc."conversationId" = b.id AND bc.labeller = ${RULES_LABELLER.name}
                   AND bc.category IN ('refusal:a', 'refusal:b') GROUP BY b.id)
     SELECT count(*) FILTER (WHERE a AND NOT b) AS "A", count(*) FILTER (WHERE b AND NOT a) AS "B",
            count(*) FILTER (WHERE a AND b) AS both, count(*) FILTER (WHERE NOT a AND NOT b) AS none FROM l`,
  );
  const r = rows[0] ?? {};
  return { A: int(r.A), B: int(r.B), both: int(r.both), none: int(r.none) };
}

export async function computeDatasetStatistics(db: Db, options: StatisticsOptions = {}): Promise<DatasetStatistics> {
  const step = options.onProgress ?? (() => {});
  const judgedBy = options.judgedBy ?? RULES_LABELLER.name;
  step("datasets");
  const battleRow = await datasetRow(
    db,
    "battle",
    `SELECT id, "visitorId", language, "turnCount", ARRAY[a, b] AS models FROM (${BATTLES()}) x`,
    true,
  );
  const chatRow = await datasetRow(
    db,
    "chat",
    `SELECT id, "visitorId", language, "turnCount", ARRAY[a] AS models FROM (${CHATS()}) x`,
    false,
  );
  step("models");
  const models = await modelCounts(db, options);
  step("languages, outcomes and turns");
  const [languages, outcomes, battleTurns, chatTurns] = await Promise.all([
    counts(
      db,
      `SELECT COALESCE(language, 'unknown') AS key, count(*) FROM (${BATTLES()}) b GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 25`,
    ),
    counts(db, `SELECT winner AS key, count(*) FROM (${BATTLES()}) b GROUP BY 1 ORDER BY 1`),
    counts(
      db,
      `SELECT "turnCount"::text AS key, count(*) FROM (${BATTLES()}) b GROUP BY "turnCount" ORDER BY "turnCount"`,
    ),
    counts(
      db,
      `SELECT "turnCount"::text AS key, count(*) FROM (${CHATS()}) c GROUP BY "turnCount" ORDER BY "turnCount"`,
    ),
  ]);
  step("refusals and categories");
  const [refusals, overlap, battleCategories, chatCategories] = await Promise.all([
    refusalLabels(db),
    categoryOverlap(db, judgedBy),
    categoryCounts(db, BATTLES(), judgedBy),
    categoryCounts(db, CHATS(), judgedBy),
  ]);
  return {
    computedAt: new Date().toISOString(),
    delayDays: publicationDelayDays(),
    judgedBy,
    datasets: [battleRow, chatRow],
    models,
    languages,
    outcomes,
    turns: { battles: battleTurns, chats: chatTurns },
    refusals,
    categories: { battles: battleCategories, chats: chatCategories },
    categoryOverlap: overlap,
  };
}
