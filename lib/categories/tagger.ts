// Labels voted battles and direct chats (and counts their answers' named entities, for specificity): the rules
// labeller always, the judge model when ARENA_JUDGE_MODEL names one. Each label is
// stored with its labeller's name and version, so relabelling with another judge adds labels beside the old ones.
import { type Config, config } from "../config";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { imageBytes } from "../images";
import type { ImageInput, ModelTarget } from "../providers";
import { judgeBattle } from "./judge";
import { JUDGE_PROMPTS_VERSION, judgeLabellerName, RULES_LABELLER } from "./names";
import { type Labels, ruleLabels } from "./rules";
import { countNamedEntities } from "./specificity";

export interface Labeller {
  name: string;
  version: string;
}

interface BattleRow {
  id: string;
  isPreset: boolean;
  isDemo: boolean;
  messages: {
    side: "a" | "b";
    role: "user" | "assistant";
    content: string;
    images: { key: string; mime: string; banned: boolean }[] | null;
  }[];
}

async function loadBattles(db: Db, ids: string[]): Promise<BattleRow[]> {
  const { rows } = await db.pool.query<BattleRow>(
    sql`SELECT c.id, c."isPreset", c."isDemo",
            COALESCE((SELECT json_agg(json_build_object('side', m.side, 'role', m.role, 'content', m.content,
                        'images', (SELECT json_agg(json_build_object('key', i."storageKey", 'mime', i.mime, 'banned', i."moderationStatus" = 'banned') ORDER BY mi.position)
                                     FROM "MessageImage" mi JOIN "Image" i ON i.sha256 = mi."imageSha256"
                                    WHERE mi."messageId" = m.id))
                      ORDER BY m.turn, m."createdAt")
                        FROM "Message" m WHERE m."conversationId" = c.id AND NOT m.superseded), '[]') AS messages
       FROM "Conversation" c WHERE c.id = ANY(${ids}::uuid[])`,
  );
  return rows;
}

function textOf(battle: BattleRow) {
  const side = (s: "a" | "b") => battle.messages.filter((m) => m.side === s);
  // prompts are stored once per side; side a has them all
  const prompts = side("a")
    .filter((m) => m.role === "user")
    .map((m) => m.content);
  const answers = (s: "a" | "b") =>
    side(s)
      .filter((m) => m.role === "assistant")
      .map((m) => m.content);
  const firstImages = side("a").find((m) => m.role === "user")?.images ?? [];
  return { prompts, answers: { a: answers("a"), b: answers("b") }, firstImages };
}

async function writeLabels(db: Db, conversationId: string, labeller: Labeller, labels: Labels) {
  const entries = Object.entries(labels);
  await db.pool.query(
    sql`INSERT INTO "BattleCategory" ("conversationId", category, labeller, "labellerVersion", value)
     SELECT ${conversationId}, unnest(${entries.map(([k]) => k)}::text[]), ${labeller.name}, ${labeller.version}, unnest(${entries.map(([, v]) => v)}::boolean[])
     ON CONFLICT ("conversationId", category, labeller)
     DO UPDATE SET value = EXCLUDED.value, "labellerVersion" = EXCLUDED."labellerVersion", "createdAt" = now()`,
  );
}

/** Fills the named-entity count (specificity) of every answer of a conversation that has none yet. */
async function countAnswerEntities(db: Db, conversationId: string) {
  const { rows } = await db.pool.query<{ id: string; content: string }>(
    sql`SELECT m.id, m.content FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
      WHERE m."conversationId" = ${conversationId} AND m.role = 'assistant' AND r."entityCount" IS NULL`,
  );
  if (rows.length === 0) return;
  await db.pool.query(
    sql`UPDATE "ResponseMeta" r SET "entityCount" = u.n FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => countNamedEntities(r.content))}::int[]) AS u(id, n)
      WHERE r."messageId" = u.id`,
  );
}

/** The judge named by ARENA_JUDGE_MODEL, as the adapters reach it; null when none is set. */
export async function judgeFromEnv(db: Db, c: Config = config()) {
  const id = c.ARENA_JUDGE_MODEL?.trim();
  if (!id) return null;
  const model = await db.prisma.model.findUnique({ where: { id }, include: { provider: true } });
  if (!model) throw new Error(`ARENA_JUDGE_MODEL names '${id}', which is not in the model registry`);
  const target: ModelTarget = {
    id: model.id,
    providerType: model.provider.type,
    baseURL: model.provider.baseURL,
    apiKeyEnv: model.provider.apiKeyEnv,
    providerModelId: model.providerModelId,
  };
  return { target, labeller: { name: judgeLabellerName(model.id), version: JUDGE_PROMPTS_VERSION } };
}

export type Judge = NonNullable<Awaited<ReturnType<typeof judgeFromEnv>>>;

/**
 * Labels the given battles. Rules labels are written for all; judge labels per battle, and a battle the judge
 * failed on is reported in `failed` (its rules labels stay) so the caller can retry it.
 */
export async function tagBattles(
  db: Db,
  ids: string[],
  options: { judge?: Judge | null; signal?: AbortSignal } = {},
): Promise<{ tagged: string[]; failed: { id: string; error: string }[] }> {
  const battles = await loadBattles(db, ids);
  const tagged: string[] = [];
  const failed: { id: string; error: string }[] = [];
  for (const battle of battles) {
    const text = textOf(battle);
    await countAnswerEntities(db, battle.id);
    await writeLabels(
      db,
      battle.id,
      RULES_LABELLER,
      ruleLabels({
        prompts: text.prompts,
        answers: text.answers,
        imageCount: text.firstImages.length,
        isPreset: battle.isPreset,
        isDemo: battle.isDemo,
      }),
    );
    if (options.judge) {
      try {
        const images: ImageInput[] = [];
        for (const image of text.firstImages) {
          const stored = await imageBytes({ storageKey: image.key, mime: image.mime, banned: image.banned });
          if (stored) images.push(stored);
        }
        const labels = await judgeBattle(
          options.judge.target,
          {
            prompt: text.prompts[0] ?? "",
            images,
            answers: { a: text.answers.a.at(-1) ?? "", b: text.answers.b.at(-1) ?? "" },
          },
          { signal: options.signal },
        );
        await writeLabels(db, battle.id, options.judge.labeller, labels);
      } catch (error) {
        failed.push({ id: battle.id, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
    }
    tagged.push(battle.id);
  }
  return { tagged, failed };
}

/**
 * Voted battles, and direct chats with a finished answer (VisionArena-Chat's categories), that miss labels from
 * the rules labeller or from `judge` (at their current versions), oldest first.
 */
export async function untaggedBattles(db: Db, labellers: Labeller[], limit: number): Promise<string[]> {
  const { rows } = await db.pool.query<{ id: string }>(
    sql`SELECT t.id FROM (
       SELECT v."conversationId" AS id, v."createdAt" AS at FROM "Vote" v
       UNION ALL
       SELECT c.id, c."createdAt" FROM "Conversation" c
        WHERE c.mode = 'direct' AND EXISTS (SELECT 1 FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
                                             WHERE m."conversationId" = c.id AND r."finishReason" IS NOT NULL)) t
      WHERE EXISTS (SELECT 1 FROM unnest(${labellers.map((l) => l.name)}::text[], ${labellers.map((l) => l.version)}::text[]) AS l(name, version)
                     WHERE NOT EXISTS (SELECT 1 FROM "BattleCategory" bc
                                        WHERE bc."conversationId" = t.id
                                          AND bc.labeller = l.name AND bc."labellerVersion" = l.version))
      ORDER BY t.at LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
