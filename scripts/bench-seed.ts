// Synthetic live data for the leaderboard benchmarks: models with true strengths 10 Elo points apart, battles with
// style counts, languages, category labels and some repeated prompts, and one vote each. Used by bench:leaderboard
// and by the recompute profiling harness (scripts/profile-recompute.ts).
import type { Db } from "../lib/db/context";
import { raw, sql } from "../lib/db/sql";

const CHUNK = 100_000;

export async function seedBenchVotes(
  db: Db,
  votes: number,
  options: { models?: number; onProgress?: (done: number, total: number) => void; from?: number } = {},
): Promise<void> {
  const models = options.models ?? 60;
  const { onProgress } = options;
  // a seed that stopped part way goes on from the votes it has (its models and visitors are there)
  const from = options.from ?? 0;
  if (from === 0)
    await db.pool.query(sql`
    INSERT INTO "Provider" (id, type, "updatedAt") VALUES ('bench', 'openai_compatible', now());
    INSERT INTO "Model" (id, "providerId", "providerModelId", "displayName", organization, license, vision, "updatedAt")
    SELECT 'm' || lpad(i::text, 2, '0'), 'bench', 'm' || i, 'Model ' || i, 'Org ' || (i % 7), 'Proprietary', true, now()
      FROM generate_series(1, ${raw(String(models))}) i;
    INSERT INTO "Visitor" (id, "termsAcceptedAt") SELECT gen_random_uuid(), now() FROM generate_series(1, 20000);`);
  for (let done = from; done < votes; done += CHUNK) {
    const n = Math.min(CHUNK, votes - done);
    const client = await db.pool.connect();
    try {
      // one chunk: a temporary table of battles, then every table filled from it
      await client.query(sql`
        BEGIN; SET LOCAL synchronous_commit TO off;
        -- the style sums are written below from the seed itself, as the triggers would (they tripled the
        -- ResponseMeta insert: seeding 1M took 262 s with them, 193 s before them)
        ALTER TABLE "ResponseMeta" DISABLE TRIGGER "ResponseMeta_style_insert";
        -- so is the prompt key (one prompt of side a, no image: its md5 of "prompt:"), as the trigger would
        ALTER TABLE "Message" DISABLE TRIGGER "Message_prompt_key_insert";
        CREATE TEMP TABLE seed ON COMMIT DROP AS
        SELECT gen_random_uuid() AS id, gen_random_uuid() AS mu, gen_random_uuid() AS ma, gen_random_uuid() AS mb,
               a, ((a - 1 + boff) % ${raw(String(models))}) + 1 AS b, r, at,
               (SELECT id FROM "Visitor" OFFSET floor(random() * 20000)::int LIMIT 1) AS visitor,
               CASE WHEN lang < 0.8 THEN 'English' WHEN lang < 0.9 THEN 'Chinese' ELSE 'Spanish' END AS language,
               CASE WHEN random() < 0.01 THEN 'hello' ELSE 'prompt ' || ${raw(String(done))} + g END AS prompt,
               (random() < 0.05) AS preset, CASE WHEN random() < 0.05 THEN 2 ELSE 1 END AS turn,
               random() AS c1, random() AS c2, random() AS c3, random() AS c4, random() AS c5
          FROM (SELECT g, 1 + floor(random() * ${raw(String(models))})::int AS a, 1 + floor(random() * ${raw(String(models - 1))})::int AS boff,
                       random() AS r, random() AS lang,
                       now() - interval '90 days' * random() AS at
                  FROM generate_series(1, ${raw(String(n))}) g) x;
        INSERT INTO "Conversation" (id, mode, "visitorId", "modelAId", "modelBId", "turnCount", language, "isPreset",
                                    "createdAt", "updatedAt", "endedAt")
        SELECT id, 'battle'::"ConversationMode", visitor, 'm' || lpad(a::text, 2, '0'), 'm' || lpad(b::text, 2, '0'), turn, language, preset,
               at, at, at FROM seed;
        INSERT INTO "ConversationPrompt" ("conversationId", key) SELECT id, md5(prompt || ':')::uuid FROM seed;
        INSERT INTO "Message" (id, "conversationId", side, turn, role, content, "createdAt")
        SELECT mu, id, 'a'::"Side", 1, 'user'::"MessageRole", prompt, at FROM seed
        UNION ALL SELECT ma, id, 'a'::"Side", 1, 'assistant'::"MessageRole", 'answer', at FROM seed
        UNION ALL SELECT mb, id, 'b'::"Side", 1, 'assistant'::"MessageRole", 'answer', at FROM seed;
        INSERT INTO "ResponseMeta" ("messageId", "modelId", tokens, "headerCount", "listCount", "boldCount", "finishReason", "createdAt")
        SELECT ma, 'm' || lpad(a::text, 2, '0'), 100 + a * 5 + floor(c1 * 300)::int, floor(c2 * 4)::int, floor(c3 * 8)::int,
               floor(c4 * 6)::int, 'stop', at FROM seed
        UNION ALL
        SELECT mb, 'm' || lpad(b::text, 2, '0'), 100 + b * 5 + floor(c5 * 300)::int, floor(c1 * 4)::int, floor(c2 * 8)::int,
               floor(c3 * 6)::int, 'stop', at FROM seed;
        INSERT INTO "ConversationStyle" ("conversationId", answers, "unknownEntities", "tokensA", "headersA", "listsA",
                                         "boldA", "entitiesA", "tokensB", "headersB", "listsB", "boldB", "entitiesB")
        SELECT id, 2, 2, 100 + a * 5 + floor(c1 * 300)::int, floor(c2 * 4)::int, floor(c3 * 8)::int, floor(c4 * 6)::int, 0,
               100 + b * 5 + floor(c5 * 300)::int, floor(c1 * 4)::int, floor(c2 * 8)::int, floor(c3 * 6)::int, 0 FROM seed;
        ALTER TABLE "ResponseMeta" ENABLE TRIGGER "ResponseMeta_style_insert";
        ALTER TABLE "Message" ENABLE TRIGGER "Message_prompt_key_insert";
        -- winners from true strengths 10 Elo points apart, with ties and both-bad votes
        INSERT INTO "Vote" (id, "conversationId", "visitorId", winner, "modelAId", "modelBId", turn, "createdAt")
        SELECT gen_random_uuid(), id, visitor,
               (CASE WHEN c5 < 0.1 THEN 'tie' WHEN c5 < 0.13 THEN 'tie (bothbad)'
                     WHEN r < 1 / (1 + 10 ^ ((b - a) * 10 / 400.0)) THEN 'model_a' ELSE 'model_b' END)::"Winner",
               'm' || lpad(a::text, 2, '0'), 'm' || lpad(b::text, 2, '0'), turn, at + interval '1 minute' FROM seed;
        -- labelled after the vote, as the tagging queue does
        INSERT INTO "BattleCategory" ("conversationId", category, labeller, "labellerVersion", value, "createdAt")
        SELECT id, category, 'rules', '1', true, at + interval '2 minutes' FROM seed,
               LATERAL unnest(array_remove(ARRAY[
                 CASE WHEN c1 < 0.30 THEN 'ocr' END, CASE WHEN c2 < 0.20 THEN 'captioning' END,
                 CASE WHEN c3 < 0.08 THEN 'coding' END, CASE WHEN c4 < 0.10 THEN 'homework' END,
                 CASE WHEN c1 > 0.90 THEN 'humor' END, CASE WHEN c2 > 0.85 THEN 'diagram' END,
                 CASE WHEN c3 > 0.93 THEN 'creative_writing' END, CASE WHEN c4 > 0.92 THEN 'entity_recognition' END,
                 CASE WHEN c5 > 0.97 THEN 'refusal' END], NULL)) AS category;
        COMMIT;`);
    } finally {
      client.release();
    }
    onProgress?.(done + n, votes);
  }
  await db.pool.query(sql`ANALYZE`);
}
