// Answering the latest prompt: both sides stream at once; each side's answer, with what we measured about it,
// is stored whether it finished or failed. Events go to the browser as NDJSON lines.
import crypto from "node:crypto";
import type { Db } from "../db/context";
import { transaction } from "../db/pool";
import type { Side } from "../generated/prisma/enums";
import { ApiError } from "../http/errors";
import { type ModelTarget, ProviderError, providerErrorFrom, streamChat } from "../providers";
import { answerStatus, chatHistory } from "./history";
import { countMarkdown, markdownTotals } from "./markdown";
import { limitModel } from "./rate-limit";
import { arenaSettings } from "./settings";
import { countTokens } from "./tokens";

export type TurnEvent =
  | { type: "start"; side: Side; turn: number }
  | { type: "delta"; side: Side; text: string }
  | { type: "done"; side: Side; finishReason: string }
  | { type: "error"; side: Side; code: string; message: string }
  | { type: "end" };

interface Target {
  side: Side;
  messageId: string;
  modelId: string;
  target: ModelTarget;
}

export interface TurnPlan {
  conversationId: string;
  turn: number;
  targets: Target[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ClaimRow {
  visitorId: string | null;
  turnCount: number;
  moderationStatus: string;
  voted: boolean;
  modelAId: string;
  modelBId: string | null;
}

interface TargetRow {
  id: string;
  providerModelId: string;
  type: ModelTarget["providerType"];
  baseURL: string | null;
  apiKeyEnv: string | null;
}

/**
 * Claims the sides to answer, under a row lock so two requests never answer the same side twice: sides with no
 * answer yet, or whose answer failed (a retry), or every side (regenerate, before a vote). Hand-written SQL: this
 * sits between the prompt and the first token.
 */
export async function prepareTurn(
  db: Db,
  input: { conversationId: string; visitorId: string; sides?: Side[]; regenerate?: boolean },
): Promise<TurnPlan> {
  if (!UUID.test(input.conversationId)) throw new ApiError(404, "conversation_not_found", "no such conversation");
  return transaction(async (client) => {
    const conversation = (
      await client.query<ClaimRow>(
        `SELECT c."visitorId", c."turnCount", c."moderationStatus", c."modelAId", c."modelBId",
                EXISTS (SELECT 1 FROM "Vote" v WHERE v."conversationId" = c.id) AS voted
         FROM "Conversation" c WHERE c.id = $1 FOR UPDATE`,
        [input.conversationId],
      )
    ).rows[0];
    if (!conversation || conversation.visitorId !== input.visitorId) {
      throw new ApiError(404, "conversation_not_found", "no such conversation");
    }
    if (conversation.moderationStatus === "flagged" || conversation.moderationStatus === "banned") {
      throw new ApiError(409, "conversation_ended", "this conversation was stopped by the content filter");
    }
    if (conversation.voted)
      throw new ApiError(409, "already_voted", "this battle has been voted on; start a new round");
    const turn = conversation.turnCount;
    const allSides: Side[] = conversation.modelBId ? ["a", "b"] : ["a"];
    const existing = (
      await client.query<{
        id: string;
        side: Side;
        finishReason: string | null;
        error: string | null;
        createdAt: Date | null;
      }>(
        `SELECT m.id, m.side, r."finishReason", r.error, r."createdAt"
         FROM "Message" m LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
         WHERE m."conversationId" = $1 AND m.turn = $2 AND m.role = 'assistant' AND NOT m.superseded`,
        [input.conversationId, turn],
      )
    ).rows;
    const status = new Map(
      existing.map((m) => [
        m.side,
        { id: m.id, status: answerStatus(m.createdAt ? { ...m, createdAt: m.createdAt } : null) },
      ]),
    );
    if ([...status.values()].some((s) => s.status === "pending")) {
      throw new ApiError(409, "answer_in_progress", "an answer is still being written");
    }
    let targets = input.regenerate ? allSides : allSides.filter((side) => status.get(side)?.status !== "done");
    if (input.sides) targets = targets.filter((side) => input.sides?.includes(side));
    if (targets.length === 0)
      throw new ApiError(409, "nothing_to_answer", "every answer of this turn has already finished");
    const replaced = targets.map((side) => status.get(side)?.id).filter((id): id is string => Boolean(id));
    if (replaced.length) {
      await client.query(`UPDATE "Message" SET superseded = true WHERE id = ANY($1::uuid[])`, [replaced]);
    }
    const modelIds = targets.map((side) => (side === "a" ? conversation.modelAId : conversation.modelBId) as string);
    const models = (
      await client.query<TargetRow>(
        `SELECT m.id, m."providerModelId", p.type::text AS type, p."baseURL", p."apiKeyEnv"
         FROM "Model" m JOIN "Provider" p ON p.id = m."providerId" WHERE m.id = ANY($1)`,
        [modelIds],
      )
    ).rows;
    const planned: Target[] = targets.map((side, k) => {
      const model = models.find((m) => m.id === modelIds[k]) as TargetRow;
      return {
        side,
        messageId: crypto.randomUUID(),
        modelId: model.id,
        target: {
          id: model.id,
          providerType: model.type,
          baseURL: model.baseURL,
          apiKeyEnv: model.apiKeyEnv,
          providerModelId: model.providerModelId,
        },
      };
    });
    await client.query(
      `WITH inserted AS (
         INSERT INTO "Message" (id, "conversationId", side, turn, role, content)
         SELECT unnest($1::uuid[]), $2, unnest($3::"Side"[]), $4, 'assistant', ''
         RETURNING id
       )
       INSERT INTO "ResponseMeta" ("messageId", "modelId") SELECT unnest($1::uuid[]), unnest($5::text[])`,
      [
        planned.map((t) => t.messageId),
        input.conversationId,
        planned.map((t) => t.side),
        turn,
        planned.map((t) => t.modelId),
      ],
    );
    return { conversationId: input.conversationId, turn, targets: planned };
  }, db.pool);
}

/** Stores an answer's text and what we measured about it, in one statement. */
async function saveAnswer(db: Db, messageId: string, text: string, meta: Record<string, string | number | null>) {
  const columns = Object.keys(meta);
  await db.pool.query(
    `WITH message AS (UPDATE "Message" SET content = $2 WHERE id = $1)
     UPDATE "ResponseMeta" SET ${columns.map((c, i) => `"${c}" = $${i + 3}`).join(", ")} WHERE "messageId" = $1`,
    [messageId, text, ...columns.map((c) => meta[c] ?? null)],
  );
}

async function answerSide(db: Db, plan: TurnPlan, target: Target, emit: (event: TurnEvent) => void) {
  const settings = arenaSettings();
  const started = performance.now();
  let firstTokenMs: number | null = null;
  let text = "";
  const controller = new AbortController();
  const firstTokenTimer = setTimeout(
    () => controller.abort(new ProviderError("the model did not start answering in time", "provider_timeout")),
    settings.firstTokenTimeoutMs,
  );
  const totalTimer = setTimeout(
    () => controller.abort(new ProviderError("the model took too long to finish its answer", "provider_timeout")),
    settings.totalTimeoutMs,
  );
  emit({ type: "start", side: target.side, turn: plan.turn });
  try {
    await limitModel(db.pool, target.modelId);
    const history = await chatHistory(db.pool, plan.conversationId, target.side);
    const stream = streamChat(target.target, history, {
      signal: controller.signal,
      maxOutputTokens: settings.maxOutputTokens,
      temperature: settings.temperature,
    });
    let next = await stream.next();
    while (!next.done) {
      if (firstTokenMs === null) {
        firstTokenMs = performance.now() - started;
        clearTimeout(firstTokenTimer);
      }
      text += next.value;
      emit({ type: "delta", side: target.side, text: next.value });
      next = await stream.next();
    }
    const finish = next.value;
    const counts = countMarkdown(text);
    const totals = markdownTotals(counts);
    await saveAnswer(db, target.messageId, text, {
      tokens: await countTokens(text),
      headerCount: totals.headers,
      listCount: totals.lists,
      boldCount: totals.bold,
      markdownDetail: JSON.stringify(counts),
      latencyFirstTokenMs: Math.round(firstTokenMs ?? performance.now() - started),
      latencyTotalMs: Math.round(performance.now() - started),
      finishReason: finish.finishReason,
      params: JSON.stringify({ temperature: settings.temperature, maxOutputTokens: settings.maxOutputTokens }),
    });
    emit({ type: "done", side: target.side, finishReason: finish.finishReason });
  } catch (raw) {
    const error =
      raw instanceof ApiError
        ? new ProviderError(raw.message, "provider_rate_limited", 429)
        : raw instanceof ProviderError
          ? raw
          : providerErrorFrom(raw);
    await saveAnswer(db, target.messageId, text, {
      error: error.message,
      errorCode: error.code,
      latencyFirstTokenMs: firstTokenMs === null ? null : Math.round(firstTokenMs),
      latencyTotalMs: Math.round(performance.now() - started),
    }).catch(() => undefined);
    emit({ type: "error", side: target.side, code: error.code, message: error.message });
  } finally {
    clearTimeout(firstTokenTimer);
    clearTimeout(totalTimer);
  }
}

/**
 * Runs the planned answers concurrently and streams their events as NDJSON. The answers are finished and
 * stored even if the browser goes away, so a reload finds them.
 */
export function streamTurn(db: Db, plan: TurnPlan): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const emit = (event: TurnEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          open = false;
        }
      };
      void Promise.all(plan.targets.map((target) => answerSide(db, plan, target, emit))).finally(() => {
        emit({ type: "end" });
        if (open) controller.close();
        open = false;
      });
    },
    cancel() {
      open = false;
    },
  });
}
