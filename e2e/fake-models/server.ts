// A fake model server that speaks the OpenAI chat-completions protocol (JSON and SSE streaming, image content
// parts), with replies, pacing and failures configurable per model. Tests drive the real provider adapters
// against it. Control endpoints under /__control let a test in another process change behaviour.
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Behaviour,
  chunksOf,
  defaultReply,
  describeImageUrl,
  type RecordedRequest,
  sleep,
  tokenize,
} from "./behaviour";

export interface FakeServerOptions {
  port?: number;
  /** behaviour per model name; models not listed use `fallback` */
  models?: Record<string, Behaviour>;
  /** behaviour for any model not listed; when undefined, unknown models get 404 */
  fallback?: Behaviour;
  /** when set, requests must carry `Authorization: Bearer <apiKey>` */
  apiKey?: string;
}

export interface FakeModelServer {
  url: string;
  /** the base URL an OpenAI client wants (…/v1) */
  baseURL: string;
  port: number;
  requests: RecordedRequest[];
  setModel(name: string, behaviour: Behaviour): void;
  reset(): void;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface OpenAIContentPart {
  type: string;
  text?: string;
  image_url?: { url?: string } | string;
}
interface OpenAIMessage {
  role: string;
  content: string | OpenAIContentPart[] | null;
}

function parseOpenAI(body: unknown, headers: http.IncomingHttpHeaders): RecordedRequest {
  const payload = body as { model?: unknown; messages?: unknown; stream?: unknown };
  if (typeof payload?.model !== "string" || !payload.model) {
    throw new HttpError(400, "you must provide a model parameter", "invalid_request_error");
  }
  if (!Array.isArray(payload.messages) || payload.messages.length === 0) {
    throw new HttpError(400, "'messages' must be a non-empty array", "invalid_request_error");
  }
  const userTexts: string[] = [];
  const images: RecordedRequest["images"] = [];
  for (const raw of payload.messages as OpenAIMessage[]) {
    if (!raw || typeof raw.role !== "string")
      throw new HttpError(400, "each message needs a role", "invalid_request_error");
    const parts = typeof raw.content === "string" ? [{ type: "text", text: raw.content }] : (raw.content ?? []);
    if (!Array.isArray(parts))
      throw new HttpError(400, "message content must be a string or an array", "invalid_request_error");
    const texts: string[] = [];
    for (const part of parts) {
      if (part.type === "text") texts.push(String(part.text ?? ""));
      else if (part.type === "image_url") {
        const url = typeof part.image_url === "string" ? part.image_url : part.image_url?.url;
        if (!url) throw new HttpError(400, "image_url part without a url", "invalid_request_error");
        images.push(describeImageUrl(url));
      } else throw new HttpError(400, `unsupported content part type '${part.type}'`, "invalid_request_error");
    }
    if (raw.role === "user") userTexts.push(texts.join("\n"));
  }
  return {
    protocol: "openai",
    model: payload.model,
    stream: payload.stream === true,
    userTexts,
    images,
    messageCount: payload.messages.length,
    headers,
    receivedAt: Date.now(),
  };
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new HttpError(400, "the request body is not valid JSON", "invalid_request_error");
  }
}

function sendError(
  res: http.ServerResponse,
  status: number,
  message: string,
  code: string,
  extra: http.OutgoingHttpHeaders = {},
) {
  res.writeHead(status, { "Content-Type": "application/json", ...extra });
  res.end(JSON.stringify({ error: { message, type: code, param: null, code } }));
}

export async function startFakeModelServer(options: FakeServerOptions = {}): Promise<FakeModelServer> {
  const models = new Map(Object.entries(options.models ?? {}));
  const requests: RecordedRequest[] = [];
  const open = new Set<http.ServerResponse>();

  const behaviourFor = (model: string): Behaviour | undefined => models.get(model) ?? options.fallback;

  async function chatCompletions(req: http.IncomingMessage, res: http.ServerResponse) {
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, "Incorrect API key provided", "invalid_api_key");
    }
    const body = await readJson(req);
    const request = parseOpenAI(body, req.headers);
    // Like OpenAI, report usage in a last chunk only when asked to.
    const includeUsage =
      (body as { stream_options?: { include_usage?: boolean } }).stream_options?.include_usage === true;
    requests.push(request);
    const behaviour = behaviourFor(request.model);
    if (!behaviour) return sendError(res, 404, `The model '${request.model}' does not exist`, "model_not_found");
    const failure = behaviour.failure;
    if (failure?.kind === "http") {
      await sleep(behaviour.firstTokenDelayMs ?? 0);
      const headers = failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : {};
      const code = failure.status === 429 ? "rate_limit_exceeded" : "server_error";
      return sendError(res, failure.status, failure.message ?? `fake failure ${failure.status}`, code, headers);
    }
    if (failure?.kind === "hang" && !failure.afterTokens) return; // never answer; the connection stays open

    const reply = behaviour.reply ?? defaultReply(request);
    const tokens = tokenize(reply);
    const id = `chatcmpl-${Math.random().toString(36).slice(2, 12)}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = { prompt_tokens: 10 + request.images.length * 85, completion_tokens: tokens.length, total_tokens: 0 };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

    await sleep(behaviour.firstTokenDelayMs ?? 0);
    if (!request.stream) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model: request.model,
          choices: [
            { index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop", logprobs: null },
          ],
          usage,
        }),
      );
      return;
    }

    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    res.flushHeaders();
    open.add(res);
    res.on("close", () => open.delete(res));
    const send = (delta: object, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    send({ role: "assistant", content: "" });
    let sent = 0;
    for (const chunk of chunksOf(tokens, behaviour.chunkSize ?? 1)) {
      if (res.destroyed) return;
      if ((failure?.kind === "cut" || failure?.kind === "hang") && sent >= (failure.afterTokens ?? 0)) {
        if (failure.kind === "cut") res.destroy();
        return; // hang: leave the stream open and silent
      }
      send({ content: chunk });
      sent += tokenize(chunk).length;
      if (behaviour.tokenDelayMs) await sleep(behaviour.tokenDelayMs);
    }
    send({}, "stop");
    if (includeUsage) {
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.model, choices: [], usage })}\n\n`,
      );
    }
    res.end("data: [DONE]\n\n");
  }

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const modelMatch = /^\/__control\/models\/(.+)$/.exec(path);
    if (req.method === "PUT" && modelMatch?.[1]) {
      models.set(decodeURIComponent(modelMatch[1]), (await readJson(req)) as Behaviour);
      return json(200, { ok: true });
    }
    if (req.method === "GET" && path === "/__control/requests") {
      return json(
        200,
        requests.map(({ headers: _headers, ...rest }) => rest),
      );
    }
    if (req.method === "POST" && path === "/__control/reset") {
      requests.length = 0;
      models.clear();
      for (const [name, behaviour] of Object.entries(options.models ?? {})) models.set(name, behaviour);
      return json(200, { ok: true });
    }
    return json(404, { error: { message: "unknown control endpoint", code: "not_found" } });
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const handle = async () => {
      if (path.startsWith("/__control/")) return control(req, res, path);
      if (req.method === "POST" && path === "/v1/chat/completions") return chatCompletions(req, res);
      if (req.method === "GET" && path === "/v1/models") {
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(
          JSON.stringify({
            object: "list",
            data: [...models.keys()].map((id) => ({ id, object: "model", owned_by: "fake" })),
          }),
        );
      }
      return sendError(res, 404, `no route for ${req.method} ${path}`, "not_found");
    };
    handle().catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return sendError(res, error.status, error.message, error.code);
      sendError(res, 500, error instanceof Error ? error.message : String(error), "server_error");
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    port,
    requests,
    setModel: (name, behaviour) => models.set(name, behaviour),
    reset: () => {
      requests.length = 0;
    },
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
