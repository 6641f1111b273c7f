// Answering the latest prompt: both sides stream at once; each side's answer, with what we measured about it,
// is stored whether it finished or failed. Events go to the browser as NDJSON lines.
import type { PrismaClient } from "../generated/prisma/client";
import type { Side } from "../generated/prisma/enums";
import { ApiError } from "../http/errors";
import { type ModelTarget, ProviderError, providerErrorFrom, streamChat } from "../providers";
import { ownedConversation } from "./conversations";
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

/**
 * Claims the sides to answer, under a row lock so two requests never answer the same side twice: sides with no
 * answer yet, or whose answer failed (a retry), or every side (regenerate, before a vote).
 */
export async function prepareTurn(
  prisma: PrismaClient,
  input: { conversationId: string; visitorId: string; sides?: Side[]; regenerate?: boolean },
): Promise<TurnPlan> {
  await ownedConversation(prisma, input.conversationId, input.visitorId);
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Conversation" WHERE id = ${input.conversationId}::uuid FOR UPDATE`;
    const conversation = await tx.conversation.findUniqueOrThrow({
      where: { id: input.conversationId },
      include: { vote: true, modelA: { include: { provider: true } }, modelB: { include: { provider: true } } },
    });
    if (conversation.moderationStatus === "flagged" || conversation.moderationStatus === "banned") {
      throw new ApiError(409, "conversation_ended", "this conversation was stopped by the content filter");
    }
    if (conversation.vote) throw new ApiError(409, "already_voted", "this battle has been voted on; start a new round");
    const turn = conversation.turnCount;
    const allSides: Side[] = conversation.modelBId ? ["a", "b"] : ["a"];
    const existing = await tx.message.findMany({
      where: { conversationId: conversation.id, turn, role: "assistant", superseded: false },
      include: { response: true },
    });
    const status = new Map(existing.map((m) => [m.side, { id: m.id, status: answerStatus(m.response) }]));
    if ([...status.values()].some((s) => s.status === "pending")) {
      throw new ApiError(409, "answer_in_progress", "an answer is still being written");
    }
    let targets = input.regenerate ? allSides : allSides.filter((side) => status.get(side)?.status !== "done");
    if (input.sides) targets = targets.filter((side) => input.sides?.includes(side));
    if (targets.length === 0)
      throw new ApiError(409, "nothing_to_answer", "every answer of this turn has already finished");
    const replaced = targets.map((side) => status.get(side)?.id).filter((id): id is string => Boolean(id));
    if (replaced.length) await tx.message.updateMany({ where: { id: { in: replaced } }, data: { superseded: true } });

    const planned: Target[] = [];
    for (const side of targets) {
      const model = side === "a" ? conversation.modelA : conversation.modelB;
      if (!model) continue;
      const message = await tx.message.create({
        data: {
          conversationId: conversation.id,
          side,
          turn,
          role: "assistant",
          content: "",
          response: { create: { modelId: model.id } },
        },
      });
      planned.push({
        side,
        messageId: message.id,
        modelId: model.id,
        target: {
          id: model.id,
          providerType: model.provider.type,
          baseURL: model.provider.baseURL,
          apiKeyEnv: model.provider.apiKeyEnv,
          providerModelId: model.providerModelId,
        },
      });
    }
    return { conversationId: conversation.id, turn, targets: planned };
  });
}

async function answerSide(prisma: PrismaClient, plan: TurnPlan, target: Target, emit: (event: TurnEvent) => void) {
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
    await limitModel(prisma, target.modelId);
    const history = await chatHistory(prisma, plan.conversationId, target.side);
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
    await prisma.message.update({
      where: { id: target.messageId },
      data: {
        content: text,
        response: {
          update: {
            tokens: await countTokens(text),
            headerCount: totals.headers,
            listCount: totals.lists,
            boldCount: totals.bold,
            markdownDetail: counts as object,
            latencyFirstTokenMs: Math.round(firstTokenMs ?? performance.now() - started),
            latencyTotalMs: Math.round(performance.now() - started),
            finishReason: finish.finishReason,
            params: { temperature: settings.temperature, maxOutputTokens: settings.maxOutputTokens },
          },
        },
      },
    });
    emit({ type: "done", side: target.side, finishReason: finish.finishReason });
  } catch (raw) {
    const error =
      raw instanceof ApiError
        ? new ProviderError(raw.message, "provider_rate_limited", 429)
        : raw instanceof ProviderError
          ? raw
          : providerErrorFrom(raw);
    await prisma.message
      .update({
        where: { id: target.messageId },
        data: {
          content: text,
          response: {
            update: {
              error: error.message,
              errorCode: error.code,
              latencyFirstTokenMs: firstTokenMs === null ? null : Math.round(firstTokenMs),
              latencyTotalMs: Math.round(performance.now() - started),
            },
          },
        },
      })
      .catch(() => undefined);
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
export function streamTurn(prisma: PrismaClient, plan: TurnPlan): ReadableStream<Uint8Array> {
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
      void Promise.all(plan.targets.map((target) => answerSide(prisma, plan, target, emit))).finally(() => {
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
