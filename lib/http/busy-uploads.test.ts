import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admission, admitUpload, refusalNow } from "../arena";
import { signValue } from "../security";
import { refuseBusyUpload } from "./busy-uploads";
import { errorToResponse } from "./route";
import { VISITOR_COOKIE } from "./visitor";

const settings = {
  ARENA_UPLOADS_IN_FLIGHT: "1",
  ARENA_UPLOAD_MB_IN_FLIGHT: "10",
  ARENA_UPLOADS_QUEUE: "0",
  ARENA_UPLOADS_PER_VISITOR: "2",
  ARENA_NSFW_CHECK: "0",
  ARENA_UPLOAD_WAIT_MS: "100000",
};

// a front door that refuses busy uploads and otherwise answers 204, as the web server's would hand on to a route
const server = http.createServer((req, res) => {
  if (refuseBusyUpload(req, res)) return;
  req.resume();
  req.on("end", () => {
    res.writeHead(204);
    res.end();
  });
});
let base = "";
const cookieOf = (visitorId: string) => `${VISITOR_COOKIE}=${encodeURIComponent(signValue(visitorId))}`;
const post = (path: string, bytes = 100_000, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { "content-type": "multipart/form-data; boundary=x", cookie: cookieOf("visitor"), ...headers },
  });

describe("the front door's refusal of busy uploads", () => {
  const saved: Record<string, string | undefined> = {};
  let held: Admission[] = [];
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    for (const [name, value] of Object.entries(settings)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterEach(() => {
    for (const admission of held) admission.release();
    held = [];
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it("lets every upload through while admission has room", async () => {
    expect((await post("/api/conversations")).status).toBe(204);
    expect((await post("/api/conversations/abc/messages")).status).toBe(204);
  });

  it("answers an upload the route would refuse as busy with the route's own answer, from its headers", async () => {
    // the one place taken and no queue: the next upload would be refused by the route's admission
    held.push(await admitUpload("holder", { images: true, bytes: 1_000_000 }));
    const expected = errorToResponse(refusalNow("visitor", { images: true, bytes: 100_000 }));
    for (const path of ["/api/conversations", "/api/conversations/abc/messages", "/api/conversations?x=1"]) {
      const answer = await post(path);
      expect(answer.status, path).toBe(expected.status);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe(expected.headers.get("retry-after"));
      expect(answer.headers.get("content-type")).toBe("application/json");
      expect(await answer.json()).toEqual(await expected.clone().json());
    }
    // nothing else is touched: other routes and methods, look-alike paths, a follow-up without images (JSON), and a
    // request without a visitor (its route asks for the terms first)
    expect((await fetch(`${base}/api/conversations`)).status).toBe(204);
    expect((await post("/api/conversations/abc/vote")).status).toBe(204);
    expect((await post("/api/conversationsx")).status).toBe(204);
    expect((await post("/api/conversations/")).status).toBe(204);
    expect((await post("/api/conversations/abc/messages/x")).status).toBe(204);
    expect((await post("/api/conversations/abc/messages", 100, { "content-type": "application/json" })).status).toBe(
      204,
    );
    expect((await post("/api/conversations", 100_000, { cookie: "" })).status).toBe(204);
    expect((await post("/api/conversations", 100_000, { cookie: `${VISITOR_COOKIE}=forged.value` })).status).toBe(204);
    // once the place is free, uploads go through again
    held.pop()?.release();
    expect((await post("/api/conversations")).status).toBe(204);
  });

  it("refuses a visitor past its own cap with the route's 429, before the work ahead", async () => {
    process.env.ARENA_UPLOADS_IN_FLIGHT = "10";
    held.push(await admitUpload("visitor", { images: true, bytes: 1_000_000 }));
    held.push(await admitUpload("visitor", { images: true, bytes: 1_000_000 }));
    process.env.ARENA_UPLOAD_WAIT_MS = "10";
    const expected = errorToResponse(refusalNow("visitor", { images: true, bytes: 100_000 }));
    const answer = await post("/api/conversations");
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual(await expected.json());
    expect(answer.headers.get("retry-after")).toBe("1");
    // another visitor meets the work ahead
    expect((await post("/api/conversations", 100_000, { cookie: cookieOf("other") })).status).toBe(503);
  });

  it("refuses for the work ahead only an upload that may hold images", async () => {
    process.env.ARENA_UPLOADS_IN_FLIGHT = "10";
    process.env.ARENA_UPLOADS_QUEUE = "5";
    held.push(await admitUpload("holder", { images: true, bytes: 1_000_000 }));
    // one upload ahead at the unmeasured pace (45 ms) passes a 10 ms budget
    process.env.ARENA_UPLOAD_WAIT_MS = "10";
    expect((await post("/api/conversations")).status).toBe(503);
    // a form of text alone (a preset's battle) declares 64 KB or less: nothing to classify
    expect((await post("/api/conversations", 1_000)).status).toBe(204);
  });
});
