// A lean streaming client for OpenAI-compatible chat completions. The AI SDK's stream pipeline costs about
// 0.3 ms of CPU per chunk (chained web streams and schema validation of every chunk); at 100 concurrent battles
// that is more than one core can give, and first tokens queue behind it. Here the transport (event-stream.ts)
// hands over server-sent events in batches and this reads them: one JSON.parse per chunk.

import { postEventStream, providerFailure } from "./event-stream";
import { providerKey } from "./key-policy";
import { learnFrom, type ParamRules, samplingParams } from "./param-rules";
import { ThinkingSplitter, ThoughtCollector } from "./thinking";
import { type ChatTurn, type ModelTarget, ProviderError, type StreamEnd, type StreamOptions } from "./types";

type Content = string | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];

export function toOpenAIMessages(turns: ChatTurn[]): { role: "user" | "assistant"; content: Content }[] {
  return turns.map((turn) => {
    const images = turn.images ?? [];
    if (turn.role === "assistant" || images.length === 0) return { role: turn.role, content: turn.text };
    return {
      role: "user",
      content: [
        ...images.map((image) => ({
          type: "image_url" as const,
          image_url: { url: `data:${image.mime};base64,${Buffer.from(image.data).toString("base64")}` },
        })),
        { type: "text" as const, text: turn.text },
      ],
    };
  });
}

/** A part of a content list (Mistral's Magistral: thinking parts, then text parts). */
interface ContentPart {
  type?: string;
  text?: string;
  /** Mistral: the thought as a list of text parts (or, in older answers, a string) */
  thinking?: string | { type?: string; text?: string }[];
}

/**
 * `delta.content` in every shape servers stream it: a string (most), null or absent (a role or usage chunk), or a
 * list of parts (Mistral streams `{"type":"thinking","thinking":[…]}` and `{"type":"text","text":"…"}`, which read
 * "[object Object]" when taken for a string). Returns what is answer and what is thought.
 */
export function contentOf(content: unknown): { answer: string; thought: string } {
  if (typeof content === "string") return { answer: content, thought: "" };
  if (!Array.isArray(content)) return { answer: "", thought: "" };
  let answer = "";
  let thought = "";
  for (const part of content as ContentPart[]) {
    if (!part || typeof part !== "object") continue;
    if (part.type === "text" && typeof part.text === "string") answer += part.text;
    else if (part.type === "thinking") {
      const inner = part.thinking;
      if (typeof inner === "string") thought += inner;
      else if (Array.isArray(inner))
        for (const piece of inner) if (typeof piece?.text === "string") thought += piece.text;
    }
  }
  return { answer, thought };
}

interface Chunk {
  choices?: {
    delta?: { content?: string | ContentPart[] | null; reasoning_content?: string | null; reasoning?: string | null };
    finish_reason?: string | null;
  }[];
  usage?: Usage | null;
  /** Groq puts the usage here, in the last chunk */
  x_groq?: { usage?: Usage };
  error?: { message?: string };
}

interface Usage {
  completion_tokens?: number;
  prompt_tokens?: number;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}

export async function* streamOpenAICompatible(
  target: ModelTarget,
  turns: ChatTurn[],
  options: StreamOptions = {},
): AsyncGenerator<string, StreamEnd> {
  const key = providerKey(target);
  const url = new URL(`${(target.baseURL ?? "").replace(/\/$/, "")}/chat/completions`);
  const messages = [
    ...(options.system ? [{ role: "system" as const, content: options.system }] : []),
    ...toOpenAIMessages(turns),
  ];
  const bodyFor = (rules: ParamRules | null | undefined) =>
    JSON.stringify({
      model: target.providerModelId,
      messages,
      stream: true,
      stream_options: { include_usage: true },
      ...samplingParams(rules, options),
    });
  let finishReason: string | null = null;
  let outputTokens: number | undefined;
  let inputTokens: number | undefined;
  let reasoningTokens: number | undefined;
  const started = performance.now();
  const thinking = new ThinkingSplitter();
  const thought = options.thought ?? new ThoughtCollector(started);
  try {
    const events = await openEvents(bodyFor, target.paramRules, { url, bearer: key, options });
    for await (const batch of events) {
      let text = "";
      let thinkingNow = false;
      for (const data of batch) {
        if (data === "[DONE]") continue;
        let chunk: Chunk;
        try {
          chunk = JSON.parse(data) as Chunk;
        } catch {
          throw new ProviderError("the model's provider sent a malformed stream", "provider_error");
        }
        if (chunk.error) throw new ProviderError("the model's provider reported an error mid-answer", "provider_error");
        const choice = chunk.choices?.[0];
        // thinking, in the shapes servers send it: vLLM/DeepSeek/Together/Groq `reasoning_content`, OpenRouter
        // `reasoning`, or `<think>…</think>` at the start of the content (models served raw)
        const reasoning = choice?.delta?.reasoning_content ?? choice?.delta?.reasoning;
        if (reasoning) thinkingNow = thought.add(reasoning) || thinkingNow;
        const content = contentOf(choice?.delta?.content);
        if (content.thought) thinkingNow = thought.add(content.thought) || thinkingNow;
        if (content.answer) {
          const split = thinking.push(content.answer);
          if (split.thought) thinkingNow = thought.add(split.thought) || thinkingNow;
          text += split.answer;
        }
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        const usage = chunk.usage ?? chunk.x_groq?.usage;
        if (usage?.completion_tokens !== undefined) outputTokens = usage.completion_tokens;
        if (usage?.prompt_tokens !== undefined) inputTokens = usage.prompt_tokens;
        const details = usage?.completion_tokens_details?.reasoning_tokens;
        if (details !== undefined) reasoningTokens = details;
      }
      // an empty delta says "alive, thinking": the caller's first-token clock stops, nothing is shown
      if (text) yield text;
      else if (thinkingNow) yield "";
    }
    const rest = thinking.end();
    if (rest.thought) thought.add(rest.thought);
    if (rest.answer) yield rest.answer;
  } catch (error) {
    throw providerFailure(error, options.signal);
  }
  // a stream that ends without saying why was cut
  if (!finishReason) throw new ProviderError("the model's answer stopped unexpectedly", "provider_error");
  if (finishReason === "content_filter") throw withheld();
  return {
    finishReason: finishReason === "stop" ? "stop" : finishReason === "length" ? "length" : finishReason,
    outputTokens,
    inputTokens,
    ...(thought.text || reasoningTokens ? { reasoning: thought.result(reasoningTokens) } : {}),
  };
}

/**
 * The provider's own filter withheld the answer (Azure's content filter, Anthropic's `stop_reason: "refusal"`): what
 * was streamed is not kept as an answer. A kind of its own, so the battle does not hand the same prompt to another
 * model as if this one had broken down (lib/arena/swap.ts).
 */
export class WithheldAnswer extends ProviderError {
  constructor() {
    super("the model's provider withheld this answer (its content filter)", "provider_error");
  }
}
export const withheld = () => new WithheldAnswer();

/** How many refused parameters one request may learn from (max_tokens, temperature, reasoning_effort). */
const MAX_LESSONS = 3;

/**
 * Starts the stream (as far as its status): a 400 that names a parameter we sent and can do without (learnFrom)
 * is retried at once with it renamed or left out, and the caller told the rules that worked; anything else is
 * thrown as it came.
 */
async function openEvents(
  bodyFor: (rules: ParamRules | null | undefined) => string,
  rules: ParamRules | null | undefined,
  request: { url: URL; bearer?: string; options: StreamOptions },
): Promise<AsyncIterableIterator<string[]>> {
  for (let lessons = 0; ; lessons++) {
    try {
      return await postEventStream({
        url: request.url,
        body: bodyFor(rules),
        bearer: request.bearer,
        signal: request.options.signal,
      });
    } catch (error) {
      if (!(error instanceof ProviderError) || error.status !== 400 || !error.detail || lessons >= MAX_LESSONS)
        throw error;
      const learned = learnFrom(error.detail, rules);
      if (!learned) throw error;
      rules = learned;
      request.options.onParamRulesLearned?.(learned, error.detail);
    }
  }
}
