// A lean streaming client for OpenAI-compatible chat completions. The AI SDK's stream pipeline costs about
// 0.3 ms of CPU per chunk (chained web streams and schema validation of every chunk); at 100 concurrent battles
// that is more than one core can give, and first tokens queue behind it. This client reads the response as a Node
// stream (fetch's web streams cost several times more per chunk) and parses the SSE lines itself: one JSON.parse
// per chunk.
import http from "node:http";
import https from "node:https";
import {
  type ChatTurn,
  type ModelTarget,
  ProviderError,
  retryAfterSeconds,
  type StreamEnd,
  type StreamOptions,
} from "./types";

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

// keep connections to providers open between requests
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 256 });

function httpError(status: number, retryAfter?: string | string[]): ProviderError {
  if (status === 429)
    return new ProviderError(
      "the model's provider is rate-limiting requests; try again shortly",
      "provider_rate_limited",
      429,
      retryAfterSeconds(retryAfter),
    );
  return new ProviderError(`the model's provider answered with HTTP ${status}`, "provider_error", status);
}

interface Chunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { completion_tokens?: number; prompt_tokens?: number };
  error?: { message?: string };
}

export async function* streamOpenAICompatible(
  target: ModelTarget,
  turns: ChatTurn[],
  options: StreamOptions = {},
): AsyncGenerator<string, StreamEnd> {
  const key = target.apiKeyEnv ? process.env[target.apiKeyEnv] : undefined;
  const url = new URL(`${(target.baseURL ?? "").replace(/\/$/, "")}/chat/completions`);
  const body = JSON.stringify({
    model: target.providerModelId,
    messages: [
      ...(options.system ? [{ role: "system" as const, content: options.system }] : []),
      ...toOpenAIMessages(turns),
    ],
    stream: true,
    stream_options: { include_usage: true },
    ...(options.maxOutputTokens ? { max_tokens: options.maxOutputTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
  });
  let response: http.IncomingMessage;
  try {
    response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === "https:" ? https : http).request(url, {
        method: "POST",
        agent: url.protocol === "https:" ? httpsAgent : httpAgent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Accept: "text/event-stream",
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
        },
        signal: options.signal,
      });
      request.on("response", resolve);
      request.on("error", reject);
      request.end(body);
    });
  } catch (error) {
    throw failure(error, options.signal);
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    response.resume();
    throw httpError(status, response.headers["retry-after"]);
  }
  let finishReason: string | null = null;
  let outputTokens: number | undefined;
  let inputTokens: number | undefined;
  // Parse in the socket's 'data' handler and hand text over in batches: one promise per wake-up of the reader
  // rather than one per chunk (each promise also pays for the request's async context tracking).
  let pending = "";
  let ended = false;
  let failed: unknown = null;
  let wake: (() => void) | null = null;
  let buffer = "";
  const decoder = new TextDecoder();
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const parseLine = (line: string) => {
    if (!line.startsWith("data:")) return;
    const data = line.slice(5).trim();
    if (data === "[DONE]") return;
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      throw new ProviderError("the model's provider sent a malformed stream", "provider_error");
    }
    if (chunk.error) throw new ProviderError("the model's provider reported an error mid-answer", "provider_error");
    const choice = chunk.choices?.[0];
    const text = choice?.delta?.content;
    if (text) pending += text;
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    if (chunk.usage?.completion_tokens !== undefined) outputTokens = chunk.usage.completion_tokens;
    if (chunk.usage?.prompt_tokens !== undefined) inputTokens = chunk.usage.prompt_tokens;
  };
  response.on("data", (bytes: Buffer) => {
    try {
      buffer += decoder.decode(bytes, { stream: true });
      let newline = buffer.indexOf("\n");
      while (newline !== -1) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
        parseLine(line);
      }
    } catch (error) {
      failed = error;
      response.destroy();
    }
    notify();
  });
  response.on("end", () => {
    ended = true;
    notify();
  });
  response.on("error", (error) => {
    failed ??= error;
    notify();
  });
  response.on("close", () => {
    if (!response.complete) failed ??= new ProviderError("the model's answer stopped unexpectedly", "provider_error");
    ended = true;
    notify();
  });
  for (;;) {
    if (pending) {
      const text = pending;
      pending = "";
      yield text;
      continue;
    }
    if (failed) throw failure(failed, options.signal);
    if (ended) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
  // a stream that ends without saying why was cut
  if (!finishReason) throw new ProviderError("the model's answer stopped unexpectedly", "provider_error");
  return {
    finishReason: finishReason === "stop" ? "stop" : finishReason === "length" ? "length" : finishReason,
    outputTokens,
    inputTokens,
  };
}

function failure(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted)
    return signal.reason instanceof ProviderError
      ? signal.reason
      : new ProviderError("the model took too long to answer", "provider_timeout");
  const name = (error as Error)?.name;
  if (name === "AbortError" || name === "TimeoutError")
    return new ProviderError("the model took too long to answer", "provider_timeout");
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new ProviderError("the model's provider could not be reached", "provider_unavailable");
  }
  return new ProviderError("the model's answer stopped unexpectedly", "provider_error");
}
