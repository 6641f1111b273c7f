import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type DirectRoute, directRoutes } from "./direct-routes";

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

/** A Node server answering through `routes`, and "next" (with 299) for whatever they leave. */
async function serve(routes: DirectRoute[]): Promise<string> {
  const answer = directRoutes(routes);
  server = http.createServer((req, res) => {
    if (!answer(req, res)) {
      res.statusCode = 299;
      res.end("next");
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function echoUrl(request: Request) {
  return new Response(request.url);
}

describe("the front door's direct routes", () => {
  it("hands a route its decoded parameters, its body and its headers, and sends what it answers", async () => {
    const base = await serve([
      {
        path: "/api/things/[id]/vote",
        module: {
          async POST(request, { params }) {
            const { id } = await params;
            const headers = new Headers({ "x-seen": request.headers.get("x-test") ?? "" });
            headers.append("set-cookie", "a=1");
            headers.append("set-cookie", "b=2");
            return Response.json(
              { id, body: await request.json(), url: new URL(request.url).search },
              { status: 201, headers },
            );
          },
        },
      },
    ]);
    const response = await fetch(`${base}/api/things/a%20b/vote?x=1`, {
      method: "POST",
      headers: { "x-test": "yes", "content-type": "application/json" },
      body: JSON.stringify({ winner: "tie" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-seen")).toBe("yes");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(response.headers.get("content-length")).not.toBeNull();
    expect(await response.json()).toEqual({ id: "a b", body: { winner: "tie" }, url: "?x=1" });
  });

  it("leaves other paths, methods the module lacks, trailing slashes and undecodable ids to Next", async () => {
    const base = await serve([
      {
        path: "/api/things/[id]",
        module: {
          GET() {
            return new Response("direct");
          },
        },
      },
    ]);
    const status = async (path: string, method = "GET") => (await fetch(base + path, { method })).status;
    expect(await status("/api/things/1")).toBe(200);
    expect(await status("/api/things/1", "DELETE")).toBe(299);
    expect(await status("/api/things/1/")).toBe(299);
    expect(await status("/api/things/%E0%A4%A")).toBe(299);
    expect(await status("/api/things")).toBe(299);
    expect(await status("/api/other/1")).toBe(299);
  });

  it("writes a streamed answer chunk by chunk as the route produces it", async () => {
    let release: () => void = () => undefined;
    const later = new Promise<void>((resolve) => {
      release = resolve;
    });
    const base = await serve([
      {
        path: "/stream",
        module: {
          GET() {
            return new Response(
              new ReadableStream({
                async start(controller) {
                  controller.enqueue(new TextEncoder().encode("first\n"));
                  await later;
                  controller.enqueue(new TextEncoder().encode("second\n"));
                  controller.close();
                },
              }),
              { headers: { "content-type": "application/x-ndjson" } },
            );
          },
        },
      },
    ]);
    const response = await fetch(`${base}/stream`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // the first line arrives while the route still holds the second
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first\n");
    release();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("second\n");
  });

  it("cancels the route's stream and aborts its request when the client goes away", async () => {
    let cancelled: () => void = () => undefined;
    const cancel = new Promise<void>((resolve) => {
      cancelled = resolve;
    });
    let aborted: Promise<void> = Promise.resolve();
    const base = await serve([
      {
        path: "/stream",
        module: {
          GET(request) {
            aborted = new Promise((resolve) => request.signal.addEventListener("abort", () => resolve()));
            return new Response(
              new ReadableStream({
                start(controller) {
                  controller.enqueue(new TextEncoder().encode("x"));
                },
                cancel: () => cancelled(),
              }),
            );
          },
        },
      },
    ]);
    const gone = new AbortController();
    const response = await fetch(`${base}/stream`, { signal: gone.signal });
    await (response.body as ReadableStream<Uint8Array>).getReader().read();
    gone.abort();
    await Promise.all([cancel, aborted]);
  });

  it("answers a route that throws with a 500 in the error shape, without internals", async () => {
    const base = await serve([
      {
        path: "/boom",
        module: {
          GET() {
            throw new Error("secret detail");
          },
        },
      },
    ]);
    const response = await fetch(`${base}/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe("internal_error");
    expect(text).not.toContain("secret detail");
  });

  it("gives the route a usable address whatever the Host header says", async () => {
    const base = await serve([{ path: "/where", module: { GET: echoUrl } }]);
    const { port } = new URL(base);
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: "/where", headers: { host: "bad host/@x" } }, (res) => {
        let text = "";
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end();
    });
    expect(body).toBe("http://localhost/where");
  });
});
