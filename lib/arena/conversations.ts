// Opening conversations (anonymous battles, named side-by-side, direct chat) and adding follow-up prompts. The
// conversation, its first messages and images are written by hand-written SQL in one transaction: the path every
// battle starts on (the rest of the app reads and writes through Prisma).
import crypto from "node:crypto";
import { overBudget } from "../budgets";
import { detectLanguage } from "../categories/language";
import { visionFallbacks } from "../categories/rules";
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { transaction, whenLocked } from "../db/pool";
import { empty, sql } from "../db/sql";
import { Conflict, type DomainError, InvalidInput, NotFound, TooLarge, Unavailable, Unprocessable } from "../errors";
import type { PrismaClient } from "../generated/prisma/client";
import type { ConversationMode } from "../generated/prisma/enums";
import { countConversationOpened } from "../metrics";
import { moderate } from "../moderation";
import { ensureRegistry } from "../providers";
import { cachedSetting } from "../settings/settings";
import { admitImages, settleImageChecks, type Upload } from "./attachments";
import { admitPrompt, checkStanding, forgiveLimits, lookBeforePrompt, promptLimits } from "./rate-limit";
import { invalidateRegistry, type RegistryModel, registrySnapshot } from "./registry-cache";
import { type DrawnPair, drawLivePair, imageStratum, liveBoardState, NoPairError, samplePairWith } from "./sampling";
import { arenaSettings } from "./settings";

export interface OpenConversation {
  visitorId: string;
  ipHash: string | null;
  mode: ConversationMode;
  prompt: string;
  uploads: Upload[];
  presetId?: string;
  /** chosen models: both for side_by_side, modelA for direct */
  modelA?: string;
  modelB?: string;
  /** a battle that includes this model ("Battle with this model"), on a side the visitor is not told */
  withModel?: string;
  /** the session's cohort tag (lib/cohorts, already validated) */
  cohort?: string;
}

function checkPrompt(prompt: string, mode: ConversationMode) {
  const settings = arenaSettings();
  const limit = mode === "battle" ? settings.battlePromptChars : settings.chatPromptChars;
  if (!prompt.trim()) throw new InvalidInput("empty_prompt", "write a question or instruction for the models");
  if (prompt.length > limit) {
    throw new TooLarge("prompt_too_long", `the message is ${prompt.length} characters long; the limit is ${limit}`);
  }
}

async function flagIfModerated(prisma: PrismaClient, conversationId: string, prompt: string): Promise<void> {
  const verdict = await moderate(prompt);
  if (!verdict.flagged) return;
  await prisma.$transaction([
    prisma.conversation.update({
      where: { id: conversationId },
      data: { moderationStatus: "flagged", moderationReason: verdict.reason, endedAt: new Date() },
    }),
    prisma.moderationFlag.create({
      data: { conversationId, source: verdict.source ?? "moderation", reason: verdict.reason ?? "flagged" },
    }),
  ]);
  throw new Unprocessable(
    "prompt_flagged",
    "This message was flagged by our content filter, so the conversation has ended. Please start a new one.",
  );
}

/** The two models of an anonymous battle: drawn by the configured policy, or around the model the visitor asked for. */
async function drawBattle(db: Db, input: OpenConversation, models: RegistryModel[], imageCount: number) {
  const hasImage = imageCount > 0;
  const chosen = input.withModel ? models.find((m) => m.id === input.withModel) : undefined;
  if (input.withModel && !chosen) throw new NotFound("unknown_model", `unknown or disabled model '${input.withModel}'`);
  if (chosen && (chosen.weight <= 0 || (hasImage && !chosen.vision))) {
    throw new InvalidInput(
      "not_in_battles",
      chosen.weight <= 0
        ? `${chosen.displayName} is offered in direct chat only`
        : `${chosen.displayName} cannot read images`,
    );
  }
  const [over, pairing] = await Promise.all([overBudget(db.pool), cachedSetting(db, "arena.pairing")]);
  try {
    // a chosen pair is not the policy's draw: recorded without a policy or probability
    if (input.withModel)
      return {
        pair: samplePairWith(
          models.filter((m) => !over.has(m.id)),
          input.withModel,
          { hasImage },
        ),
        policy: null,
        probability: null,
      };
    return drawLivePair(models, {
      policy: pairing.policy,
      exploration: pairing.exploration,
      hasImage,
      overBudget: over,
      board: pairing.policy === "adaptive" ? await liveBoardState(db) : undefined,
      stratum: imageStratum(visionFallbacks(input.prompt, imageCount)),
    });
  } catch (error) {
    if (error instanceof NoPairError) throw new Unavailable("no_models", `${error.message}; please try again later`);
    throw error;
  }
}

type Chosen = Pick<DrawnPair, "pair"> & { policy: DrawnPair["policy"] | null; probability: number | null };

async function chooseModels(db: Db, input: OpenConversation, imageCount: number): Promise<Chosen> {
  await ensureRegistry(db.prisma);
  let snapshot = await registrySnapshot(db.pool);
  if (snapshot.models.size === 0) {
    invalidateRegistry(db.pool); // read before the first sync
    snapshot = await registrySnapshot(db.pool);
  }
  const models = [...snapshot.models.values()].filter((m) => m.enabled);
  if (input.mode === "battle") return drawBattle(db, input, models, imageCount);
  const hasImage = imageCount > 0;
  const wanted = input.mode === "direct" ? [input.modelA] : [input.modelA, input.modelB];
  for (const id of wanted) {
    const model = models.find((m) => m.id === id);
    if (!id || !model) throw new NotFound("unknown_model", `unknown or disabled model '${id ?? ""}'`);
    if (hasImage && !model.vision)
      throw new InvalidInput("model_without_vision", `${model.displayName} cannot read images`);
  }
  if (input.mode === "side_by_side" && input.modelA === input.modelB) {
    throw new InvalidInput("same_model", "pick two different models");
  }
  const pair = [input.modelA as string, input.mode === "direct" ? null : (input.modelB as string)];
  return { pair: pair as [string, string], policy: null, probability: null };
}

/** Opens a conversation with its first prompt on every side. The answers are streamed by runTurn. */
export async function openConversation(db: Db, input: OpenConversation) {
  const { prisma } = db;
  checkPrompt(input.prompt, input.mode);
  // The arena ranks how models see: an anonymous battle starts from 1–4 images (an upload or a preset).
  // Named side-by-side and direct chats may start from text alone.
  if (input.mode === "battle" && input.uploads.length === 0 && !input.presetId) {
    throw new InvalidInput("image_required", "attach an image (or take a Random image) to start a battle");
  }
  await admitPrompt(db.pool, input.visitorId, input.ipHash, checkStanding);
  const admitted = await admitImages(db, input);
  const { images, isPreset } = admitted;
  const drawn = await chooseModels(db, input, images.length);
  const [modelAId, modelBId] = drawn.pair as [string, string | null];
  const registry = await registrySnapshot(db.pool);
  const isDemo = [modelAId, modelBId].some((id) => id !== null && registry.models.get(id)?.isDemo);
  const sides = modelBId ? (["a", "b"] as const) : (["a"] as const);
  const id = crypto.randomUUID();
  const messageIds = sides.map(() => crypto.randomUUID());
  const links = messageIds.flatMap((messageId) =>
    images.map((image, position) => ({ messageId, sha: image.sha256, position })),
  );
  // the conversation, its first prompt on every side and the prompt's images, in one statement
  const language = detectLanguage(input.prompt);
  const modality = images.length > 0 ? "image" : "text";
  const chosen = input.mode === "battle" ? (input.withModel ?? null) : null;
  await db.pool.query(
    sql`WITH conversation AS (
       INSERT INTO "Conversation" (id, mode, "visitorId", "modelAId", "modelBId", "turnCount", language, "isPreset",
                                   "presetId", "isDemo", "inputModality", "chosenModelId", cohort, "pairPolicy",
                                   "pairProbability", "updatedAt")
       VALUES (${id}, ${input.mode}::"ConversationMode", ${input.visitorId}, ${modelAId}, ${modelBId}, 1, ${language},
               ${isPreset}, ${input.presetId ?? null}, ${isDemo}, ${modality}, ${chosen}, ${input.cohort ?? null},
               ${drawn.policy}, ${drawn.probability}, now())
     ), messages AS (
       INSERT INTO "Message" (id, "conversationId", side, turn, role, content)
       SELECT unnest(${messageIds}::uuid[]), ${id}, unnest(${[...sides]}::"Side"[]), 1, 'user', ${input.prompt}
     )
     INSERT INTO "MessageImage" ("messageId", "imageSha256", position)
     SELECT * FROM unnest(${links.map((l) => l.messageId)}::uuid[], ${links.map((l) => l.sha)}::text[],
                          ${links.map((l) => l.position)}::int[])`,
  );
  await flagIfModerated(prisma, id, input.prompt);
  await settleImageChecks(prisma, id, admitted);
  countConversationOpened(input.mode, input.mode === "battle" ? [modelAId, modelBId] : [modelAId]);
  return { id, mode: input.mode, isDemo };
}

interface FollowUpState {
  visitorId: string | null;
  mode: ConversationMode;
  endedAt: Date | null;
  turnCount: number;
  sides: number;
  complete: number;
  modelAId: string;
  modelBId: string | null;
}

const followUpState = (
  conversationId: string,
  lock = empty,
) => sql`SELECT c."visitorId", c.mode, c."endedAt", c."turnCount", c."modelAId", c."modelBId",
        CASE WHEN c."modelBId" IS NULL THEN 1 ELSE 2 END AS sides,
        (SELECT count(DISTINCT m.side)::int FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
          WHERE m."conversationId" = c.id AND m.turn = c."turnCount" AND m.role = 'assistant'
            AND NOT m.superseded AND r."finishReason" IS NOT NULL AND r.error IS NULL) AS complete
   FROM "Conversation" c WHERE c.id = ${conversationId} ${lock}`;

/** Why a follow-up cannot open the next turn now, if it cannot (the same rules before and under the lock). */
function refuseFollowUp(
  conversation: FollowUpState | undefined,
  visitorId: string,
  prompt: string,
): asserts conversation is FollowUpState {
  if (!conversation || conversation.visitorId !== visitorId) {
    throw new NotFound("conversation_not_found", "no such conversation");
  }
  checkPrompt(prompt, conversation.mode);
  if (conversation.endedAt) throw new Conflict("conversation_ended", "this conversation has ended; start a new round");
  const settings = arenaSettings();
  if (conversation.turnCount >= settings.turnLimit) {
    throw new Conflict(
      "turn_limit",
      `this conversation reached its limit of ${settings.turnLimit} turns; start a new round`,
    );
  }
  if (conversation.complete < conversation.sides)
    throw new Conflict("answers_pending", "wait until both answers have finished (or retry a failed one)");
}

/** A follow-up image goes to every side, so every side's model must read images (as when a chat opens). */
async function refuseImagesForTextModels(db: Db, conversation: FollowUpState, imageCount: number): Promise<void> {
  if (imageCount === 0) return;
  const { models } = await registrySnapshot(db.pool);
  for (const id of [conversation.modelAId, conversation.modelBId]) {
    const model = id ? models.get(id) : undefined;
    if (model && !model.vision) {
      const who = conversation.mode === "battle" ? "One of these models" : model.displayName;
      throw new InvalidInput("model_without_vision", `${who} cannot read images; send the message without one`);
    }
  }
}

/**
 * What can be refused about a follow-up before its body is read (lib/http reads the images only after this): the
 * conversation is this visitor's, open, not at its turn limit, its answers done; the visitor in good standing and
 * within the prompt limits. Returns the refusal an image in the body would meet (a text-only model on a side),
 * for the body's reader to raise at the first image instead of reading it.
 */
export async function preflightFollowUp(
  db: Db,
  input: { conversationId: string; visitorId: string; ipHash: string | null },
): Promise<{ imageRefusal?: DomainError }> {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  const state = (await db.pool.query<FollowUpState>(followUpState(input.conversationId))).rows[0];
  // the prompt is not read yet: a placeholder that passes the prompt's own checks (they run again on the real one)
  refuseFollowUp(state, input.visitorId, "·");
  await lookBeforePrompt(db.pool, input.visitorId, input.ipHash);
  const imageRefusal = await refuseImagesForTextModels(db, state, 1).then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof InvalidInput) return error;
      throw error;
    },
  );
  return imageRefusal ? { imageRefusal } : {};
}

/** What can be refused about a new conversation before its body (its images) is read: the visitor's standing. */
export async function preflightOpening(db: Db, input: { visitorId: string; ipHash: string | null }): Promise<void> {
  await lookBeforePrompt(db.pool, input.visitorId, input.ipHash);
}

/**
 * A follow-up prompt, sent to every side with its own history. One turn at a time per conversation, decided in
 * the database: the conversation row is locked while the turn is checked and the prompt written, so of several
 * follow-ups sent at once one opens the next turn and the others find its answers pending (409).
 *
 * A follow-up that will be refused (someone else's or an unknown conversation, answers still pending, an image
 * for a text-only model) is refused before it spends the visitor's allowance or stores its images: a client that
 * retries on 409 must not lock itself out. Only a race lost under the lock gets that far, and its prompt is given
 * back.
 */
export async function addFollowUp(
  db: Db,
  input: { conversationId: string; visitorId: string; ipHash: string | null; prompt: string; uploads?: Upload[] },
) {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  const uploads = input.uploads ?? [];
  const before = (await db.pool.query<FollowUpState>(followUpState(input.conversationId))).rows[0];
  refuseFollowUp(before, input.visitorId, input.prompt);
  await refuseImagesForTextModels(db, before, uploads.length);
  // The visitor's standing and limits are settled next, in a statement of its own: nothing below may need a
  // second connection while it holds the conversation's lock (a cold pool then deadlocks on itself).
  await admitPrompt(db.pool, input.visitorId, input.ipHash, checkStanding);
  try {
    return await writeFollowUp(db, input, uploads);
  } catch (error) {
    if (error instanceof Conflict || error instanceof NotFound) {
      await forgiveLimits(db.pool, promptLimits(input.visitorId, input.ipHash)).catch(() => {});
    }
    throw error;
  }
}

async function writeFollowUp(
  db: Db,
  input: { conversationId: string; visitorId: string; prompt: string },
  uploads: Upload[],
) {
  // a follow-up may bring new images (up to the per-turn limit); both sides receive them. They are stored (by
  // hash, so a refused follow-up leaves at most an unreferenced image) before the conversation is locked.
  const admitted = await admitImages(db, { uploads });
  const { images } = admitted;
  const turn = await transaction(async (client) => {
    const { rows } = await client
      // NOWAIT: a second follow-up while one is being written is refused at once instead of holding a pooled
      // connection while it waits (sixty of them exhausted the pool)
      .query<FollowUpState>(followUpState(input.conversationId, sql`FOR UPDATE OF c NOWAIT`))
      .catch(
        whenLocked(
          () => new Conflict("conversation_busy", "another message for this conversation is being sent; please wait"),
        ),
      );
    const conversation = rows[0];
    refuseFollowUp(conversation, input.visitorId, input.prompt);
    const next = conversation.turnCount + 1;
    const sides = conversation.sides === 2 ? ["a", "b"] : ["a"];
    const messageIds = sides.map(() => crypto.randomUUID());
    const links = messageIds.flatMap((messageId) =>
      images.map((image, position) => ({ messageId, sha: image.sha256, position })),
    );
    await client.query(
      sql`WITH messages AS (
         INSERT INTO "Message" (id, "conversationId", side, turn, role, content)
         SELECT unnest(${messageIds}::uuid[]), ${input.conversationId}, unnest(${sides}::"Side"[]), ${next}, 'user',
                ${input.prompt}
       ), links AS (
         INSERT INTO "MessageImage" ("messageId", "imageSha256", position)
         SELECT * FROM unnest(${links.map((l) => l.messageId)}::uuid[], ${links.map((l) => l.sha)}::text[],
                              ${links.map((l) => l.position)}::int[])
       )
       UPDATE "Conversation" SET "turnCount" = ${next}, "updatedAt" = now() WHERE id = ${input.conversationId}`,
    );
    return next;
  }, db.pool);
  await flagIfModerated(db.prisma, input.conversationId, input.prompt);
  await settleImageChecks(db.prisma, input.conversationId, admitted);
  return { turn, images: images.length };
}
