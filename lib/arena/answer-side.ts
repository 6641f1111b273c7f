// One side's answer, in named steps: its clock (the first token, the whole answer, silence partway), the stream
// loop (deltas shown as they come, cut at the model's ceiling, NULs dropped), and its outcome (finished, stopped by
// the visitor, or failed), which is recorded whatever happened; a first-turn failure before any word is first
// offered to another model (./swap).
import { SpanStatusCode, trace } from "@opentelemetry/api";
import type { Db } from "../db/context";
import { DomainError } from "../errors";
import { observeAnswer } from "../metrics";
import {
  type AnswerStream,
  type ParamRules,
  ProviderError,
  providerErrorFrom,
  rememberParamRules,
  type StreamEnd,
  streamChat,
  ThoughtCollector,
  WithheldAnswer,
} from "../providers";
import { withoutNul } from "../text";
import { type AnswerMeta, finishedMeta, record } from "./answer-record";
import type { TurnEvent } from "./events";
import { arenaSettings } from "./settings";
import { STOPPED, StopRequested, whileWriting } from "./stops";
import { swapFailedSide } from "./swap";
import type { Target, TurnPlan } from "./turn-claim";

const tracer = () => trace.getTracer("vision-arena");

type Emit = (event: TurnEvent) => void;
type Settings = ReturnType<typeof arenaSettings>;

/** One model's answer, as a span of the battle's trace when tracing is on (a no-op otherwise). */
export function answerSide(db: Db, plan: TurnPlan, target: Target, emit: Emit): Promise<void> {
  return tracer().startActiveSpan(
    "model.answer",
    { attributes: { "arena.model": target.modelId, "arena.side": target.side, "arena.turn": plan.turn } },
    async (span) => {
      try {
        await answerSideTraced(db, plan, target, (event) => {
          if (event.type === "error") {
            span.setStatus({ code: SpanStatusCode.ERROR, message: event.code });
            span.setAttribute("arena.error", event.code);
          }
          if (event.type === "done") span.setAttribute("arena.finish_reason", event.finishReason);
          emit(event);
        });
      } finally {
        span.end();
      }
    },
  );
}

/**
 * A side's clocks, each ending the answer through `controller` with the reason the visitor reads: the model did not
 * start in time, took too long in all, or went silent partway (after stallTimeoutMs, not the whole totalTimeoutMs:
 * one check a second rather than a timer reset on every delta).
 */
function sideClock(controller: AbortController, settings: Settings) {
  const abort = (message: string) => controller.abort(new ProviderError(message, "provider_timeout"));
  const firstToken = setTimeout(() => abort("the model did not start answering in time"), settings.firstTokenTimeoutMs);
  const total = setTimeout(() => abort("the model took too long to finish its answer"), settings.totalTimeoutMs);
  let lastHeardAt = performance.now();
  /** the model has sent something: a word of its answer, or (an empty delta) a piece of thought */
  let alive = false;
  const stall = setInterval(() => {
    if (alive && performance.now() - lastHeardAt > settings.stallTimeoutMs) {
      abort("the model stopped answering partway");
    }
  }, 1_000);
  return {
    /** the model sent something */
    heard() {
      if (!alive) {
        alive = true;
        clearTimeout(firstToken);
      }
      lastHeardAt = performance.now();
    },
    stop() {
      clearTimeout(firstToken);
      clearTimeout(total);
      clearInterval(stall);
    },
  };
}

/** What has been shown of a side's answer so far: kept when the answer ends early (a Stop, a failure). */
interface Progress {
  started: number;
  text: string;
  firstTokenMs: number | null;
  /** cut at the model's ceiling */
  capped: boolean;
}

/**
 * Reads the model's stream to its end, showing each delta as it comes; returns how the model ended it. An answer past
 * the model's ceiling is cut there: the provider's request is closed, the answer kept as finished at that length
 * (what a max_tokens stop would have given). A NUL is not text anyone reads (and PostgreSQL cannot store it):
 * dropped before it is shown or kept.
 */
async function streamAnswer(
  stream: AnswerStream,
  target: Target,
  progress: Progress,
  clock: ReturnType<typeof sideClock>,
  controller: AbortController,
  emit: Emit,
): Promise<StreamEnd | null> {
  let thinkingShown = false;
  let next = await stream.next();
  while (!next.done) {
    clock.heard();
    // the first visible word: a reasoning model's thinking (empty deltas) is timed apart, as thinkingMs
    if (progress.firstTokenMs === null && next.value) progress.firstTokenMs = performance.now() - progress.started;
    if (!next.value && !thinkingShown && !progress.text) {
      thinkingShown = true;
      emit({ type: "thinking", side: target.side });
    }
    const clean = withoutNul(next.value);
    const room = target.maxChars - progress.text.length;
    const delta = clean.length > room ? clean.slice(0, Math.max(0, room)) : clean;
    progress.text += delta;
    if (delta) emit({ type: "delta", side: target.side, text: delta });
    if (progress.text.length >= target.maxChars) {
      progress.capped = true;
      controller.abort();
      await stream.return({ finishReason: "length" }).catch(() => undefined);
      return null;
    }
    next = await stream.next();
  }
  return next.value;
}

interface Outcome {
  meta: AnswerMeta;
  event: TurnEvent;
  /** a failure another model may be asked to take over (not a provider's filter withholding the answer) */
  swappable?: boolean;
}

/** A finished (or stopped, or cut) answer: stored as finished with what was shown. */
async function finished(
  target: Target,
  progress: Progress,
  finishReason: string,
  reasoning: StreamEnd["reasoning"],
  params: Record<string, unknown>,
  inputTokens?: number,
): Promise<Outcome> {
  return {
    meta: await finishedMeta(progress.text, finishReason, progress, {
      reasoning,
      maxChars: target.maxChars,
      params,
      inputTokens,
    }),
    event: { type: "done", side: target.side, finishReason },
  };
}

/** A failed answer: what the visitor reads, never a raw provider status; retryable unless the error says not. */
function failed(target: Target, progress: Progress, raw: unknown): Outcome {
  const error =
    raw instanceof ProviderError
      ? raw
      : raw instanceof DomainError
        ? new ProviderError(raw.message, "provider_rate_limited", 429)
        : providerErrorFrom(raw);
  return {
    meta: {
      error: error.message,
      errorCode: error.code,
      latencyFirstTokenMs: progress.firstTokenMs === null ? null : Math.round(progress.firstTokenMs),
      latencyTotalMs: Math.round(performance.now() - progress.started),
    },
    event: {
      type: "error",
      side: target.side,
      code: error.code,
      message: error.message,
      ...(error.retryable ? {} : { retryable: false }),
    },
    swappable: !(error instanceof WithheldAnswer),
  };
}

async function answerSideTraced(db: Db, plan: TurnPlan, target: Target, emit: Emit) {
  const settings = arenaSettings();
  const progress: Progress = { started: performance.now(), text: "", firstTokenMs: null, capped: false };
  let learned: ParamRules | null = null;
  let remembering: Promise<void> = Promise.resolve();
  // the thought so far survives a Stop or a cut at the ceiling (the stream's own end never comes then)
  const thought = new ThoughtCollector(progress.started);
  const controller = new AbortController();
  const unregister = whileWriting(target.messageId, () => controller.abort(new StopRequested()));
  const clock = sideClock(controller, settings);
  emit({ type: "start", side: target.side, turn: plan.turn });
  const params = () => ({
    temperature: settings.temperature,
    maxOutputTokens: settings.maxOutputTokens,
    ...(progress.capped ? { cutAtChars: target.maxChars } : {}),
    ...(learned ? { paramRules: learned } : {}),
  });
  let outcome: Outcome;
  try {
    if (target.refused) throw target.refused;
    const stream = streamChat(target.target, target.history, {
      signal: controller.signal,
      maxOutputTokens: settings.maxOutputTokens,
      temperature: settings.temperature,
      thought,
      onParamRulesLearned: (rules, detail) => {
        learned = rules;
        // one after the other, so the last rules learned are the ones kept
        remembering = remembering.then(() =>
          rememberParamRules(db.prisma, target.modelId, rules, detail).catch(() => undefined),
        );
      },
    });
    const end = await streamAnswer(stream, target, progress, clock, controller, emit);
    const finish: StreamEnd = end ?? {
      finishReason: "length",
      ...(thought.text ? { reasoning: thought.result() } : {}),
    };
    outcome = await finished(target, progress, finish.finishReason, finish.reasoning, params(), finish.inputTokens);
  } catch (raw) {
    // stopped by the visitor: kept as finished at what was shown, so the battle can still be voted
    outcome =
      controller.signal.reason instanceof StopRequested
        ? await finished(target, progress, STOPPED, thought.text ? thought.result() : undefined, params())
        : failed(target, progress, raw);
  } finally {
    unregister();
    clock.stop();
  }
  observeAnswer(target.modelId, {
    finishReason: typeof outcome.meta.finishReason === "string" ? outcome.meta.finishReason : null,
    errorCode: typeof outcome.meta.errorCode === "string" ? outcome.meta.errorCode : null,
    firstTokenMs: progress.firstTokenMs,
    totalMs: performance.now() - progress.started,
  });
  await remembering;
  // failed before a word was shown, on the battle's first turn: once, another model takes the side (./swap)
  if (outcome.event.type === "error" && outcome.swappable && !progress.text) {
    const replacement = await swapFailedSide(db, plan.conversationId, plan.turn, target, outcome.event.code).catch(
      () => null,
    );
    if (replacement) return answerSideTraced(db, plan, replacement, emit);
  }
  const unsaved = await record(db, target.messageId, progress.text, outcome.meta);
  emit(unsaved ? { type: "error", side: target.side, code: unsaved.code, message: unsaved.message } : outcome.event);
}
