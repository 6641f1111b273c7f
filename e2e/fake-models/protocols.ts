// The wire formats the fake server speaks: OpenAI chat completions, Anthropic messages and Gemini
// generateContent, each with its JSON answer, its streaming events and its error shape.
import type http from "node:http";
import { describeImageUrl, type RecordedRequest } from "./behaviour";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface Usage {
  input: number;
  output: number;
  /** thinking tokens, counted apart (OpenAI's completion_tokens_details.reasoning_tokens) */
  reasoning?: number;
}

/** One answer being written: protocol-specific framing around the text. */
export interface Writer {
  start(): void;
  delta(text: string): void;
  /** OpenAI protocol: a piece of thinking in the given delta field */
  reasoning?(field: "reasoning_content" | "reasoning", text: string): void;
  finish(usage: Usage): void;
}

export interface Protocol {
  name: RecordedRequest["protocol"];
  /** the model named in the path (Gemini), or null when the route is not this protocol's */
  route(method: string, path: string): { model?: string } | null;
  authorised(headers: http.IncomingHttpHeaders, apiKey: string): boolean;
  parse(body: unknown, headers: http.IncomingHttpHeaders, route: { model?: string }, url: URL): RecordedRequest;
  /** OpenAI sends usage in the stream only when asked */
  wantsUsage?(body: unknown): boolean;
  error(res: http.ServerResponse, status: number, message: string, headers?: http.OutgoingHttpHeaders): void;
  json(res: http.ServerResponse, request: RecordedRequest, reply: string, usage: Usage): void;
  writer(res: http.ServerResponse, request: RecordedRequest, includeUsage: boolean): Writer;
}

const sse = (res: http.ServerResponse, data: unknown, event?: string) =>
  res.write(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`);

const json = (res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

const invalid = (message: string) => new HttpError(400, message, "invalid_request_error");

function base(
  protocol: RecordedRequest["protocol"],
  model: string,
  stream: boolean,
  headers: http.IncomingHttpHeaders,
): RecordedRequest {
  return { protocol, model, stream, userTexts: [], images: [], messageCount: 0, headers, receivedAt: Date.now() };
}

// ---------------------------------------------------------------- OpenAI

interface OpenAIPart {
  type: string;
  text?: string;
  image_url?: { url?: string } | string;
}

export const openai: Protocol = {
  name: "openai",
  route: (method, path) => (method === "POST" && path === "/v1/chat/completions" ? {} : null),
  authorised: (headers, key) => headers.authorization === `Bearer ${key}`,
  wantsUsage: (body) =>
    (body as { stream_options?: { include_usage?: boolean } }).stream_options?.include_usage === true,
  parse(body, headers) {
    const payload = body as { model?: unknown; messages?: unknown; stream?: unknown };
    if (typeof payload?.model !== "string" || !payload.model) throw invalid("you must provide a model parameter");
    if (!Array.isArray(payload.messages) || payload.messages.length === 0)
      throw invalid("'messages' must be a non-empty array");
    const request = base("openai", payload.model, payload.stream === true, headers);
    const sampling = payload as {
      max_tokens?: unknown;
      max_completion_tokens?: unknown;
      temperature?: unknown;
      seed?: unknown;
    };
    request.params = {
      max_tokens: sampling.max_tokens,
      max_completion_tokens: sampling.max_completion_tokens,
      temperature: sampling.temperature,
      ...(sampling.seed !== undefined ? { seed: sampling.seed } : {}),
    };
    for (const raw of payload.messages as { role?: string; content?: string | OpenAIPart[] | null }[]) {
      if (!raw || typeof raw.role !== "string") throw invalid("each message needs a role");
      const parts = typeof raw.content === "string" ? [{ type: "text", text: raw.content }] : (raw.content ?? []);
      if (!Array.isArray(parts)) throw invalid("message content must be a string or an array");
      const texts: string[] = [];
      for (const part of parts) {
        if (part.type === "text") texts.push(String(part.text ?? ""));
        else if (part.type === "image_url") {
          const url = typeof part.image_url === "string" ? part.image_url : part.image_url?.url;
          if (!url) throw invalid("image_url part without a url");
          request.images.push(describeImageUrl(url));
        } else throw invalid(`unsupported content part type '${part.type}'`);
      }
      if (raw.role === "user") request.userTexts.push(texts.join("\n"));
      if (raw.role === "system") request.system = texts.join("\n");
    }
    request.messageCount = payload.messages.filter((m: { role?: string }) => m?.role !== "system").length;
    return request;
  },
  error(res, status, message, headers) {
    const code =
      status === 429
        ? "rate_limit_exceeded"
        : status === 404
          ? "model_not_found"
          : status === 401
            ? "invalid_api_key"
            : "server_error";
    json(res, status, { error: { message, type: code, param: null, code } }, headers);
  },
  json(res, request, reply, usage) {
    json(res, 200, {
      id: `chatcmpl-${Date.now().toString(36)}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [{ index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop", logprobs: null }],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    });
  },
  writer(res, request, includeUsage) {
    const id = `chatcmpl-${Date.now().toString(36)}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (choices: unknown[], extra: object = {}) =>
      sse(res, { id, object: "chat.completion.chunk", created, model: request.model, choices, ...extra });
    return {
      start: () => chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]),
      delta: (text) => chunk([{ index: 0, delta: { content: text }, finish_reason: null }]),
      reasoning: (field, text) => chunk([{ index: 0, delta: { [field]: text }, finish_reason: null }]),
      finish(usage) {
        chunk([{ index: 0, delta: {}, finish_reason: "stop" }]);
        if (includeUsage) {
          const thought = usage.reasoning ?? 0;
          chunk([], {
            usage: {
              prompt_tokens: usage.input,
              completion_tokens: usage.output + thought,
              total_tokens: usage.input + usage.output + thought,
              ...(thought ? { completion_tokens_details: { reasoning_tokens: thought } } : {}),
            },
          });
        }
        res.end("data: [DONE]\n\n");
      },
    };
  },
};

// ---------------------------------------------------------------- Anthropic

interface AnthropicBlock {
  type: string;
  text?: string;
  source?: { type?: string; media_type?: string; data?: string; url?: string };
}

export const anthropic: Protocol = {
  name: "anthropic",
  route: (method, path) => (method === "POST" && path === "/v1/messages" ? {} : null),
  authorised: (headers, key) => headers["x-api-key"] === key,
  parse(body, headers) {
    const payload = body as {
      model?: unknown;
      messages?: unknown;
      stream?: unknown;
      max_tokens?: unknown;
      system?: string | { text?: string }[];
    };
    if (typeof payload?.model !== "string") throw invalid("model: Field required");
    if (typeof payload.max_tokens !== "number") throw invalid("max_tokens: Field required");
    if (!Array.isArray(payload.messages) || payload.messages.length === 0)
      throw invalid("messages: at least one message is required");
    if (!headers["anthropic-version"]) throw invalid("anthropic-version: header is required");
    const request = base("anthropic", payload.model, payload.stream === true, headers);
    if (payload.system)
      request.system =
        typeof payload.system === "string" ? payload.system : payload.system.map((b) => b.text ?? "").join("\n");
    for (const raw of payload.messages as { role?: string; content?: string | AnthropicBlock[] }[]) {
      if (raw.role !== "user" && raw.role !== "assistant") throw invalid("messages: roles must be user or assistant");
      const blocks = typeof raw.content === "string" ? [{ type: "text", text: raw.content }] : (raw.content ?? []);
      const texts: string[] = [];
      for (const block of blocks) {
        if (block.type === "text") texts.push(String(block.text ?? ""));
        else if (block.type === "image") {
          if (block.source?.type !== "base64" || !block.source.data || !block.source.media_type)
            throw invalid("image source must be base64 with a media_type");
          request.images.push({
            mediaType: block.source.media_type,
            bytes: Buffer.from(block.source.data, "base64").length,
          });
        } else throw invalid(`unsupported content block '${block.type}'`);
      }
      if (raw.role === "user") request.userTexts.push(texts.join("\n"));
    }
    request.messageCount = payload.messages.length;
    return request;
  },
  error(res, status, message, headers) {
    const type =
      status === 429
        ? "rate_limit_error"
        : status === 404
          ? "not_found_error"
          : status === 401
            ? "authentication_error"
            : status === 400
              ? "invalid_request_error"
              : "api_error";
    json(res, status, { type: "error", error: { type, message } }, headers);
  },
  json(res, request, reply, usage) {
    json(res, 200, {
      id: `msg_${Date.now().toString(36)}`,
      type: "message",
      role: "assistant",
      model: request.model,
      content: [{ type: "text", text: reply }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    });
  },
  writer(res, request) {
    return {
      start() {
        sse(
          res,
          {
            type: "message_start",
            message: {
              id: `msg_${Date.now().toString(36)}`,
              type: "message",
              role: "assistant",
              content: [],
              model: request.model,
              stop_reason: null,
              stop_sequence: null,
              usage: { input_tokens: 10, output_tokens: 1 },
            },
          },
          "message_start",
        );
        sse(
          res,
          { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
          "content_block_start",
        );
      },
      delta: (text) =>
        sse(res, { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }, "content_block_delta"),
      finish(usage) {
        sse(res, { type: "content_block_stop", index: 0 }, "content_block_stop");
        sse(
          res,
          {
            type: "message_delta",
            delta: { stop_reason: "end_turn", stop_sequence: null },
            usage: { output_tokens: usage.output },
          },
          "message_delta",
        );
        sse(res, { type: "message_stop" }, "message_stop");
        res.end();
      },
    };
  },
};

// ---------------------------------------------------------------- Gemini

interface GeminiPart {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
}

export const gemini: Protocol = {
  name: "gemini",
  route(method, path) {
    const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
    return method === "POST" && match ? { model: decodeURIComponent(match[1] as string) } : null;
  },
  authorised: (headers, key) => headers["x-goog-api-key"] === key,
  parse(body, headers, route, url) {
    const payload = body as { contents?: unknown; systemInstruction?: { parts?: { text?: string }[] } };
    if (!Array.isArray(payload?.contents) || payload.contents.length === 0) throw invalid("contents is not specified");
    const request = base("gemini", route.model ?? "", url.pathname.endsWith(":streamGenerateContent"), headers);
    const system = payload.systemInstruction?.parts?.map((p) => p.text ?? "").join("\n");
    if (system) request.system = system;
    for (const content of payload.contents as { role?: string; parts?: GeminiPart[] }[]) {
      const texts: string[] = [];
      for (const part of content.parts ?? []) {
        if (typeof part.text === "string") texts.push(part.text);
        else if (part.inlineData?.data) {
          request.images.push({
            mediaType: part.inlineData.mimeType ?? "",
            bytes: Buffer.from(part.inlineData.data, "base64").length,
          });
        } else throw invalid("each part needs text or inlineData");
      }
      if (content.role !== "model") request.userTexts.push(texts.join("\n"));
    }
    request.messageCount = payload.contents.length;
    return request;
  },
  error(res, status, message, headers) {
    const statusName =
      status === 429
        ? "RESOURCE_EXHAUSTED"
        : status === 404
          ? "NOT_FOUND"
          : status === 400
            ? "INVALID_ARGUMENT"
            : status === 401
              ? "UNAUTHENTICATED"
              : "INTERNAL";
    json(res, status, { error: { code: status, message, status: statusName } }, headers);
  },
  json(res, _request, reply, usage) {
    json(res, 200, {
      candidates: [{ content: { parts: [{ text: reply }], role: "model" }, finishReason: "STOP", index: 0 }],
      usageMetadata: {
        promptTokenCount: usage.input,
        candidatesTokenCount: usage.output,
        totalTokenCount: usage.input + usage.output,
      },
    });
  },
  writer(res) {
    return {
      start() {},
      delta: (text) => sse(res, { candidates: [{ content: { parts: [{ text }], role: "model" }, index: 0 }] }),
      finish(usage) {
        sse(res, {
          candidates: [{ content: { parts: [{ text: "" }], role: "model" }, finishReason: "STOP", index: 0 }],
          usageMetadata: {
            promptTokenCount: usage.input,
            candidatesTokenCount: usage.output,
            totalTokenCount: usage.input + usage.output,
          },
        });
        res.end();
      },
    };
  },
};

export const PROTOCOLS: Protocol[] = [openai, anthropic, gemini];
