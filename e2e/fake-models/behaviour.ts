// What a fake model does, configurable per model name. Shared by every protocol the fake server speaks.

export type Failure =
  /** answer the request with an HTTP error in the provider's error format (e.g. 500, 429) */
  | { kind: "http"; status: number; message?: string; retryAfterSeconds?: number }
  /** stream `afterTokens` tokens, then drop the connection without finishing the stream */
  | { kind: "cut"; afterTokens: number }
  /** stream `afterTokens` tokens (default 0, i.e. not even headers), then go silent and keep the connection open */
  | { kind: "hang"; afterTokens?: number };

export interface Behaviour {
  /** the full answer; default: a short description of what the model received */
  reply?: string;
  /** wait before the first token (ms) */
  firstTokenDelayMs?: number;
  /** wait between chunks (ms) */
  tokenDelayMs?: number;
  /** tokens per streamed chunk */
  chunkSize?: number;
  failure?: Failure;
  /** the share of requests that meet `failure` (default 1: all) */
  failureRate?: number;
  /** answers chosen by the request's system prompt (first match wins), e.g. to play a category judge */
  repliesBySystem?: { includes: string; reply: string }[];
}

/** A request as the fake server understood it, whatever the protocol. */
export interface RecordedRequest {
  protocol: "openai" | "anthropic" | "gemini";
  model: string;
  stream: boolean;
  /** text of every user message, in order */
  userTexts: string[];
  /** every image the request carried, as media type and byte length */
  images: { mediaType: string; bytes: number }[];
  messageCount: number;
  /** the system prompt, when the request had one */
  system?: string;
  headers: Record<string, string | string[] | undefined>;
  receivedAt: number;
}

export function defaultReply(request: RecordedRequest): string {
  const last = request.userTexts.at(-1) ?? "";
  const images = request.images.length;
  return `I am ${request.model}. I received ${images} image${images === 1 ? "" : "s"} and ${request.messageCount} message${request.messageCount === 1 ? "" : "s"}. You asked: ${last}`;
}

/** Splits text into word-sized tokens that keep their leading whitespace, so joining them restores the text. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

export function chunksOf(tokens: string[], size: number): string[] {
  const step = Math.max(1, Math.floor(size));
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += step) out.push(tokens.slice(i, i + step).join(""));
  return out;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Decodes a data: URL's payload size and media type; remote URLs count as zero bytes. */
export function describeImageUrl(url: string): { mediaType: string; bytes: number } {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url);
  if (!match) return { mediaType: "url", bytes: 0 };
  const payload = match[3] ?? "";
  const bytes = match[2] ? Buffer.from(payload, "base64").length : decodeURIComponent(payload).length;
  return { mediaType: match[1] ?? "application/octet-stream", bytes };
}
