// One offline model call through the arena's provider adapters, shared by answer runs and judging: the target a
// registry row names, a whole streamed answer with its token counts (the provider's, else our count), which
// failures are worth another attempt, and what a call cost at the model's prices.
import { sleep } from "../async/sleep";
import {
  type ChatTurn,
  type ModelTarget,
  ProviderError,
  providerErrorFrom,
  type StreamOptions,
  streamChat,
} from "../providers";
import { countTokens } from "../text/tokens";
import type { ProviderGates } from "./provider-gates";

const PROMPT_TOKEN_IMAGE_ESTIMATE = 85; // per image when the provider does not count (OpenAI's low-detail tile)

export interface RegistryModel {
  id: string;
  providerModelId: string;
  priceInputPerMTok: number | null;
  priceOutputPerMTok: number | null;
  provider: { type: string; baseURL: string | null; apiKeyEnv: string | null };
}

export function targetOf(model: RegistryModel): ModelTarget {
  return {
    id: model.id,
    providerType: model.provider.type as ModelTarget["providerType"],
    baseURL: model.provider.baseURL,
    apiKeyEnv: model.provider.apiKeyEnv,
    providerModelId: model.providerModelId,
  };
}

/** Estimated cost in USD, or null when the model has no prices in the registry. */
export function costOf(model: RegistryModel, inputTokens: number, outputTokens: number): number | null {
  if (model.priceInputPerMTok === null || model.priceOutputPerMTok === null) return null;
  return (inputTokens * model.priceInputPerMTok + outputTokens * model.priceOutputPerMTok) / 1_000_000;
}

export interface Completion {
  text: string;
  finishReason: string;
  inputTokens: number;
  outputTokens: number;
}

/** Streams one answer to the end. Throws what the adapter throws (a ProviderError, an abort). */
export async function complete(target: ModelTarget, history: ChatTurn[], options: StreamOptions): Promise<Completion> {
  const stream = streamChat(target, history, options);
  let text = "";
  let next = await stream.next();
  while (!next.done) {
    text += next.value;
    next = await stream.next();
  }
  const images = history.reduce((n, turn) => n + (turn.images?.length ?? 0), 0);
  const inputTokens =
    next.value.inputTokens ??
    (await countTokens([options.system ?? "", ...history.map((h) => h.text)].join("\n"))) +
      images * PROMPT_TOKEN_IMAGE_ESTIMATE;
  const outputTokens = next.value.outputTokens ?? (await countTokens(text));
  return { text, finishReason: next.value.finishReason, inputTokens, outputTokens };
}

/** Worth another attempt: rate limits, server errors, timeouts, an unreachable provider, a cut stream. */
export function retryable(error: ProviderError): boolean {
  if (error.code === "provider_rate_limited" || error.code === "provider_timeout") return true;
  if (error.code === "provider_unavailable") return true;
  return error.status === undefined || error.status >= 500;
}

/** The wait before attempt `attempt + 1`: doubled each time, with ±25% jitter so retries do not march in step. */
const backoffDelay = (baseMs: number, attempt: number) => baseMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2);

export interface RetryOptions {
  gates: ProviderGates;
  /** the gate the call waits its turn at (one per provider and key) */
  providerKey: string;
  /** attempts in all, the first included (default 4) */
  attempts?: number;
  /** the first backoff (default 1 s), doubled after each failed attempt */
  backoffMs?: number;
  signal?: AbortSignal;
  /** an error of the caller's own (a refused item): not a provider failure, never retried */
  isOwnError?: (error: unknown) => boolean;
}

export type CallOutcome<T> =
  | { ok: true; value: T; attempts: number; latencyMs: number }
  | { ok: false; error: Error & { code: string }; attempts: number; latencyMs: number };

/**
 * One item's model work, as answer runs and judgings both do it: `call` runs when the provider's gate lets it, and
 * is attempted again (after an exponential backoff with jitter) when it fails in a way worth retrying. A rate limit
 * pauses the whole provider, not only this item, for its Retry-After. The latency is the last attempt's. Null when
 * the signal stopped it: nothing half-done should be written then.
 */
export async function callWithRetries<T>(
  call: () => Promise<T>,
  options: RetryOptions,
): Promise<CallOutcome<T> | null> {
  const allowed = options.attempts ?? 4;
  for (let attempt = 1; ; attempt++) {
    if (options.signal?.aborted) return null;
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const value = await options.gates.run(options.providerKey, call);
      return { ok: true, value, attempts: attempt, latencyMs: latency() };
    } catch (raw) {
      if (options.signal?.aborted) return null;
      const own = options.isOwnError?.(raw) ?? false;
      const error = own ? (raw as Error & { code: string }) : providerErrorFrom(raw);
      if (error instanceof ProviderError && error.code === "provider_rate_limited") {
        options.gates.pause(options.providerKey, (error.retryAfterSeconds ?? 2 ** attempt) * 1000);
      }
      if (error instanceof ProviderError && retryable(error) && attempt < allowed) {
        await sleep(backoffDelay(options.backoffMs ?? 1000, attempt), options.signal);
        continue;
      }
      return { ok: false, error, attempts: attempt, latencyMs: latency() };
    }
  }
}
