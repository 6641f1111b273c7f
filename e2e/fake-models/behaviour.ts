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
  /** only this model's first N requests meet `failure` (a connection that fails once, then works) */
  failFirst?: number;
  /**
   * OpenAI protocol: parameters this model refuses with OpenAI's own 400 (as the o-series and gpt-5 do):
   * `max_tokens` (use max_completion_tokens) and a non-default `temperature`
   */
  refuses?: ("max_tokens" | "temperature")[];
  /**
   * OpenAI protocol: a reasoning model's thinking, streamed before the answer in the delta field vLLM and DeepSeek
   * use (`reasoning_content`) or the one OpenRouter, Together and Groq use (`reasoning`)
   */
  reasoning?: { field: "reasoning_content" | "reasoning"; text: string };
  /** answers chosen by the request's system prompt (first match wins), e.g. to play a category judge */
  repliesBySystem?: { includes: string; reply: string }[];
  /**
   * play a pairwise judge with known preferences: the answers' authors are read from "I am MODEL" in each answer
   * section; the better-ranked (earlier) author wins more often the further apart they are (by `>>` when two or
   * more places apart); unknown authors tie
   */
  judgeRanking?: string[];
  /** as a judge, leave the verdict out of the first text of a conversation (the judge is asked to finish) */
  judgeForgetsVerdict?: boolean;
}

/** The author an answer names ("I am MODEL.", as the fake's default reply writes it), else the first ranked name in it. */
const authorOf = (section: string | undefined, ranking: string[]) =>
  /I am ([^\s.]+)\./.exec(section ?? "")?.[1] ?? ranking.find((name) => section?.includes(name));

/** A judgment in arena-hard-auto's shape: the judge's own answer, a comparison, a verdict label. */
export function judgeReply(request: RecordedRequest, ranking: string[], forgetsVerdict: boolean): string {
  const prompt = request.userTexts[0] ?? "";
  if (request.userTexts.length > 1) return fakeVerdict(prompt, ranking); // asked to finish: the verdict alone
  const mine = "My own answer: it depends on the image.";
  if (forgetsVerdict) return `${mine} Both answers address the prompt; let me weigh them.`;
  return `${mine} Comparing both answers with mine. ${fakeVerdict(prompt, ranking)}`;
}

function fakeVerdict(prompt: string, ranking: string[]): string {
  const a = authorOf(
    /<\|The Start of Assistant A's Answer\|>([\s\S]*?)<\|The End of Assistant A's Answer\|>/.exec(prompt)?.[1],
    ranking,
  );
  const b = authorOf(
    /<\|The Start of Assistant B's Answer\|>([\s\S]*?)<\|The End of Assistant B's Answer\|>/.exec(prompt)?.[1],
    ranking,
  );
  const ra = a ? ranking.indexOf(a) : -1;
  const rb = b ? ranking.indexOf(b) : -1;
  if (ra < 0 || rb < 0 || ra === rb) return "My final verdict is tie: [[A=B]]";
  // the better-ranked answer wins with probability 0.5 + 0.2 × the gap (at most 0.95), decided by a hash of the
  // prompt so the same judgment always gets the same verdict; of the rest, half are ties
  const gap = Math.abs(ra - rb);
  const win = Math.min(0.95, 0.5 + 0.2 * gap);
  const u = unitHash(prompt);
  const better = ra < rb ? "A" : "B";
  const worse = better === "A" ? "B" : "A";
  const label =
    u < win ? `${better}${gap >= 2 ? ">>" : ">"}${worse}` : u < win + (1 - win) / 2 ? "A=B" : `${worse}>${better}`;
  return `My final verdict is: [[${label}]]`;
}

function unitHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return ((h ^ (h >>> 12)) >>> 0) / 4294967296;
}

/** A deterministic embedding: hashed words (or a data: URL's bytes) into 32 dimensions, unit length. */
export function fakeEmbedding(input: string): number[] {
  const v = new Array<number>(32).fill(0);
  const tokens = input.startsWith("data:")
    ? [input.slice(0, 64), input.slice(-64)]
    : (input.toLowerCase().match(/\w+/g) ?? []);
  for (const token of tokens) {
    let h = 2166136261;
    for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 16777619);
    v[(h >>> 0) % 32] = (v[(h >>> 0) % 32] as number) + 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
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
  /** the client closed the connection before the stream's end (a Stop, a timeout, a cut) */
  closedByClient?: boolean;
  /** OpenAI protocol: the sampling parameters sent, as sent */
  params?: { max_tokens?: unknown; max_completion_tokens?: unknown; temperature?: unknown; seed?: unknown };
}

/** OpenAI's 400 for a parameter a reasoning model refuses, word for word. */
export function refusedParameter(
  behaviour: Behaviour,
  params: RecordedRequest["params"],
): { message: string; param: string; code: string } | null {
  if (behaviour.refuses?.includes("max_tokens") && params?.max_tokens !== undefined) {
    return {
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      param: "max_tokens",
      code: "unsupported_parameter",
    };
  }
  if (behaviour.refuses?.includes("temperature") && params?.temperature !== undefined && params.temperature !== 1) {
    return {
      message: `Unsupported value: 'temperature' does not support ${String(params.temperature)} with this model. Only the default (1) value is supported.`,
      param: "temperature",
      code: "unsupported_value",
    };
  }
  return null;
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
