// The transport under the OpenAI-compatible client: a POST whose answer is a stream of server-sent events. The
// body is read as a Node stream (fetch's web streams cost several times more per chunk) and split into events by
// eventsource-parser, and events are handed over in batches: one promise per wake-up of the reader rather than one
// per event (each promise also pays for the request's async context tracking). Network failures, timeouts and
// HTTP errors leave as ProviderErrors.
import http from "node:http";
import https from "node:https";
import { createParser } from "eventsource-parser";
import type { RefusalDetail } from "./param-rules";
import { ProviderError, retryAfterSeconds } from "./types";

// keep connections to providers open between requests
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 256 });

export interface EventStreamRequest {
  url: URL;
  body: string;
  bearer?: string;
  signal?: AbortSignal;
}

function httpError(status: number, retryAfter?: string | string[], detail?: RefusalDetail): ProviderError {
  if (status === 429)
    return new ProviderError(
      "the model's provider is rate-limiting requests; try again shortly",
      "provider_rate_limited",
      429,
      retryAfterSeconds(retryAfter),
    );
  return new ProviderError(visitorMessage(status), "provider_error", status, undefined, detail);
}

/** What a visitor reads when a provider refuses: never a raw HTTP status. */
export function visitorMessage(status: number): string {
  if (status >= 500) return "This model's service had a problem answering; press Retry.";
  if (status === 401 || status === 403 || status === 404) return "This model is not available right now.";
  return "This model could not answer this request.";
}

/** The most of an error body read for its detail. */
const ERROR_BODY_BYTES = 16 * 1024;

/** An OpenAI-shaped error body's message, param and code, read within ERROR_BODY_BYTES; undefined otherwise. */
async function refusalDetail(response: http.IncomingMessage): Promise<RefusalDetail | undefined> {
  let text = "";
  try {
    for await (const chunk of response) {
      text += chunk;
      if (text.length > ERROR_BODY_BYTES) break;
    }
    const error = (JSON.parse(text) as { error?: { message?: unknown; param?: unknown; code?: unknown } }).error;
    const field = (value: unknown) => (typeof value === "string" ? value.slice(0, 1000) : undefined);
    return error ? { message: field(error.message), param: field(error.param), code: field(error.code) } : undefined;
  } catch {
    return undefined;
  } finally {
    response.destroy();
  }
}

function send({ url, body, bearer, signal }: EventStreamRequest): Promise<http.IncomingMessage> {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const secure = url.protocol === "https:";
    const request = (secure ? https : http).request(url, {
      method: "POST",
      agent: secure ? httpsAgent : httpAgent,
      headers: {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
        Accept: "text/event-stream",
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      signal,
    });
    request.on("response", resolve);
    request.on("error", reject);
    request.end(body);
  });
}

/** The `data` of each event the server sends, in batches, until the stream ends; throws a ProviderError. */
export async function postEventStream(request: EventStreamRequest): Promise<AsyncIterableIterator<string[]>> {
  let response: http.IncomingMessage;
  try {
    response = await send(request);
  } catch (error) {
    throw providerFailure(error, request.signal);
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    // a refused request says why (a parameter the model does not take): read it; other failures are drained
    if (status === 400 || status === 422) throw httpError(status, undefined, await refusalDetail(response));
    response.resume();
    throw httpError(status, response.headers["retry-after"]);
  }
  return new EventBatches(response, request.signal);
}

type Batch = IteratorResult<string[], undefined>;

/**
 * A response's events, in batches: each wake-up of the reader hands over every event that came since the last.
 * An iterator of its own rather than a generator: the reader's promise is settled right from the socket's data
 * handler, where a generator paid a few more promises per batch, each seen by the async context hooks.
 */
class EventBatches implements AsyncIterableIterator<string[]> {
  private batch: string[] = [];
  private ended = false;
  private failed: unknown = null;
  private waiting: { resolve: (result: Batch) => void; reject: (error: unknown) => void } | null = null;

  constructor(
    private readonly response: http.IncomingMessage,
    private readonly signal: AbortSignal | undefined,
  ) {
    const parser = createParser({ onEvent: (event) => this.batch.push(event.data) });
    const decoder = new TextDecoder();
    response.on("data", (bytes: Buffer) => {
      parser.feed(decoder.decode(bytes, { stream: true }));
      this.wake();
    });
    response.on("end", () => {
      this.ended = true;
      this.wake();
    });
    response.on("error", (error) => {
      this.failed ??= error;
      this.wake();
    });
    response.on("close", () => {
      if (!response.complete)
        this.failed ??= new ProviderError("the model's answer stopped unexpectedly", "provider_error");
      this.ended = true;
      this.wake();
    });
  }

  next(): Promise<Batch> {
    if (this.waiting) return Promise.reject(new Error("one batch at a time"));
    return new Promise((resolve, reject) => {
      if (this.ready()) this.settle(resolve, reject);
      else this.waiting = { resolve, reject };
    });
  }

  /** The reader stopped early (a malformed event, an abort): the connection is not left streaming. */
  return(): Promise<Batch> {
    this.ended = true;
    this.stop();
    return Promise.resolve({ done: true, value: undefined });
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  /** Settles the waiting reader, if there is one and something to tell it. */
  private wake() {
    const waiting = this.waiting;
    if (!waiting || !this.ready()) return;
    this.waiting = null;
    this.settle(waiting.resolve, waiting.reject);
  }

  private ready() {
    return this.batch.length > 0 || this.failed !== null || this.ended;
  }

  /** What the reader gets now: the events so far, else the failure, else the end. */
  private settle(resolve: (result: Batch) => void, reject: (error: unknown) => void) {
    if (this.batch.length > 0) {
      const events = this.batch;
      this.batch = [];
      resolve({ done: false, value: events });
      return;
    }
    this.stop();
    if (this.failed) reject(providerFailure(this.failed, this.signal));
    else resolve({ done: true, value: undefined });
  }

  private stop() {
    if (!this.response.complete) this.response.destroy();
  }
}

/** What a failed request or stream means to the visitor. */
export function providerFailure(error: unknown, signal?: AbortSignal): ProviderError {
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
