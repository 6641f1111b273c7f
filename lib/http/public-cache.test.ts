import http from "node:http";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { publicCache } from "./public-cache.mjs";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server behind the cache whose handler counts its calls and answers as the test says. */
async function cachedServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void, ttlMs = 1000) {
  let clock = 0;
  const cache = publicCache({ ttlMs, now: () => clock });
  let calls = 0;
  const server = http.createServer((req, res) => {
    if (cache.serve(req, res)) return;
    cache.record(req, res);
    calls++;
    answer(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request({ port, host: "127.0.0.1", path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      request.on("error", reject);
      request.end();
    });
  return { get, calls: () => calls, advance: (ms: number) => (clock += ms) };
}

const board = JSON.stringify({ models: Array.from({ length: 50 }, (_, i) => ({ model: `m${i}`, rating: 1000 + i })) });
const publicBoard = (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.setHeader("content-type", "application/json");
  res.setHeader("etag", '"v1"');
  res.setHeader("cache-control", "public, max-age=60");
  // written in two pieces, as a stream would
  res.write(board.slice(0, 100));
  res.end(board.slice(100));
};

describe("the front door's cache of public API responses", () => {
  it("answers a public leaderboard response again from memory, compressed as asked, until it expires", async () => {
    const s = await cachedServer(publicBoard);
    const first = await s.get("/api/leaderboard?category=overall");
    expect(first.body.toString()).toBe(board);
    expect(first.headers["x-arena-cache"]).toBeUndefined();
    const second = await s.get("/api/leaderboard?category=overall");
    expect(s.calls()).toBe(1);
    expect(second).toMatchObject({ status: 200, headers: { "x-arena-cache": "hit", etag: '"v1"' } });
    expect(second.headers["content-type"]).toBe("application/json");
    expect(second.body.toString()).toBe(board);
    const br = await s.get("/api/leaderboard?category=overall", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(board);
    const gzip = await s.get("/api/leaderboard?category=overall", { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(board);
    expect((await s.get("/api/leaderboard?category=overall", { "if-none-match": '"v1"' })).status).toBe(304);
    // another query is another response
    await s.get("/api/leaderboard?category=ocr");
    expect(s.calls()).toBe(2);
    s.advance(1001);
    await s.get("/api/leaderboard?category=overall");
    expect(s.calls()).toBe(3);
  });

  it("honours q-values on a hit: an encoding refused with q=0 is never sent (issue 40)", async () => {
    const s = await cachedServer(publicBoard);
    await s.get("/api/leaderboard?category=overall");
    const refused = await s.get("/api/leaderboard?category=overall", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["x-arena-cache"]).toBe("hit");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(board);
    const gzipOnly = await s.get("/api/leaderboard?category=overall", { "accept-encoding": "br;q=0, gzip" });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    const preferred = await s.get("/api/leaderboard?category=overall", { "accept-encoding": "br;q=0.5, gzip;q=0.9" });
    expect(preferred.headers["content-encoding"]).toBe("gzip");
    // nothing acceptable that the cache keeps: Next answers it (here: the handler, a second call)
    await s.get("/api/leaderboard?category=overall", { "accept-encoding": "identity;q=0, br;q=0, gzip;q=0" });
    expect(s.calls()).toBe(2);
  });

  it("keeps nothing private, personal, failed, unlisted or not a GET, and nothing when turned off", async () => {
    const variants: Record<string, (res: http.ServerResponse) => void> = {
      "/api/leaderboard?private": (res) => res.setHeader("cache-control", "private, max-age=60"),
      "/api/leaderboard?cookie": (res) => res.setHeader("set-cookie", "a=b"),
      "/api/leaderboard?failed": (res) => {
        res.statusCode = 404;
      },
      "/api/models": () => {},
    };
    const s = await cachedServer((req, res) => {
      res.setHeader("etag", '"v1"');
      res.setHeader("cache-control", "public, max-age=60");
      variants[req.url as string]?.(res);
      res.end("body");
    });
    for (const path of Object.keys(variants)) {
      await s.get(path);
      await s.get(path);
    }
    expect(s.calls()).toBe(8);
    await s.get("/api/leaderboard", {}, "POST");
    await s.get("/api/leaderboard", {}, "POST");
    expect(s.calls()).toBe(10);
    const off = await cachedServer(publicBoard, 0);
    await off.get("/api/leaderboard");
    await off.get("/api/leaderboard");
    expect(off.calls()).toBe(2);
  });
});
