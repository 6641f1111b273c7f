export interface ImageInput {
  data: Uint8Array;
  mime: string;
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
}

export interface StreamOptions {
  signal?: AbortSignal;
  maxOutputTokens?: number;
  temperature?: number;
  /** instructions sent as each provider's system prompt (the category judge uses it) */
  system?: string;
}

export interface StreamEnd {
  finishReason: string;
  outputTokens?: number;
}

/** A provider failed: status is the provider's HTTP status when there was one. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: "provider_error" | "provider_rate_limited" | "provider_timeout" | "provider_unavailable",
    readonly status?: number,
  ) {
    super(message);
  }
}
