// Claiming a turn: which sides this request answers, under the conversation's row lock so two requests never
// answer the same side twice, with each side's history read and the models' hourly use counted, so streaming can
// start right after. Hand-written SQL: the claim sits between the prompt and the first token, so it is two round
// trips of several statements each (prepareTurn).
import crypto from "node:crypto";
import type { Db } from "../db/context";
import { isUuid, literals, statementResults, uuidLiteral } from "../db/literals";
import { inTransaction, whenLocked } from "../db/pool";
import { Conflict, Forbidden, NotFound } from "../errors";
import type { Side } from "../generated/prisma/enums";
import { imageBytes } from "../images";
import { type ChatTurn, type ModelTarget, type ParamRules, ProviderError } from "../providers";
import { answerStatus } from "./history";
import { admit, againLimits, BANNED_MESSAGE, checkStanding, rateLimits } from "./rate-limit";
import { arenaSettings } from "./settings";

export interface Target {
  side: Side;
  messageId: string;
  modelId: string;
  target: ModelTarget;
  /** what this side's model sees: prompts with images, and its own finished answers */
  history: ChatTurn[];
  /** set when the model's hourly limit is spent: the side fails at once with this error */
  refused?: ProviderError;
  /** the longest answer taken from this model, in characters */
  maxChars: number;
}

export interface TurnPlan {
  conversationId: string;
  turn: number;
  targets: Target[];
}

interface ClaimRow {
  visitorId: string | null;
  banned: boolean;
  turnCount: number;
  moderationStatus: string;
  voted: boolean;
  modelAId: string;
  modelBId: string | null;
  aModel: string;
  aType: ModelTarget["providerType"];
  aBase: string | null;
  aKey: string | null;
  aCap: number | null;
  bCap: number | null;
  aRules: ParamRules | null;
  bRules: ParamRules | null;
  bModel: string | null;
  bType: ModelTarget["providerType"] | null;
  bBase: string | null;
  bKey: string | null;
  messages:
    | (Omit<MessageRow, "responseAt" | "heartbeatAt"> & {
        responseAt: string | null;
        heartbeatAt: string | null;
      })[]
    | null;
}

interface MessageRow {
  id: string;
  side: Side;
  turn: number;
  role: "user" | "assistant";
  content: string;
  finishReason: string | null;
  error: string | null;
  responseAt: Date | null;
  heartbeatAt: Date | null;
  images: { key: string; mime: string; banned: boolean; side: number }[] | null;
}

function statusOf(row: MessageRow) {
  return answerStatus(
    row.responseAt
      ? { finishReason: row.finishReason, error: row.error, createdAt: row.responseAt, heartbeatAt: row.heartbeatAt }
      : null,
  );
}

/**
 * Every image the conversation's prompts carry, read once from the store (concurrently): both sides' histories,
 * and every earlier turn, refer to the same few images.
 */
async function readImages(rows: MessageRow[]): Promise<Map<string, Uint8Array | null>> {
  const images = new Map(rows.flatMap((row) => (row.role === "user" ? (row.images ?? []) : []).map((i) => [i.key, i])));
  const data = await Promise.all(
    [...images.values()].map((i) => imageBytes({ storageKey: i.key, mime: i.mime, banned: i.banned })),
  );
  return new Map([...images.keys()].map((key, k) => [key, data[k]?.data ?? null]));
}

function historyOf(
  rows: MessageRow[],
  side: Side,
  excluded: Set<string>,
  images: Map<string, Uint8Array | null>,
): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const row of rows) {
    if (row.side !== side || excluded.has(row.id)) continue;
    if (row.role === "user") {
      const attached = [];
      for (const image of row.images ?? []) {
        const data = images.get(image.key);
        if (data) attached.push({ data, mime: image.mime, side: image.side });
      }
      turns.push({ role: "user", text: row.content, images: attached });
    } else if (statusOf(row) === "done") {
      turns.push({ role: "assistant", text: row.content });
    }
  }
  return turns;
}

const CLAIM_QUERY = (
  conversationId: string,
) => `SELECT c."visitorId", c."turnCount", c."moderationStatus", c."modelAId", c."modelBId",
        EXISTS (SELECT 1 FROM "Vote" v WHERE v."conversationId" = c.id) AS voted,
        EXISTS (SELECT 1 FROM "Visitor" vis WHERE vis.id = c."visitorId" AND vis."bannedAt" IS NOT NULL) AS banned,
        ma."providerModelId" AS "aModel", pa.type::text AS "aType", pa."baseURL" AS "aBase", pa."apiKeyEnv" AS "aKey", ma."maxAnswerChars" AS "aCap", mb."maxAnswerChars" AS "bCap",
        ma."paramRules" AS "aRules", mb."paramRules" AS "bRules",
        mb."providerModelId" AS "bModel", pb.type::text AS "bType", pb."baseURL" AS "bBase", pb."apiKeyEnv" AS "bKey",
        (SELECT json_agg(json_build_object(
                  'id', m.id, 'side', m.side, 'turn', m.turn, 'role', m.role, 'content', m.content,
                  'finishReason', r."finishReason", 'error', r.error, 'responseAt', r."createdAt",
                  'heartbeatAt', r."heartbeatAt",
                  'images', (SELECT json_agg(json_build_object('key', i."storageKey", 'mime', i.mime,
                                                              'banned', i."moderationStatus" = 'banned',
                                                              'side', GREATEST(i.width, i.height)) ORDER BY mi.position)
                               FROM "MessageImage" mi JOIN "Image" i ON i.sha256 = mi."imageSha256"
                              WHERE mi."messageId" = m.id))
                ORDER BY m.turn, m."createdAt")
           FROM "Message" m LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
          WHERE m."conversationId" = c.id AND NOT m.superseded) AS messages
   FROM "Conversation" c
   JOIN "Model" ma ON ma.id = c."modelAId" JOIN "Provider" pa ON pa.id = ma."providerId"
   LEFT JOIN "Model" mb ON mb.id = c."modelBId" LEFT JOIN "Provider" pb ON pb.id = mb."providerId"
   WHERE c.id = ${conversationId}`;

/** Which sides this request answers, from the locked conversation; throws the reason when there is none. */
function chooseSides(
  conversation: ClaimRow | undefined,
  input: { visitorId: string; sides?: Side[]; regenerate?: boolean },
) {
  if (!conversation || conversation.visitorId !== input.visitorId) {
    throw new NotFound("conversation_not_found", "no such conversation");
  }
  if (conversation.banned) throw new Forbidden("visitor_banned", BANNED_MESSAGE);
  if (conversation.moderationStatus === "flagged" || conversation.moderationStatus === "banned") {
    throw new Conflict("conversation_ended", "this conversation was stopped by the content filter");
  }
  if (conversation.voted) throw new Conflict("already_voted", "this battle has been voted on; start a new round");
  const turn = conversation.turnCount;
  const messages: MessageRow[] = (conversation.messages ?? []).map((m) => ({
    ...m,
    responseAt: m.responseAt ? new Date(m.responseAt) : null,
    heartbeatAt: m.heartbeatAt ? new Date(m.heartbeatAt) : null,
  }));
  const allSides: Side[] = conversation.modelBId ? ["a", "b"] : ["a"];
  const latest = new Map(
    messages
      .filter((m) => m.role === "assistant" && m.turn === turn)
      .map((m) => [m.side, { id: m.id, status: statusOf(m) }]),
  );
  if ([...latest.values()].some((s) => s.status === "pending")) {
    throw new Conflict("answer_in_progress", "an answer is still being written");
  }
  let sides = input.regenerate ? allSides : allSides.filter((side) => latest.get(side)?.status !== "done");
  if (input.sides) sides = sides.filter((side) => input.sides?.includes(side));
  if (sides.length === 0) throw new Conflict("nothing_to_answer", "every answer of this turn has already finished");
  const replaced = sides.map((side) => latest.get(side)?.id).filter((id): id is string => Boolean(id));
  const defaultCap = arenaSettings().maxAnswerChars;
  const targets = sides.map((side) => {
    const a = side === "a";
    return {
      side,
      maxChars: (a ? conversation.aCap : conversation.bCap) ?? defaultCap,
      messageId: crypto.randomUUID(),
      modelId: (a ? conversation.modelAId : conversation.modelBId) as string,
      target: {
        id: (a ? conversation.modelAId : conversation.modelBId) as string,
        providerType: (a ? conversation.aType : conversation.bType) as ModelTarget["providerType"],
        baseURL: a ? conversation.aBase : conversation.bBase,
        apiKeyEnv: a ? conversation.aKey : conversation.bKey,
        providerModelId: (a ? conversation.aModel : conversation.bModel) as string,
        paramRules: a ? conversation.aRules : conversation.bRules,
      },
    };
  });
  return { turn, targets, messages, replaced };
}

/**
 * Claims the sides to answer, under a row lock so two requests never answer the same side twice: sides with no
 * answer yet, or whose answer failed (a retry), or every side (regenerate, before a vote). It also reads the
 * histories and counts the models' hourly use, so that streaming can start right after.
 *
 * The row is locked by a statement of its own: the read after it takes a new snapshot, so it sees what a request
 * that held the lock before us wrote (one statement locking and reading would read from before the wait).
 * This sits between the prompt and the first token of every battle, so it takes two round trips: each is one
 * simple-protocol message of several statements (node-postgres sends parameterised statements one at a time).
 * Hence literals in the SQL (../db/literals): UUIDs checked or made by us, integers, and text quoted by the driver.
 * The claim commits without waiting for the disk (a claim lost to an OS crash only makes the visitor press Retry);
 * the usage counter is bumped after the commit, so a busy model's counter row is never locked for long.
 */
export async function prepareTurn(
  db: Db,
  input: { conversationId: string; visitorId: string; ipHash?: string | null; sides?: Side[]; regenerate?: boolean },
): Promise<TurnPlan> {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  // Regenerate and Retry (the only requests that name sides) call the models again: counted before the claim,
  // in a statement of its own, so a refused one supersedes no answer and holds no lock
  if (input.regenerate || input.sides) {
    await admit(
      db.pool,
      input.visitorId,
      againLimits(input.visitorId, input.ipHash ?? null, input.conversationId),
      checkStanding,
    );
  }
  const id = uuidLiteral(input.conversationId);
  const { claimed, usage } = await inTransaction(db.pool, async (client) => {
    // NOWAIT: a claim while another holds the battle is refused at once, never queued on a pooled connection
    const read = await client
      .query(
        `BEGIN; SET LOCAL synchronous_commit TO off;
         SELECT 1 FROM "Conversation" WHERE id = ${id} FOR UPDATE NOWAIT;
         ${CLAIM_QUERY(id)}`,
      )
      .catch(whenLocked(() => new Conflict("answer_in_progress", "an answer is still being written")));
    const claimed = chooseSides(statementResults<ClaimRow>(read)[3]?.rows[0], input);
    const sql = literals(client);
    const messageIds = sql.array(
      claimed.targets.map((t) => t.messageId),
      "uuid",
    );
    const windowMs = 3_600_000;
    const window = new Date(Math.floor(Date.now() / windowMs) * windowMs).toISOString();
    const written = await client.query(
      `WITH superseded AS (UPDATE "Message" SET superseded = true WHERE id = ANY(${sql.array(claimed.replaced, "uuid")})),
       inserted AS (
         INSERT INTO "Message" (id, "conversationId", side, turn, role, content)
         SELECT unnest(${messageIds}), ${id}, unnest(${sql.array(
           claimed.targets.map((t) => t.side),
           '"Side"',
         )}), ${sql.int(claimed.turn)}, 'assistant', ''
       )
       INSERT INTO "ResponseMeta" ("messageId", "modelId")
       SELECT unnest(${messageIds}), unnest(${sql.array(
         claimed.targets.map((t) => t.modelId),
         "text",
       )});
       COMMIT;
       BEGIN; SET LOCAL synchronous_commit TO off;
       INSERT INTO "RateLimitBucket" ("key", "windowStart", "count")
         SELECT k, ${sql.text(window)}::timestamptz AT TIME ZONE 'UTC', 1 FROM unnest(${sql.array(
           [...new Set(claimed.targets.map((t) => `model:${t.modelId}`))].sort(),
           "text",
         )}) AS k
       ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
       RETURNING "key", "count";
       COMMIT`,
    );
    // the statements: claim, COMMIT, BEGIN, SET, usage, COMMIT
    return { claimed, usage: statementResults<{ key: string; count: number }>(written)[4]?.rows ?? [] };
  });

  const limit = rateLimits().modelPerHour;
  const excluded = new Set(claimed.replaced);
  const images = await readImages(claimed.messages.filter((row) => claimed.targets.some((t) => t.side === row.side)));
  const targets: Target[] = [];
  for (const target of claimed.targets) {
    const used = Number(usage.find((u) => u.key === `model:${target.modelId}`)?.count ?? 0);
    targets.push({
      ...target,
      history: historyOf(claimed.messages, target.side, excluded, images),
      refused:
        used > limit
          ? new ProviderError(
              "This model is very busy right now; please try again later.",
              "provider_rate_limited",
              429,
            )
          : undefined,
    });
  }
  return { conversationId: input.conversationId, turn: claimed.turn, targets };
}
