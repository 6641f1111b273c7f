import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import {
  answerClientError,
  bodyCeiling,
  clientAddress,
  closeWhenAnsweredEarly,
  crossSiteAction,
  limitBody,
  parseTrustedProxies,
  publicOrigin,
  refusal,
  SMALL_BODY_CEILING,
  uploadCeiling,
} from "./front-door.mjs";

/** A server whose handler reads the whole body (as Auth.js does) behind the front door's body ceiling. */
async function readingServer(limit: number) {
  const bodies: number[] = [];
  const server = http.createServer((req, res) => {
    limitBody(req, res, limit);
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      bodies.push(size);
    });
    req.on("end", () => {
      if (!res.headersSent) res.end("read");
    });
    req.on("error", () => undefined); // the connection closed under a cut body
  });
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { server, port, bodies };
}

/** Writes `total` bytes chunked (no Content-Length) until the server answers. */
function push(port: number, total: number) {
  return new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request = http.request({ port, host: "127.0.0.1", method: "POST", path: "/x" });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, written }));
    });
    request.on("error", (error) => setTimeout(() => !answered && reject(error), 500));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe("the front door", () => {
  it("takes the socket's peer as the client unless it is a trusted proxy, then reads X-Forwarded-For from the right", () => {
    const none = parseTrustedProxies("");
    expect(clientAddress("203.0.113.7", "1.2.3.4", none)).toBe("203.0.113.7");
    const proxies = parseTrustedProxies("10.0.0.0/8, loopback");
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.9, 10.1.2.3", proxies)).toBe("198.51.100.9");
    // a client's own first hop is ignored: only what trusted hops appended counts
    expect(clientAddress("10.0.0.5", "6.6.6.6, 198.51.100.9", proxies)).toBe("198.51.100.9");
    expect(clientAddress("10.0.0.5", "not-an-address", proxies)).toBe("10.0.0.5");
    expect(() => parseTrustedProxies("10.0.0.0/99")).toThrow(/bad prefix length/);
    expect(() => parseTrustedProxies("example.org")).toThrow(/not an address or CIDR/);
  });

  it("decides the public origin: configured, else a trusted proxy's forwarded host and scheme, else Host", () => {
    const req = (headers: Record<string, string>) => ({ headers, socket: {} }) as never;
    const forwarded = {
      host: "10.0.0.7:3000",
      "x-forwarded-host": "arena.example.org, inner",
      "x-forwarded-proto": "https",
    };
    expect(publicOrigin(req(forwarded), true, undefined)).toBe("https://arena.example.org");
    // from anyone else, what they forward is not believed
    expect(publicOrigin(req(forwarded), false, undefined)).toBe("http://10.0.0.7:3000");
    expect(publicOrigin(req(forwarded), true, "https://configured.example")).toBe("https://configured.example");
    // a host that is no host name, or a scheme that is no scheme, decides nothing
    for (const host of ["evil.example/path", "a b", "x@evil.example", ""])
      expect(publicOrigin(req({ host }), false, undefined)).toBeNull();
    expect(publicOrigin(req({ host: "a.example", "x-forwarded-proto": "javascript" }), true, undefined)).toBeNull();
    expect(publicOrigin(req({ host: "[::1]:3000" }), false, undefined)).toBe("http://[::1]:3000");
  });

  it("refuses a server action posted from another site (403, where Next answered 500), lets same-site ones through", () => {
    const action = (origin: string | undefined, method = "POST") =>
      ({
        method,
        headers: {
          "next-action": "7f00",
          "x-arena-origin": "https://arena.example.org",
          ...(origin ? { origin } : {}),
        },
      }) as never;
    expect(crossSiteAction(action("http://evil.example"))).toMatchObject({ status: 403, code: "cross_site_action" });
    expect(crossSiteAction(action("null"))).toMatchObject({ status: 403 });
    expect(crossSiteAction(action("https://arena.example.org"))).toBeNull();
    expect(crossSiteAction(action(undefined))).toBeNull();
    expect(crossSiteAction(action("http://evil.example", "GET"))).toBeNull();
  });

  it("refuses NULs, malformed escapes and declared bodies over the upload ceiling", () => {
    const request = (url: string, headers: Record<string, string> = {}, method = "POST") =>
      ({ url, headers, method }) as never;
    expect(refusal(request("/api/x?c=%00"), 10)).toMatchObject({ status: 400, code: "nul_byte" });
    // methods Next's adapter throws on (a 500 each, once) are a 405 at the door, with Allow
    for (const method of ["TRACE", "CONNECT", "PROPFIND", "track"])
      expect(refusal(request("/api/health", {}, method), 10)).toMatchObject({
        status: 405,
        code: "method_not_allowed",
        headers: { allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
      });
    expect(refusal(request("/api/health", {}, "OPTIONS"), 10)).toBeNull();
    expect(refusal(request("/api/%E0%A4%A"), 10)).toMatchObject({ status: 400, code: "bad_url" });
    expect(refusal(request("/api/x", { "content-length": "11" }), 10)).toMatchObject({ status: 413 });
    expect(refusal(request("/api/x", { "content-length": "10" }), 10)).toBeNull();
    expect(uploadCeiling(parseConfig({}))).toBe(61 * 1048576);
    expect(uploadCeiling(parseConfig({ ARENA_MAX_IMAGES: "2", ARENA_IMAGE_MAX_MB: "5" }))).toBe(11 * 1048576);
  });

  it("cuts a chunked body on the bytes read, whoever reads it: 413 in the error shape, the rest never buffered", async () => {
    const { server, port, bodies } = await readingServer(256 * 1024);
    try {
      const small = await push(port, 128 * 1024);
      expect(small).toMatchObject({ status: 200, body: "read" });
      const big = await push(port, 64 * 1024 * 1024);
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body).error).toMatchObject({ code: "body_too_large" });
      expect(big.written).toBeLessThan(16 * 1024 * 1024);
      // the handler never received more than the ceiling
      expect(bodies.length).toBeGreaterThan(0);
      expect(Math.max(...bodies)).toBeLessThanOrEqual(256 * 1024);
    } finally {
      server.close();
    }
  });

  it("closes a connection answered before its body was in, after the answer and a moment's linger", async () => {
    // a route that answers at once, without reading the body (as admission refuses an upload), and one that reads it
    const server = http.createServer((req, res) => {
      closeWhenAnsweredEarly(req, res);
      if (req.url === "/read") {
        req.resume();
        req.on("end", () => res.end("read"));
        return;
      }
      res.writeHead(503, { "content-type": "application/json" });
      res.end('{"error":{"code":"busy"}}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
      await new Promise((resolve) => socket.once("connect", resolve));
      const sent = performance.now();
      let answer = "";
      socket.on("data", (chunk: Buffer) => {
        answer += chunk.toString("latin1");
      });
      socket.on("error", () => undefined);
      const ended = new Promise<number>((resolve) => socket.once("end", () => resolve(performance.now() - sent)));
      const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now() - sent)));
      socket.write("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n");
      // the client goes on sending its body, as a browser does, until the server closes
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = setInterval(() => {
        if (!socket.destroyed) socket.write(chunk);
      }, 20);
      const [endedMs, closedMs] = await Promise.all([ended, closed]);
      clearInterval(pump);
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer.toLowerCase()).toContain("connection: close");
      expect(answer).toContain('{"error":{"code":"busy"}}');
      // our side ended once the answer was out; the socket closed about a second later, not at once
      expect(closedMs - endedMs).toBeGreaterThan(250);
      // a request whose body is in keeps its connection
      const kept = await fetch(`http://127.0.0.1:${port}/read`, { method: "POST", body: "small" });
      expect(await kept.text()).toBe("read");
      expect(kept.headers.get("connection")).not.toBe("close");
    } finally {
      server.close();
    }
  });

  it("answers what Node's parser refuses (over-long headers, bad syntax) in the error shape", async () => {
    const { server, port } = await readingServer(1024);
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
        let answer = "";
        socket.on("data", (chunk) => {
          answer += chunk;
        });
        socket.on("close", () => resolve(answer));
      });
    try {
      const long = await raw(`GET /?q=${"x".repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
      expect(long).toMatch(/^HTTP\/1\.1 431/);
      expect(JSON.parse(long.slice(long.indexOf("\r\n\r\n") + 4)).error.code).toBe("headers_too_large");
      const bad = await raw("NOT HTTP AT ALL\r\n\r\n");
      expect(bad).toMatch(/^HTTP\/1\.1 400/);
      expect(JSON.parse(bad.slice(bad.indexOf("\r\n\r\n") + 4)).error.code).toBe("bad_request");
    } finally {
      server.close();
    }
  });

  it("gives uploads their ceiling only where images are taken", () => {
    const c = parseConfig({});
    const req = (method: string, url: string, type = "application/json") =>
      ({ method, url, headers: { "content-type": type } }) as never;
    expect(bodyCeiling(req("POST", "/api/conversations"), c)).toBe(uploadCeiling(c));
    expect(bodyCeiling(req("POST", "/api/conversations?x=1"), c)).toBe(uploadCeiling(c));
    // a follow-up with new images comes as a form; as JSON it is text only
    const form = "multipart/form-data; boundary=x";
    expect(bodyCeiling(req("POST", "/api/conversations/1/messages", form), c)).toBe(uploadCeiling(c));
    expect(bodyCeiling(req("POST", "/api/conversations/1/report", form), c)).toBe(SMALL_BODY_CEILING);
    for (const url of ["/api/conversations/1/messages", "/api/auth/callback/credentials", "/signin", "/"])
      expect(bodyCeiling(req("POST", url), c)).toBe(SMALL_BODY_CEILING);
  });
});
