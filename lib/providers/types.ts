import { DomainError } from "../errors";
import type { ParamRules, RefusalDetail } from "./param-rules";
export interface ImageInput {
  data: Uint8Array;
  mime: string;
  /** the longest side in pixels, when known without decoding (a stored image's row; stored images are one frame) */
  side?: number;
}

/** One message of one side's history, in the form every adapter takes. */
export interface ChatTurn {
  role: "user" | "assistant";
  text: string;
  images?: ImageInput[];
}

/** What an adapter needs to reach a model: no secret, only the name of the variable holding it. */
export interface ModelTarget {
  id: string;
  providerType: "openai_compatible" | "anthropic" | "google" | "demo";
  baseURL: string | null;
  apiKeyEnv: string | null;
  providerModelId: string;
  /** how this model takes its sampling parameters (OpenAI-compatible servers); learned or from the models file */
  paramRules?: ParamRules | null;
}

export interface StreamOptions {
  signal?: AbortSignal;
  maxOutputTokens?: number;
  temperature?: number;
  /** a sampling seed, for providers that take one (an offline run pins it: the drift watch) */
  seed?: number;
  /** instructions sent as each provider's system prompt (the category judge uses it) */
  system?: string;
  /** told when a refused parameter taught this model new rules (the request was retried with them) */
  onParamRulesLearned?: (rules: ParamRules, detail: RefusalDetail) => void;
  /**
   * where the thinking is gathered as it streams: given by a caller that may end the stream early (a Stop, an
   * answer cut at its ceiling) and still wants the thought so far
   */
  thought?: { add(piece: string): boolean; readonly text: string; result(tokens?: number): Reasoning };
}

export interface StreamEnd {
  finishReason: string;
  outputTokens?: number;
  /** the prompt's tokens as the provider counted them, when it says */
  inputTokens?: number;
  /** what a reasoning model thought before answering, kept apart from the answer (never shown before a vote) */
  reasoning?: Reasoning;
}

export interface Reasoning {
  text: string;
  /** from the request to the last piece of thought */
  ms: number;
  /** as the provider counted them, when it says */
  tokens?: number;
}

export type ProviderErrorCode =
  | "provider_error"
  | "provider_rate_limited"
  | "provider_timeout"
  | "provider_unavailable";

/** A provider failed: status is the provider's HTTP status when there was one. */
export class ProviderError extends DomainError {
  declare readonly code: ProviderErrorCode;

  constructor(
    message: string,
    code: ProviderErrorCode,
    readonly status?: number,
    /** the provider's Retry-After, in seconds, when it sent one */
    retryAfterSeconds?: number,
    /** what the provider said in its error body (staff and logs only: never shown to visitors) */
    readonly detail?: RefusalDetail,
  ) {
    super("upstream", code, message, retryAfterSeconds);
  }

  /**
   * Whether asking again may succeed: not when the provider refused the request itself (400, 401, 403, 404, 422:
   * the same request fails the same way); yes for rate limits, server errors, timeouts and cut streams.
   */
  get retryable(): boolean {
    return this.status === undefined || this.status === 429 || this.status >= 500 || this.status < 400;
  }
}

/** Retry-After as seconds (a number of seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | string[] | null | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}
