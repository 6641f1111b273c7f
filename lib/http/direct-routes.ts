// The busiest routes (a battle's opening, its streamed answers, the vote, the leaderboard API) answered by the front
// door itself, on Node's request and response, with the very same route modules Next serves (app/api/.../route.ts,
// compiled ahead of time by scripts/build-direct-routes.mjs). Next's request path costs ~3 ms of CPU even for a
// route that only answers 404 (463 requests/s on this 2-core machine, against 1,274/s for a bare Node server under
// the same load), which alone was more than the vote's whole budget (1.2 ms). A method a module does not export, a
// trailing slash or an undecodable id is left to Next, so every answer the routes give stays the one Next would give.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

export type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>>;

/** A route as Next names it (`/api/conversations/[id]/vote`) with its module. */
export interface DirectRoute {
  path: string;
  module: RouteModule;
}

type Segment = string | { param: string };

function segmentsOf(path: string): Segment[] {
  return path
    .split("/")
    .slice(1)
    .map((s) => (s.startsWith("[") && s.endsWith("]") ? { param: s.slice(1, -1) } : s));
}

/** The route's parameters when `parts` is its path, else null. */
function matchParams(route: Segment[], parts: string[]): Record<string, string> | null {
  if (route.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < route.length; i++) {
    const want = route[i] as Segment;
    const part = parts[i] as string;
    if (typeof want === "string") {
      if (want !== part) return null;
    } else {
      if (!part) return null;
      try {
        params[want.param] = decodeURIComponent(part);
      } catch {
        return null;
      }
    }
  }
  return params;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.append(name, value);
  }
  return headers;
}

function originOf(req: IncomingMessage): string {
  const host = req.headers.host;
  if (host && !/[\s/?#@\\]/.test(host)) {
    try {
      return new URL(`http://${host}`).origin;
    } catch {
      // an unusable Host header: the route sees localhost
    }
  }
  return "http://localhost";
}

function requestOf(req: IncomingMessage, url: string, signal: AbortSignal): Request {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(originOf(req) + url, {
    method: req.method,
    headers: headersOf(req),
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    signal,
    // a streamed request body: undici's option for it is not in the DOM's RequestInit
    ...({ duplex: "half" } as object),
  });
}

const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  // a JSON answer in one write (with its length); anything else, such as the answers' NDJSON, chunk by chunk as
  // it comes, so a token is on the wire the moment the route has it
  if ((response.headers.get("content-type") ?? "").startsWith("application/json")) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  const reader = response.body.getReader();
  // a browser that leaves cancels the body, as Next does (the answers are still finished and stored)
  const gone = () => void reader.cancel().catch(() => undefined);
  res.once("close", gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } finally {
    res.off("close", gone);
  }
}

function internalError(res: ServerResponse, error: unknown) {
  console.error("unexpected error in a direct route:", error instanceof Error ? error.message : error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({
    error: { code: "internal_error", message: "something went wrong on our side; please try again" },
  });
  res.writeHead(500, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * The front door's dispatcher: answers a request whose path and method one of `routes` takes and returns true,
 * or returns false and leaves the request to Next.
 */
export function directRoutes(routes: DirectRoute[]) {
  const compiled = routes.map((r) => ({ segments: segmentsOf(r.path), module: r.module }));
  return function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const parts = (query < 0 ? url : url.slice(0, query)).split("/").slice(1);
    for (const route of compiled) {
      const params = matchParams(route.segments, parts);
      if (!params) continue;
      const handler = route.module[req.method as keyof RouteModule];
      if (!handler) return false;
      const aborted = new AbortController();
      res.once("close", () => {
        if (!res.writableFinished) aborted.abort();
      });
      Promise.resolve()
        .then(() => handler(requestOf(req, url, aborted.signal), { params: Promise.resolve(params) }))
        .then((response) => send(response, res))
        .catch((error) => internalError(res, error));
      return true;
    }
    return false;
  };
}
