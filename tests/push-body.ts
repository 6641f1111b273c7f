// Sends a body over a raw connection, chunked or with a declared length, until the app answers: how the route
// fuzz and the abuse run test body ceilings. Shared by tests/integration and scripts/test-abuse.ts.
import crypto from "node:crypto";
import http from "node:http";

export interface Pushed {
  /** the answer's status; 0 when the connection was cut before any answer */
  status: number;
  body: string;
  /** bytes of body written before the answer came */
  written: number;
}

export function pushBody(
  url: string,
  options: {
    cookie?: string;
    contentType: string;
    declared?: number;
    total: number;
    headers?: Record<string, string>;
    /** bytes sent first (a multipart part's header), counted in `total` */
    prefix?: Buffer;
    /** random bytes rather than a letter repeated (what a disguised upload looks like) */
    random?: boolean;
  },
): Promise<Pushed> {
  return new Promise((resolve) => {
    let written = 0;
    let answered = false;
    const request = http.request(url, {
      method: "POST",
      headers: {
        "content-type": options.contentType,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
        ...(options.declared ? { "content-length": String(options.declared) } : {}),
      },
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, written });
      });
    });
    // the app may answer and close while we still write: the write fails (EPIPE) around the time the answer
    // arrives, in either order
    request.on("error", () => {
      setTimeout(() => {
        if (!answered) resolve({ status: 0, body: "", written });
      }, 1_000);
    });
    const chunk = options.random ? crypto.randomBytes(256 * 1024) : Buffer.alloc(256 * 1024, 0x61);
    if (options.declared) {
      // the declared length alone must be refused: send the headers, none of the body
      request.flushHeaders();
      return;
    }
    if (options.prefix && !options.declared) {
      written += options.prefix.length;
      request.write(options.prefix);
    }
    const pump = () => {
      while (!answered && written < options.total) {
        written += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** The error code of an answer in the arena's shape, if it is one. */
export function errorCode(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}
