// A fake model server that speaks the OpenAI chat-completions, Anthropic messages and Gemini generateContent
// protocols (JSON and SSE streaming, images), with replies, pacing and failures configurable per model. Tests drive
// the real provider adapters against it. Control endpoints under /__control let a test in another process
// change behaviour.
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Behaviour,
  chunksOf,
  defaultReply,
  fakeEmbedding,
  judgeReply,
  type RecordedRequest,
  refusedParameter,
  sleep,
  tokenize,
} from "./behaviour";
import { HttpError, openai, PROTOCOLS, type Protocol } from "./protocols";

export interface FakeServerOptions {
  port?: number;
  /** behaviour per model name; models not listed use `fallback` */
  models?: Record<string, Behaviour>;
  /** behaviour for any model not listed; when undefined, unknown models get 404 */
  fallback?: Behaviour;
  /** when set, requests must carry the key the way their protocol sends it */
  apiKey?: string;
  /** what /v1/moderations flags: text containing `flagText`, and every image when `flagImages` */
  moderation?: { flagText?: string; flagImages?: boolean };
}

export interface FakeModelServer {
  url: string;
  /** the base URL an OpenAI client wants (…/v1); Anthropic uses the same, Gemini `${url}/v1beta` */
  baseURL: string;
  port: number;
  requests: RecordedRequest[];
  setModel(name: string, behaviour: Behaviour): void;
  /** what /v1/moderations flags from now on */
  setModeration(settings: { flagText?: string; flagImages?: boolean }): void;
  reset(): void;
  close(): Promise<void>;
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

export async function startFakeModelServer(options: FakeServerOptions = {}): Promise<FakeModelServer> {
  const models = new Map(Object.entries(options.models ?? {}));
  const requests: RecordedRequest[] = [];
  const open = new Set<http.ServerResponse>();
  const behaviourFor = (model: string): Behaviour | undefined => models.get(model) ?? options.fallback;
  const requestsPerModel = new Map<string, number>();

  async function answer(
    protocol: Protocol,
    route: { model?: string },
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
  ) {
    if (options.apiKey && !protocol.authorised(req.headers, options.apiKey)) {
      return protocol.error(res, 401, "invalid API key");
    }
    const body = await readJson(req);
    const request = protocol.parse(body, req.headers, route, url);
    requests.push(request);
    const behaviour = behaviourFor(request.model);
    if (!behaviour) return protocol.error(res, 404, `The model '${request.model}' does not exist`);
    const refused = protocol.name === "openai" ? refusedParameter(behaviour, request.params) : null;
    if (refused) {
      const text = JSON.stringify({ error: { ...refused, type: "invalid_request_error" } });
      res.writeHead(400, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
      return res.end(text);
    }
    // a failure rate below 1 fails that share of requests, at random (fault tests: "10% of streams cut")
    const seen = (requestsPerModel.get(request.model) ?? 0) + 1;
    requestsPerModel.set(request.model, seen);
    const failing = behaviour.failFirst === undefined || seen <= behaviour.failFirst;
    const failure =
      behaviour.failure && failing && Math.random() < (behaviour.failureRate ?? 1) ? behaviour.failure : undefined;
    if (failure?.kind === "http") {
      await sleep(behaviour.firstTokenDelayMs ?? 0);
      const headers = failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : {};
      return protocol.error(res, failure.status, failure.message ?? `fake failure ${failure.status}`, headers);
    }
    if (failure?.kind === "hang" && !failure.afterTokens) return; // never answer; the connection stays open

    const bySystem = behaviour.repliesBySystem?.find((r) => request.system?.includes(r.includes));
    const reply = behaviour.judgeRanking
      ? judgeReply(request, behaviour.judgeRanking, behaviour.judgeForgetsVerdict ?? false)
      : (bySystem?.reply ?? behaviour.reply ?? defaultReply(request));
    const tokens = tokenize(reply);
    const usage = {
      input: 10 + request.images.length * 85,
      output: tokens.length,
      reasoning: behaviour.reasoning ? tokenize(behaviour.reasoning.text).length : undefined,
    };
    await sleep(behaviour.firstTokenDelayMs ?? 0);
    if (!request.stream) return protocol.json(res, request, reply, usage);

    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    res.flushHeaders();
    open.add(res);
    let ended = false;
    res.on("close", () => {
      open.delete(res);
      // the client hung up before the stream's end (a Stop, a timeout, an answer cut at its ceiling)
      if (!ended) request.closedByClient = true;
    });
    const writer = protocol.writer(res, request, protocol.wantsUsage?.(body) ?? true);
    writer.start();
    if (behaviour.reasoning && protocol.name === "openai") {
      for (const piece of chunksOf(tokenize(behaviour.reasoning.text), behaviour.chunkSize ?? 1)) {
        if (res.destroyed) return;
        writer.reasoning?.(behaviour.reasoning.field, piece);
        if (behaviour.tokenDelayMs) await sleep(behaviour.tokenDelayMs);
      }
    }
    let sent = 0;
    for (const chunk of chunksOf(tokens, behaviour.chunkSize ?? 1)) {
      if (res.destroyed) return;
      if ((failure?.kind === "cut" || failure?.kind === "hang") && sent >= (failure.afterTokens ?? 0)) {
        ended = true;
        if (failure.kind === "cut") res.destroy();
        return; // hang: leave the stream open and silent
      }
      writer.delta(chunk);
      sent += tokenize(chunk).length;
      if (behaviour.tokenDelayMs) await sleep(behaviour.tokenDelayMs);
    }
    ended = true;
    writer.finish(usage);
  }

  // OpenAI's embeddings endpoint: deterministic vectors, recorded like chat requests (as one user text per input)
  async function embeddings(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = (await readJson(req)) as { model?: string; input?: string | string[] };
    const inputs = typeof body.input === "string" ? [body.input] : (body.input ?? []);
    const model = body.model ?? "";
    requests.push({
      protocol: "openai",
      model,
      stream: false,
      userTexts: inputs,
      images: [],
      messageCount: 0,
      headers: req.headers,
      receivedAt: Date.now(),
    });
    if (!behaviourFor(model)) return openai.error(res, 404, `The model '${model}' does not exist`);
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        object: "list",
        model,
        data: inputs.map((input, index) => ({ object: "embedding", index, embedding: fakeEmbedding(input) })),
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      }),
    );
  }

  // OpenAI's moderation endpoint: a text or a list of text and image_url parts in, one result for them all out
  let moderation = { ...options.moderation };
  async function moderations(req: http.IncomingMessage, res: http.ServerResponse) {
    type Part = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
    const body = (await readJson(req)) as { model?: string; input?: string | string[] | Part[] };
    const parts: Part[] = (typeof body.input === "string" ? [body.input] : (body.input ?? [])).map((p) =>
      typeof p === "string" ? { type: "text", text: p } : p,
    );
    const texts = parts.flatMap((p) => (p.type === "text" ? [p.text] : []));
    const images = parts.flatMap((p) => {
      if (p.type !== "image_url") return [];
      const match = /^data:([^;]+);base64,(.*)$/.exec(p.image_url.url);
      return [{ mediaType: match?.[1] ?? "url", bytes: match ? Buffer.from(match[2] ?? "", "base64").length : 0 }];
    });
    const model = body.model ?? "omni-moderation-latest";
    requests.push({
      protocol: "openai",
      model,
      stream: false,
      userTexts: texts,
      images,
      messageCount: 0,
      headers: req.headers,
      receivedAt: Date.now(),
    });
    const sexualText =
      moderation.flagText !== undefined && texts.some((t) => t.includes(moderation.flagText as string));
    const sexualImage = Boolean(moderation.flagImages) && images.length > 0;
    const flagged = sexualText || sexualImage;
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        id: `modr-${requests.length}`,
        model,
        results: [
          {
            flagged,
            categories: { sexual: flagged, violence: false, harassment: false },
            category_scores: { sexual: flagged ? 0.97 : 0.001, violence: 0.001, harassment: 0.001 },
            category_applied_input_types: {
              sexual: [...(texts.length ? ["text"] : []), ...(images.length ? ["image"] : [])],
              violence: [],
              harassment: [],
            },
          },
        ],
      }),
    );
  }

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const modelMatch = /^\/__control\/models\/(.+)$/.exec(path);
    if (req.method === "PUT" && modelMatch?.[1]) {
      models.set(decodeURIComponent(modelMatch[1]), (await readJson(req)) as Behaviour);
      return reply(200, { ok: true });
    }
    if (req.method === "GET" && path === "/__control/requests") {
      return reply(
        200,
        requests.map(({ headers: _headers, ...rest }) => rest),
      );
    }
    if (req.method === "POST" && path === "/__control/reset") {
      requests.length = 0;
      models.clear();
      for (const [name, behaviour] of Object.entries(options.models ?? {})) models.set(name, behaviour);
      return reply(200, { ok: true });
    }
    return reply(404, { error: { message: "unknown control endpoint", code: "not_found" } });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    let protocol: Protocol = openai;
    const handle = async () => {
      if (path.startsWith("/__control/")) return control(req, res, path);
      if (req.method === "GET" && path === "/v1/models") {
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(
          JSON.stringify({
            object: "list",
            data: [...models.keys()].map((id) => ({ id, object: "model", owned_by: "fake" })),
          }),
        );
      }
      if (req.method === "POST" && path === "/v1/embeddings") return embeddings(req, res);
      if (req.method === "POST" && path === "/v1/moderations") return moderations(req, res);
      for (const candidate of PROTOCOLS) {
        const route = candidate.route(req.method ?? "GET", path);
        if (route) {
          protocol = candidate;
          return answer(candidate, route, req, res, url);
        }
      }
      return openai.error(res, 404, `no route for ${req.method} ${path}`);
    };
    handle().catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return protocol.error(res, error.status, error.message);
      protocol.error(res, 500, error instanceof Error ? error.message : String(error));
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
    setModeration: (settings) => {
      moderation = { ...settings };
    },
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
