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
export async function* postEventStream(request: EventStreamRequest): AsyncGenerator<string[]> {
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
  let batch: string[] = [];
  let ended = false;
  let failed: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const parser = createParser({ onEvent: (event) => batch.push(event.data) });
  const decoder = new TextDecoder();
  response.on("data", (bytes: Buffer) => {
    parser.feed(decoder.decode(bytes, { stream: true }));
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
  try {
    for (;;) {
      if (batch.length > 0) {
        const events = batch;
        batch = [];
        yield events;
        continue;
      }
      if (failed) throw providerFailure(failed, request.signal);
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    // the reader stopped early (a malformed event, an abort): do not leave the connection streaming
    if (!response.complete) response.destroy();
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
