// One streaming interface over every provider, each receiving images in its native format: Anthropic and Gemini
// through the AI SDK; OpenAI-compatible servers through a lean client of our own (openai-stream.ts says why);
// demo models answer locally.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { APICallError, type LanguageModel, type ModelMessage, streamText } from "ai";
import { streamDemo } from "./demo";
import { visitorMessage } from "./event-stream";
import { fitImages } from "./image-limits";
import { providerKey } from "./key-policy";
import { streamOpenAICompatible, withheld } from "./openai-stream";
import { ThoughtCollector } from "./thinking";
import {
  type ChatTurn,
  type ModelTarget,
  ProviderError,
  retryAfterSeconds,
  type StreamEnd,
  type StreamOptions,
} from "./types";

const apiKey = (target: ModelTarget): string | undefined => providerKey(target);

export function languageModel(target: ModelTarget): LanguageModel {
  const key = apiKey(target);
  switch (target.providerType) {
    case "anthropic":
      return createAnthropic({ baseURL: target.baseURL ?? undefined, apiKey: key ?? "" })(target.providerModelId);
    case "google":
      return createGoogleGenerativeAI({ baseURL: target.baseURL ?? undefined, apiKey: key ?? "" })(
        target.providerModelId,
      );
    default:
      throw new ProviderError(`no AI SDK model for provider type ${target.providerType}`, "provider_error");
  }
}

export function toModelMessages(turns: ChatTurn[]): ModelMessage[] {
  return turns.map((turn): ModelMessage => {
    if (turn.role === "assistant") return { role: "assistant", content: turn.text };
    const images = turn.images ?? [];
    if (images.length === 0) return { role: "user", content: turn.text };
    return {
      role: "user",
      content: [
        ...images.map((image) => ({ type: "image" as const, image: image.data, mediaType: image.mime })),
        { type: "text" as const, text: turn.text },
      ],
    };
  });
}

/** A provider's failure in words a visitor can read, without leaking keys or internals. */
export function providerErrorFrom(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const candidate = APICallError.isInstance(error)
    ? error
    : APICallError.isInstance((error as { cause?: unknown })?.cause)
      ? ((error as { cause: APICallError }).cause as APICallError)
      : undefined;
  if (candidate) {
    const status = candidate.statusCode;
    if (status === 429)
      return new ProviderError(
        "the model's provider is rate-limiting requests; try again shortly",
        "provider_rate_limited",
        429,
        retryAfterSeconds(candidate.responseHeaders?.["retry-after"]),
      );
    // a 2xx status means the answer had started: the stream itself broke
    if (status !== undefined && status >= 200 && status < 300) {
      return new ProviderError("the model's answer stopped unexpectedly", "provider_error");
    }
    if (status !== undefined) {
      return new ProviderError(visitorMessage(status), "provider_error", status);
    }
    return new ProviderError("the model's provider could not be reached", "provider_unavailable");
  }
  const name = (error as Error)?.name;
  if (name === "AbortError" || name === "TimeoutError")
    return new ProviderError("the model took too long to answer", "provider_timeout");
  return new ProviderError("the model's answer stopped unexpectedly", "provider_error");
}

/**
 * Whether a failure before anything arrived is worth one more try: the connection failed, or the stream closed
 * before its first token (a reused keep-alive socket the server had just closed looks like this). An HTTP status,
 * a rate limit or a timeout is the provider's answer and is not retried.
 */
const retriable = (error: ProviderError) =>
  error.status === undefined && (error.code === "provider_unavailable" || error.code === "provider_error");

/** An answer as it streams: its text piece by piece, then how it finished (what streamChat returns). */
export interface AnswerStream extends AsyncIterator<string, StreamEnd, undefined> {
  return(value: StreamEnd): Promise<IteratorResult<string, StreamEnd>>;
  [Symbol.asyncIterator](): AnswerStream;
}

/**
 * Streams the answer text; the return value says how it finished. Throws ProviderError on any failure. A request
 * that failed before its first token (or thought) is sent once more; nothing the visitor saw is ever repeated.
 */
export function streamChat(target: ModelTarget, turns: ChatTurn[], options: StreamOptions = {}): AnswerStream {
  if (target.providerType === "demo") return streamDemo(target.providerModelId, turns, options);
  return new RetriedStream(target, turns, options);
}

/**
 * The retry around a provider's stream as an iterator of its own: a generator in between (awaiting each piece and
 * yielding it again) cost every chunk of every answer a few more promises, each seen by the async context hooks.
 */
class RetriedStream implements AnswerStream {
  private stream: AsyncGenerator<string, StreamEnd> | null = null;
  private fitted: Promise<ChatTurn[]> | null = null;
  private attempts = 0;
  private produced = false;
  private closed = false;

  constructor(
    private readonly target: ModelTarget,
    private readonly turns: ChatTurn[],
    private readonly options: StreamOptions,
  ) {}

  async next(): Promise<IteratorResult<string, StreamEnd>> {
    for (;;) {
      if (this.closed) return { done: true, value: { finishReason: "unknown" } };
      if (!this.stream) {
        // the stored originals stay as they are; what goes out fits this provider (once, whatever the attempts)
        this.fitted ??= fitImages(this.target, this.turns);
        const fitted = await this.fitted;
        this.attempts++;
        this.stream = streamOnce(this.target, fitted, this.options);
      }
      try {
        const next = await this.stream.next();
        if (next.done) this.closed = true;
        else this.produced = true;
        return next;
      } catch (error) {
        this.stream = null;
        const again =
          !this.produced &&
          this.attempts === 1 &&
          !this.options.signal?.aborted &&
          error instanceof ProviderError &&
          retriable(error);
        if (!again) {
          this.closed = true;
          throw error;
        }
      }
    }
  }

  async return(value: StreamEnd): Promise<IteratorResult<string, StreamEnd>> {
    this.closed = true;
    const stream = this.stream;
    this.stream = null;
    if (stream) await stream.return(value);
    return { done: true, value };
  }

  [Symbol.asyncIterator](): AnswerStream {
    return this;
  }
}

/** One request's stream: the lean OpenAI-compatible client's own generator (no layer of delegation between it and
 *  the reader: each layer costs every chunk a few promises), or the AI SDK's stream for the other providers. */
function streamOnce(target: ModelTarget, turns: ChatTurn[], options: StreamOptions): AsyncGenerator<string, StreamEnd> {
  if (target.providerType === "openai_compatible") return streamOpenAICompatible(target, turns, options);
  return streamViaSdk(target, turns, options);
}

async function* streamViaSdk(
  target: ModelTarget,
  turns: ChatTurn[],
  options: StreamOptions,
): AsyncGenerator<string, StreamEnd> {
  let finish: StreamEnd = { finishReason: "unknown" };
  const thought = options.thought ?? new ThoughtCollector(performance.now());
  const thinking = thinkingOptions(target, options);
  try {
    const result = streamText({
      model: languageModel(target),
      messages: toModelMessages(turns),
      ...(options.system ? { system: options.system } : {}),
      abortSignal: options.signal,
      maxRetries: 0,
      temperature: thinking.temperature,
      maxOutputTokens: thinking.maxOutputTokens,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(thinking.providerOptions ? { providerOptions: thinking.providerOptions } : {}),
      // failures are handled below; the SDK's default logs whole error objects, request bodies included
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") yield part.text;
      // Anthropic's thinking blocks and Gemini's thought summaries: kept apart, shown as "thinking…" only
      else if (part.type === "reasoning-delta") {
        if (thought.add(part.text)) yield "";
      } else if (part.type === "error") throw part.error;
      else if (part.type === "abort") throw options.signal?.reason ?? new DOMException("aborted", "AbortError");
      else if (part.type === "finish") {
        const reasoningTokens = part.totalUsage.outputTokenDetails?.reasoningTokens;
        finish = {
          finishReason: part.finishReason,
          outputTokens: part.totalUsage.outputTokens,
          inputTokens: part.totalUsage.inputTokens,
          ...(thought.text || reasoningTokens ? { reasoning: thought.result(reasoningTokens) } : {}),
        };
      }
    }
  } catch (error) {
    if (options.signal?.aborted && options.signal.reason instanceof ProviderError) throw options.signal.reason;
    throw providerErrorFrom(error);
  }
  if (finish.finishReason === "unknown" || finish.finishReason === "other") {
    // a stream that ends without a finish event was cut
    throw new ProviderError("the model's answer stopped unexpectedly", "provider_error");
  }
  if (finish.finishReason === "content-filter") throw withheld();
  return finish;
}

type ProviderOptions = Parameters<typeof streamText>[0]["providerOptions"];

/** Anthropic's extended thinking needs at least this budget (its API refuses less). */
const ANTHROPIC_MIN_BUDGET = 1024;
/** Gemini models that think, whose thought summaries are asked for (older ones refuse a thinking config). */
const GEMINI_THINKS = /gemini-(2\.5|[3-9])/;

/**
 * A model's thinking options as each provider takes them (ParamRules: reasoningEffort, thinkingBudget,
 * maxOutputTokens). Anthropic: thinking takes only the default temperature.
 */
export function thinkingOptions(
  target: ModelTarget,
  options: StreamOptions,
): { maxOutputTokens?: number; temperature?: number; providerOptions?: ProviderOptions } {
  const rules = target.paramRules ?? {};
  const maxOutputTokens = rules.maxOutputTokens ?? options.maxOutputTokens;
  const temperature = rules.temperature === "omit" ? undefined : options.temperature;
  if (target.providerType === "anthropic") {
    const budget = rules.thinkingBudget;
    if (budget === undefined || budget === 0) return { maxOutputTokens, temperature };
    const budgetTokens = Math.max(ANTHROPIC_MIN_BUDGET, budget);
    // the AI SDK adds the budget to the length limit itself (Anthropic wants max_tokens above the budget)
    return {
      maxOutputTokens,
      temperature: undefined,
      providerOptions: { anthropic: { thinking: { type: "enabled" as const, budgetTokens } } },
    };
  }
  if (target.providerType === "google") {
    const asked = rules.thinkingBudget !== undefined || rules.reasoningEffort !== undefined;
    if (!asked && !GEMINI_THINKS.test(target.providerModelId)) return { maxOutputTokens, temperature };
    return {
      maxOutputTokens,
      temperature,
      providerOptions: {
        google: {
          thinkingConfig: {
            // the thought summaries, kept apart and shown after the vote
            includeThoughts: rules.thinkingBudget !== 0,
            ...(rules.thinkingBudget !== undefined ? { thinkingBudget: rules.thinkingBudget } : {}),
            ...(rules.reasoningEffort ? { thinkingLevel: rules.reasoningEffort } : {}),
          },
        },
      },
    };
  }
  return { maxOutputTokens, temperature };
}
