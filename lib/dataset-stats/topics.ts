// The dataset's topics (VisionArena Figs. 3 and 11): the first prompts of released battles and of direct chats,
// each clustered with VisionArena-Bench's curation model (lib/bench clusterPool: the registry's embedding model
// ARENA_BENCH_EMBEDDER, or the documented local fallback), each topic named by its distinctive words with example
// prompts. Computed by the jobs process (ARENA_TOPICS_INTERVAL_S), stored as a DatasetSnapshot of kind "topics".
import { clusterPool, type PoolRow, topicName } from "../bench/curate";
import { benchDefaults } from "../bench/defaults";
import { config } from "../config";
import { withTryLock } from "../db/advisory-lock";
import type { Db } from "../db/context";
import { raw, sql } from "../db/sql";
import { createRandom } from "../numeric";
import { FROM_BATTLES, FROM_CHATS, releasedBattleClauses, releasedChatClauses } from "./released";
import { latestDatasetTopics, storeDatasetSnapshot, TOPICS_KIND } from "./store";
import { type DatasetTopics, TOPIC_POOL, TOPICS_SHOWN, type TopicsOfKind } from "./topics-payload";

async function firstPrompts(db: Db, from: string, clauses: readonly string[]): Promise<PoolRow[]> {
  const { rows } = await db.pool.query<PoolRow>(
    sql`SELECT c.id AS "conversationId", m.content AS text,
            COALESCE((SELECT array_agg(mi."imageSha256" ORDER BY mi.position) FROM "MessageImage" mi
                       WHERE mi."messageId" = m.id), '{}') AS images
       ${raw(from)}
       JOIN "Message" m ON m."conversationId" = c.id AND m.side = 'a' AND m.turn = 1 AND m.role = 'user'
                       AND NOT m.superseded
      WHERE ${raw(clauses.join(" AND "))} AND length(trim(m.content)) > 0
      ORDER BY c."createdAt" DESC, c.id LIMIT ${TOPIC_POOL}`,
  );
  return rows;
}

async function topicsOf(db: Db, pool: PoolRow[], embedder: string | undefined, seed: number): Promise<TopicsOfKind> {
  if (pool.length === 0) return { pool: 0, method: "none", topics: [] };
  const { labels, method, keywords } = await clusterPool(db, pool, { embedder, seed }, createRandom(seed, 7));
  const members = new Map<number, number[]>();
  for (const [i, label] of labels.entries()) members.set(label, [...(members.get(label) ?? []), i]);
  const topics = [...members.entries()]
    .filter(([label]) => label >= 0 || members.size === 1)
    .sort((p, q) => q[1].length - p[1].length || p[0] - q[0])
    .slice(0, TOPICS_SHOWN)
    .map(([label, rows]) => ({
      name: topicName(keywords, label),
      keywords: keywords.get(label) ?? [],
      size: rows.length,
      share: rows.length / pool.length,
      examples: rows.slice(0, 3).map((i) => (pool[i]?.text ?? "").slice(0, 200)),
    }));
  return { pool: pool.length, method, topics };
}

export async function computeDatasetTopics(db: Db, options: { embedder?: string; seed?: number } = {}) {
  const embedder = options.embedder ?? benchDefaults().embedder;
  const seed = options.seed ?? 0;
  const battles = await firstPrompts(db, FROM_BATTLES, releasedBattleClauses());
  const chats = await firstPrompts(db, FROM_CHATS, releasedChatClauses());
  return {
    computedAt: new Date().toISOString(),
    embedder: embedder ?? "local:tfidf+sharp",
    battles: await topicsOf(db, battles, embedder, seed),
    chats: await topicsOf(db, chats, embedder, seed),
  } satisfies DatasetTopics;
}

/** Computes and stores the topics when the latest are older than ARENA_TOPICS_INTERVAL_S (or `force`); null when
 *  they are fresh or another process is computing them. */
export async function refreshDatasetTopics(
  db: Db,
  options: { force?: boolean; embedder?: string } = {},
): Promise<DatasetTopics | null> {
  const latest = await latestDatasetTopics(db);
  const maxAgeMs = config().ARENA_TOPICS_INTERVAL_S * 1000;
  if (!options.force && latest && Date.now() - latest.createdAt.getTime() < maxAgeMs) return null;
  return withTryLock(
    db,
    "dataset-topics",
    async () => {
      const topics = await computeDatasetTopics(db, { embedder: options.embedder });
      await storeDatasetSnapshot(db, TOPICS_KIND, topics);
      return topics;
    },
    () => null,
  );
}
