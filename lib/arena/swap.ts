// The first-turn swap (ComparIA does this): when a battle side's model fails or times out before its first token on
// the battle's first turn, the side is given, once, another model drawn by the same rules as the pair (./sampling:
// sampleReplacement, never the other side's model), and the visitor's battle goes on. The swap is written in the
// same statement that changes the side's model, only while the battle is still at its first turn and unvoted, and
// is kept (ModelSwap) for the sampling analysis and the exports. Not for "Battle with this model": the model the
// visitor asked to meet stays.

import { overBudget } from "../budgets";
import type { Db } from "../db/context";
import { raw, sql } from "../db/sql";
import type { ModelTarget, ParamRules } from "../providers";
import { registrySnapshot } from "./registry-cache";
import { sampleReplacement } from "./sampling";
import { arenaSettings } from "./settings";
import type { Target } from "./turn-claim";

interface SwapState {
  mode: string;
  chosenModelId: string | null;
  modelAId: string;
  modelBId: string | null;
  turnCount: number;
  voted: boolean;
  swapped: boolean;
}

interface Replacement {
  providerModelId: string;
  type: ModelTarget["providerType"];
  baseURL: string | null;
  apiKeyEnv: string | null;
  maxAnswerChars: number | null;
  paramRules: ParamRules | null;
}

/**
 * The side's new target when the failure allows a swap and a model is there to take it; null otherwise (the side
 * fails as it would have, with the visitor's message).
 */
export async function swapFailedSide(
  db: Db,
  conversationId: string,
  turn: number,
  failedSide: Target,
  reason: string,
): Promise<Target | null> {
  if (turn !== 1) return null;
  const { rows } = await db.pool.query<SwapState>(
    sql`SELECT c.mode::text AS mode, c."chosenModelId", c."modelAId", c."modelBId", c."turnCount",
            EXISTS (SELECT 1 FROM "Vote" v WHERE v."conversationId" = c.id) AS voted,
            EXISTS (SELECT 1 FROM "ModelSwap" s WHERE s."conversationId" = c.id AND s.side = ${failedSide.side}::"Side") AS swapped
       FROM "Conversation" c WHERE c.id = ${conversationId}`,
  );
  const state = rows[0];
  if (state?.mode !== "battle" || state.turnCount !== 1 || state.voted || state.swapped) return null;
  if (state.chosenModelId === failedSide.modelId) return null;
  const other = (failedSide.side === "a" ? state.modelBId : state.modelAId) ?? "";
  const { models } = await registrySnapshot(db.pool);
  const hasImage = failedSide.history.some((t) => t.role === "user" && (t.images?.length ?? 0) > 0);
  // a model past its daily budget takes no battle's side, drawn or swapped in
  const over = await overBudget(db.pool);
  const chosen = sampleReplacement([...models.values()], [failedSide.modelId, other, ...over], { hasImage });
  if (!chosen) return null;
  const column = raw(failedSide.side === "a" ? `"modelAId"` : `"modelBId"`);
  // the side changes model only if it still has the one that failed and the battle is still where it was
  const { rows: swapped } = await db.pool.query<Replacement>(
    sql`WITH moved AS (
          UPDATE "Conversation" c SET ${column} = ${chosen}
           WHERE c.id = ${conversationId} AND c.${column} = ${failedSide.modelId}
             AND c."turnCount" = 1 AND NOT EXISTS (SELECT 1 FROM "Vote" v WHERE v."conversationId" = c.id)
          RETURNING c.id),
        answer AS (
          UPDATE "ResponseMeta" SET "modelId" = ${chosen}
           WHERE "messageId" = ${failedSide.messageId} AND EXISTS (SELECT 1 FROM moved)),
        recorded AS (
          INSERT INTO "ModelSwap" (id, "conversationId", side, "fromModelId", "toModelId", reason)
          SELECT gen_random_uuid(), id, ${failedSide.side}::"Side", ${failedSide.modelId}, ${chosen}, ${reason} FROM moved
          RETURNING 1)
        SELECT m."providerModelId", p.type::text AS type, p."baseURL", p."apiKeyEnv", m."maxAnswerChars", m."paramRules"
          FROM "Model" m JOIN "Provider" p ON p.id = m."providerId"
         WHERE m.id = ${chosen} AND EXISTS (SELECT 1 FROM recorded)`,
  );
  const replacement = swapped[0];
  if (!replacement) return null;
  return {
    ...failedSide,
    modelId: chosen,
    refused: undefined,
    maxChars: replacement.maxAnswerChars ?? arenaSettings().maxAnswerChars,
    target: {
      id: chosen,
      providerType: replacement.type,
      baseURL: replacement.baseURL,
      apiKeyEnv: replacement.apiKeyEnv,
      providerModelId: replacement.providerModelId,
      paramRules: replacement.paramRules,
    },
  };
}
