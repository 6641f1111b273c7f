// The HTTP surface of the production build (issue 11): every API route, found in app/api, fuzzed with malformed
// and hostile input (never a 500, never a reset, always the error shape); every staff route × every kind of
// caller from one table; forwarded headers believed only from configured proxies; bodies refused past their
// ceiling before they are read.
import fs from "node:fs";
import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FakeModelServer } from "../../e2e/fake-models/server";
import { applyMigrations } from "../../lib/db/migrate";
import { pushBody as pushTo } from "../push-body";
import { type ApiRoute, discoverApiRoutes, fill, METHODS, type Method } from "./api-routes";
import {
  type AppInstance,
  createStaff,
  fakeModels,
  signInOverHttp,
  startApp,
  tempDir,
  trySignIn,
  visitorCookie,
} from "./app-server";
import { scratchDatabase } from "./db-admin";

// A body cut at a ceiling is checked by its answer coming before the body ends. How many bytes loopback carries until
// the answer is timing (35 MB once on a loaded two-core run, against a 16 MB bound), so the body is far longer than
// any answer takes and the bound is its end; the memory such bodies cost is measured by test:abuse.
const LONG_BODY = 256 * 1024 * 1024;

const STAFF = [
  { email: "admin@surface.test", password: "admin-password-1", role: "admin" },
  { email: "researcher@surface.test", password: "researcher-password-1", role: "researcher" },
  { email: "user@surface.test", password: "user-password-1", role: "user" },
];
const dir = tempDir("arena-surface-");
let app: AppInstance;
let fake: FakeModelServer;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let modelsFile: string;
const cookies: Record<string, string> = {};
let conversationId: string;

const routes = discoverApiRoutes();

beforeAll(async () => {
  ({ url: databaseUrl, drop: dropDatabase } = await scratchDatabase(inject("serverUrl")));
  await applyMigrations(databaseUrl);
  await createStaff(databaseUrl, STAFF);
  ({ fake, modelsFile } = await fakeModels(dir));
  app = await startApp({
    databaseUrl,
    workers: 2,
    env: {
      ARENA_MODELS_FILE: modelsFile,
      ARENA_DATA_DIR: dir,
      ARENA_RATE_VISITOR_PER_HOUR: "100000",
      ARENA_RATE_IP_PER_HOUR: "100000",
    },
  });
  cookies.visitor = await visitorCookie(app.baseURL);
  cookies.admin = await signInOverHttp(app.baseURL, STAFF[0]!.email, STAFF[0]!.password);
  cookies.researcher = await signInOverHttp(app.baseURL, STAFF[1]!.email, STAFF[1]!.password);
  cookies.user = await signInOverHttp(app.baseURL, STAFF[2]!.email, STAFF[2]!.password);
  const opened = await openBattle(app.baseURL, cookies.visitor);
  expect(opened.status).toBe(201);
  conversationId = ((await opened.json()) as { id: string }).id;
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await fake?.close();
  await dropDatabase?.();
});

async function openBattle(baseURL: string, cookie: string, headers: Record<string, string> = {}) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#224466" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("prompt", "What colour?");
  form.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "x.png");
  return fetch(`${baseURL}/api/conversations`, { method: "POST", body: form, headers: { cookie, ...headers } });
}

interface Probe {
  method: Method;
  path: string;
  body?: string;
  contentType?: string;
  cookie?: string;
  label: string;
}

interface Outcome {
  probe: Probe;
  status: number;
  problem?: string;
}

/** Sends a probe and says what is wrong with the answer, if anything: a 500, a reset, or an error without shape. */
async function send(probe: Probe): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(`${app.baseURL}${probe.path}`, {
      method: probe.method,
      redirect: "manual",
      body: probe.body,
      headers: {
        ...(probe.contentType ? { "content-type": probe.contentType } : {}),
        ...(probe.cookie ? { cookie: probe.cookie } : {}),
      },
    });
  } catch (error) {
    return { probe, status: 0, problem: `connection failed: ${(error as Error).message}` };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { probe, status: response.status, problem: `body cut: ${(error as Error).message}` };
  }
  if (response.status >= 500) return { probe, status: response.status, problem: `server error: ${text.slice(0, 200)}` };
  if (response.status >= 400) {
    try {
      const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code !== "string" || typeof body.error?.message !== "string") {
        return { probe, status: response.status, problem: `no error shape: ${text.slice(0, 120)}` };
      }
    } catch {
      return { probe, status: response.status, problem: `not JSON: ${text.slice(0, 120)}` };
    }
  }
  return { probe, status: response.status };
}

async function sendAll(probes: Probe[], concurrency = 8): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < probes.length) {
        const probe = probes[next++] as Probe;
        outcomes.push(await send(probe));
      }
    }),
  );
  return outcomes;
}

const report = (outcomes: Outcome[]) =>
  outcomes
    .filter((o) => o.problem)
    .map((o) => `${o.probe.method} ${o.probe.path.slice(0, 80)} [${o.probe.label}] → ${o.status}: ${o.problem}`);

const BAD_IDS = [
  "-".repeat(36),
  "%25",
  "%E0%A4%A",
  "%00",
  "x".repeat(3000),
  "..%2F..%2Fetc%2Fpasswd",
  "00000000-0000-0000-0000-000000000000",
  "%F0%9F%92%A9",
];
const BODIES: { label: string; body: string; contentType: string }[] = [
  { label: "malformed JSON", body: '{"prompt": ', contentType: "application/json" },
  { label: "JSON array", body: "[1,2,3]", contentType: "application/json" },
  { label: "JSON null", body: "null", contentType: "application/json" },
  {
    label: "NUL in every field",
    body: JSON.stringify({
      prompt: "a\u0000b",
      winner: "tie\u0000",
      role: "admin\u0000",
      action: "ban\u0000",
      name: "n\u0000",
      id: "x\u0000",
      displayName: "d\u0000",
      key: "k\u0000",
      value: "v\u0000",
      email: "e\u0000@x.y",
      sides: ["a\u0000"],
    }),
    contentType: "application/json",
  },
  { label: "invalid UTF-8", body: '{"prompt":"\udc00"}', contentType: "application/json" },
  // escaped, so the parsed strings really hold lone surrogates (a raw one is sent as U+FFFD)
  {
    label: "lone surrogates in every field",
    body: `{${[
      "prompt",
      "winner",
      "role",
      "action",
      "name",
      "id",
      "displayName",
      "key",
      "value",
      "email",
      "reason",
      "note",
      "providerId",
      "providerModelId",
      "baseURL",
      "apiKeyEnv",
    ]
      .map((field) => `"${field}":"x\\ud800y"`)
      .join(",")},"sides":["\\udfff"],"\\ud800":1}`,
    contentType: "application/json",
  },
  {
    label: "objects nested 5,000 deep",
    body: `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`,
    contentType: "application/json",
  },
  {
    label: "arrays nested 5,000 deep",
    body: `${"[".repeat(5000)}${"]".repeat(5000)}`,
    contentType: "application/json",
  },
  {
    label: "broken multipart",
    body: "--xyz\r\nContent-Disposition: form-da",
    contentType: "multipart/form-data; boundary=xyz",
  },
  { label: "text body", body: "hello", contentType: "text/plain" },
];

function probesFor(route: ApiRoute): Probe[] {
  const probes: Probe[] = [];
  const valid = fill(route, conversationId);
  const identities: [string, string | undefined][] = [
    ["anonymous", undefined],
    ["visitor", cookies.visitor],
    ["admin", cookies.admin],
  ];
  // past Node's header limit (16 KB): answered by the front door's parser-error handler, in the error shape
  probes.push({ method: "GET", path: `${valid}?q=${"x".repeat(20_000)}`, label: "over-long URL" });
  probes.push({ method: "POST", path: `${valid}/${"y".repeat(20_000)}`, label: "over-long path", body: "{}" });
  for (const method of METHODS) {
    if (!route.methods.includes(method)) {
      probes.push({ method, path: valid, label: "method not exported", cookie: cookies.admin });
      continue;
    }
    for (const [who, cookie] of identities) {
      if (method === "GET" || method === "DELETE") {
        probes.push({
          method,
          path: `${valid}?category=%00&status=%00&from=%00&models=%00`,
          cookie,
          label: `${who}: NUL query`,
        });
        probes.push({
          method,
          path: `${valid}?style=2&format=xml&min_votes=-1&from=yesterday`,
          cookie,
          label: `${who}: bad query`,
        });
      }
      if (method !== "GET") {
        for (const { label, ...body } of BODIES)
          probes.push({ method, path: valid, cookie, ...body, label: `${who}: ${label}` });
      }
      for (const id of route.params.length ? BAD_IDS : []) {
        probes.push({
          method,
          path: fill(route, id),
          cookie,
          label: `${who}: id ${id.slice(0, 20)}`,
          ...(method === "GET" ? {} : { body: "{}", contentType: "application/json" }),
        });
      }
    }
  }
  return probes;
}

describe("every API route under hostile input", () => {
  it("finds the routes in app/api", () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.pattern)).toContain("/api/conversations/[id]/turn");
    expect(routes.every((r) => r.methods.length > 0)).toBe(true);
  });

  it("carries licence, citation and as_of on every public data answer (issue 71)", async () => {
    // the routes that are not public data, and why; every other GET route (and the neighbourhood's POST) must cite
    const notData: Record<string, string> = {
      "/api/admin": "staff",
      "/api/research": "researchers (the archive and cohort boards carry the datasheet)",
      "/api/auth": "Auth.js",
      "/api/conversations": "a visitor's own battle",
      "/api/me": "a visitor's own data",
      "/api/visitor": "a visitor's own record",
      "/api/health": "operations",
      "/api/metrics": "operations (Prometheus text)",
      "/api/images": "picture bytes",
      "/api/i18n": "the interface's messages",
      "/api/presets": "the composer's image bank",
      "/api/export": "a researcher's zip, with its datasheet",
      "/api/[...unknown]": "the 404 of unknown addresses",
    };
    const exempt = (pattern: string) =>
      Object.keys(notData).some((prefix) => pattern === prefix || pattern.startsWith(`${prefix}/`));
    const cited = routes.filter(
      (r) => (r.methods.includes("GET") || r.pattern === "/api/neighbourhood") && !exempt(r.pattern),
    );
    expect(cited.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(["/api/leaderboard", "/api/models", "/api/gallery", "/api/drift", "/api/neighbourhood"]),
    );
    for (const route of cited) {
      expect(fs.readFileSync(route.file, "utf8"), route.pattern).toMatch(/citedJson|leaderboardResponse|boardsArchive/);
    }
    // and over HTTP, from the production build
    for (const address of [
      "/api/models",
      "/api/gallery",
      "/api/leaderboard/categories",
      "/api/drift?model=fake-alpha",
    ]) {
      const response = await fetch(`${app.baseURL}${address}`);
      expect(response.status, address).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body, address).toMatchObject({
        licence: expect.stringMatching(/\S/),
        citation: expect.stringContaining("Vision Arena"),
        as_of: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
  });

  it("answers 4xx in the error shape — never a 500, never a reset — to malformed bodies, NULs, bad ids and methods", async () => {
    const probes = routes.flatMap(probesFor);
    const outcomes = await sendAll(probes);
    expect(outcomes.length).toBe(probes.length);
    expect(report(outcomes)).toEqual([]);
    // wrong methods answer 405 in the error shape
    const wrong = outcomes.filter((o) => o.probe.label === "method not exported" && !o.probe.path.includes("/auth/"));
    expect(wrong.length).toBeGreaterThan(20);
    expect(wrong.filter((o) => o.status !== 405).map((o) => `${o.probe.method} ${o.probe.path} ${o.status}`)).toEqual(
      [],
    );
    // NULs are refused as such, before any database sees them
    const nul = outcomes.filter((o) => o.probe.label.endsWith("NUL query"));
    expect(nul.every((o) => o.status === 400)).toBe(true);
    // over-long addresses: 431 from the parser, in the error shape (checked by send) rather than Node's bare answer
    const long = outcomes.filter((o) => o.probe.label.startsWith("over-long"));
    expect(long.length).toBe(routes.length * 2);
    expect(long.every((o) => o.status === 431)).toBe(true);
  }, 240_000);

  it("answers unknown API addresses and Auth.js's own refusals in the error shape", async () => {
    for (const path of ["/api/nope", "/api/conversations/x/y/z", "/api/admin/nothing-here"]) {
      const response = await fetch(`${app.baseURL}${path}`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
    const auth = await fetch(`${app.baseURL}/api/auth/not-an-action`);
    expect(auth.status).toBeGreaterThanOrEqual(400);
    expect(auth.status).toBeLessThan(500);
    expect(typeof (await auth.json()).error.message).toBe("string");
    const cookie = await fetch(`${app.baseURL}/api/conversations`, { headers: { cookie: "arena_vid=%" } });
    expect(cookie.status).toBe(405);
    const malformed = await fetch(`${app.baseURL}/api/visitor`, { headers: { cookie: "arena_vid=%" } });
    expect(malformed.status).toBe(200);
    expect(await malformed.json()).toMatchObject({ termsAccepted: false });
    for (const path of [
      "/models/%25",
      "/models/%00",
      "/share/%25",
      `/share/${"-".repeat(36)}`,
      "/leaderboard?category=%00",
    ]) {
      const page = await fetch(`${app.baseURL}${path}`);
      expect([400, 404]).toContain(page.status);
    }
  });
});

// ---------------------------------------------------------------- who may call the staff routes

type Caller = "anonymous" | "visitor" | "user" | "researcher" | "admin" | "cross-site";
const CALLERS: Caller[] = ["anonymous", "visitor", "user", "researcher", "admin", "cross-site"];
/** The one table: which role each staff area needs. */
const STAFF_AREAS: { prefix: string; role: "admin" | "researcher" }[] = [
  { prefix: "/api/admin/", role: "admin" },
  { prefix: "/api/research/", role: "researcher" },
  { prefix: "/api/export", role: "researcher" },
];

function expected(caller: Caller, role: "admin" | "researcher"): "allowed" | 401 | 403 {
  if (caller === "anonymous" || caller === "visitor") return 401;
  if (caller === "cross-site") return 403;
  if (caller === "user") return 403;
  if (caller === "researcher") return role === "admin" ? 403 : "allowed";
  return "allowed";
}

describe("staff routes × callers", () => {
  it("answers each caller as the table says, for every staff route and method", async () => {
    const staffRoutes = routes.flatMap((route) => {
      const area = STAFF_AREAS.find((a) => route.pattern.startsWith(a.prefix) || route.pattern === a.prefix);
      return area ? [{ route, role: area.role }] : [];
    });
    expect(staffRoutes.length).toBeGreaterThanOrEqual(15);
    const failures: string[] = [];
    let checked = 0;
    for (const { route, role } of staffRoutes) {
      for (const method of route.methods) {
        for (const caller of CALLERS) {
          const cookie = caller === "cross-site" ? cookies.admin : caller === "anonymous" ? undefined : cookies[caller];
          const response = await fetch(`${app.baseURL}${fill(route, crypto.randomUUID())}`, {
            method,
            redirect: "manual",
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(caller === "cross-site" ? { origin: "https://evil.example" } : {}),
              ...(method === "GET" ? {} : { "content-type": "application/json" }),
            },
            body: method === "GET" ? undefined : "{}",
          });
          const body = await response.text();
          const want = expected(caller, role);
          const ok =
            want === "allowed"
              ? ![401, 403].includes(response.status) && response.status < 500
              : response.status === want &&
                JSON.parse(body).error.code ===
                  (want === 401 ? "unauthenticated" : caller === "cross-site" ? "cross_origin" : "forbidden");
          checked++;
          if (!ok)
            failures.push(
              `${method} ${route.pattern} as ${caller}: ${response.status} (want ${want}) ${body.slice(0, 80)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 180_000);
});

// ---------------------------------------------------------------- sizes and addresses

const pushBody = (path: string, options: Parameters<typeof pushTo>[1]) => pushTo(`${app.baseURL}${path}`, options);

describe("bodies over their ceiling", () => {
  it("refuses a declared 120 MB upload before reading it, and a chunked one once it passes the limit", async () => {
    const declared = await pushBody("/api/conversations", {
      cookie: cookies.visitor as string,
      contentType: "multipart/form-data; boundary=x",
      declared: 120 * 1024 * 1024,
      total: 2 * 1024 * 1024,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error.code).toBe("body_too_large");
    const chunkedJson = await pushBody(`/api/conversations/${conversationId}/messages`, {
      cookie: cookies.visitor as string,
      contentType: "application/json",
      total: LONG_BODY,
    });
    expect(chunkedJson.status).toBe(413);
    expect(JSON.parse(chunkedJson.body).error.code).toBe("body_too_large");
    // the app stopped reading near the 1 MB limit and answered: the rest was never sent
    expect(chunkedJson.written).toBeLessThan(LONG_BODY);
    const chunkedUpload = await pushBody("/api/conversations", {
      cookie: cookies.visitor as string,
      contentType: "multipart/form-data; boundary=x",
      total: LONG_BODY,
    });
    expect(chunkedUpload.status).toBe(413);
    expect(chunkedUpload.written).toBeLessThan(LONG_BODY);
  });

  it("cuts bodies nobody of ours reads: Auth.js's sign-in and the sign-in page's server action", async () => {
    const total = LONG_BODY;
    for (const path of ["/api/auth/callback/credentials", "/api/auth/signin/credentials"]) {
      const pushed = await pushBody(path, { cookie: "", contentType: "application/x-www-form-urlencoded", total });
      expect(pushed.status, path).toBe(413);
      expect(JSON.parse(pushed.body).error.code, path).toBe("body_too_large");
      expect(pushed.written, path).toBeLessThan(total);
    }
    // a page or an unknown address does not read its body and answers at once (nothing buffered); a server
    // action (Next-Action) reads it
    for (const [path, contentType, headers] of [
      ["/api/nope", "application/json", {}],
      ["/signin", "application/x-www-form-urlencoded", {}],
      ["/signin", "multipart/form-data; boundary=x", { "next-action": "0".repeat(42) }],
    ] as const) {
      const pushed = await pushBody(path, { cookie: "", contentType, headers, total });
      expect(pushed.status, path).toBeLessThan(500);
      expect(pushed.written, path).toBeLessThan(total);
    }
  });
});

describe("staff sessions and headers", () => {
  it("ends a session at sign-out: a copied cookie stops working at once", async () => {
    const copied = await signInOverHttp(app.baseURL, STAFF[0]!.email, STAFF[0]!.password);
    const admin = (cookie: string) => fetch(`${app.baseURL}/api/admin/models`, { headers: { cookie } });
    expect((await admin(copied)).status).toBe(200);
    const csrf = await fetch(`${app.baseURL}/api/auth/csrf`, { headers: { cookie: copied } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = (csrf.headers.getSetCookie()[0] ?? "").split(";")[0];
    const out = await fetch(`${app.baseURL}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: [copied, csrfCookie].filter(Boolean).join("; "),
      },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${app.baseURL}/` }),
    });
    expect(out.status).toBeLessThan(400);
    // the browser dropped its cookie; the copy is refused
    expect((await admin(copied)).status).toBe(401);
    // other sessions of the same account are untouched
    expect((await admin(cookies.admin as string)).status).toBe(200);
  });

  it("does not count successful sign-ins toward the lockout", async () => {
    // more than the ten tries a quarter hour allows per address and client
    for (let i = 0; i < 12; i++) {
      expect(await trySignIn(app.baseURL, STAFF[2]!.email, STAFF[2]!.password), `sign-in ${i + 1}`).not.toBeNull();
    }
  });

  it("sends the security headers with pages and API answers", async () => {
    for (const path of ["/", "/api/health", "/api/nope"]) {
      const response = await fetch(`${app.baseURL}${path}`);
      expect(response.headers.get("content-security-policy"), path).toMatch(/frame-ancestors 'none'/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("compression in the front door", () => {
  /** A raw GET: the status, the encoding the server chose and the bytes as sent (fetch would decode them). */
  function raw(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; encoding?: string; type?: string; bytes: number }>((resolve, reject) => {
      const request = http.get(`${app.baseURL}${path}`, { headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers["content-encoding"],
            type: response.headers["content-type"],
            bytes,
          }),
        );
      });
      request.on("error", reject);
    });
  }

  it("answers any Range on a file with the whole file, never a 500 (issue 40)", async () => {
    const page = await (await fetch(`${app.baseURL}/about`)).text();
    const chunk = page.match(/\/_next\/static\/[^"]+\.js/)?.[0];
    expect(chunk).toBeTruthy();
    for (const path of ["/presets/receipt.png", chunk as string]) {
      const whole = await raw(path, {});
      expect(whole.status).toBe(200);
      for (const range of ["bytes=100-50", "bytes=abc", "bytes=-0", "bytes=99999999-", "bytes=0-10", "items=1-2"]) {
        const answer = await raw(path, { range });
        expect({ path, range, status: answer.status, bytes: answer.bytes }).toEqual({
          path,
          range,
          status: 200,
          bytes: whole.bytes,
        });
      }
    }
  });

  it("compresses pages and JSON as the browser asks, never images or the answers' stream", async () => {
    const page = await raw("/about", { "accept-encoding": "gzip, deflate, br" });
    expect(page).toMatchObject({ status: 200, encoding: "br" });
    const plain = await raw("/about", {});
    expect(plain.encoding).toBeUndefined();
    expect(page.bytes).toBeLessThan(plain.bytes / 2);
    expect(await raw("/api/models", { "accept-encoding": "gzip" })).toMatchObject({ status: 200, encoding: "gzip" });
    const image = await raw("/presets/receipt.png", { "accept-encoding": "gzip, br" });
    expect(image).toMatchObject({ status: 200, encoding: undefined });
    // the answers' NDJSON goes out as written, token by token
    const opened = await openBattle(app.baseURL, cookies.visitor as string);
    const { id } = (await opened.json()) as { id: string };
    const turn = await fetch(`${app.baseURL}/api/conversations/${id}/turn`, {
      method: "POST",
      body: "{}",
      headers: { cookie: cookies.visitor as string, "content-type": "application/json", "accept-encoding": "br, gzip" },
    });
    expect(turn.headers.get("content-encoding")).toBeNull();
    await turn.text();
  });
});

describe("client addresses", () => {
  /** An instance allowing three battles an hour per client address, with a secret (so counters) of its own. */
  const limitedApp = (secret: string, env: Record<string, string> = {}) =>
    startApp({
      databaseUrl,
      env: {
        ARENA_MODELS_FILE: modelsFile,
        ARENA_DATA_DIR: dir,
        ARENA_RATE_IP_PER_HOUR: "3",
        ARENA_RATE_VISITOR_PER_HOUR: "1000",
        ARENA_SECRET: secret,
        ...env,
      },
    });
  /** Five new visitors open a battle each, every request naming another address in X-Forwarded-For. */
  const statusesClaimingAddresses = async (app: AppInstance, prefix: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const visitor = await visitorCookie(app.baseURL);
      statuses.push((await openBattle(app.baseURL, visitor, { "x-forwarded-for": `${prefix}.${i + 1}` })).status);
    }
    return statuses;
  };

  it("ignores X-Forwarded-For from clients, and believes it only from ARENA_TRUSTED_PROXIES", async () => {
    const strict = await limitedApp("strict-secret-0123456789");
    try {
      // the per-IP limit holds: every try came from the same socket address, whatever the header said
      expect(await statusesClaimingAddresses(strict, "203.0.113")).toEqual([201, 201, 201, 429, 429]);
      // password guessing with a new X-Forwarded-For per try is still limited per address
      await createStaff(databaseUrl, [{ email: "guess@surface.test", password: "right-password-1", role: "admin" }]);
      for (let i = 0; i < 10; i++) {
        const wrong = await trySignIn(strict.baseURL, "guess@surface.test", `wrong-${i}`, {
          "x-forwarded-for": `198.51.100.${i + 1}`,
        });
        expect(wrong).toBeNull();
      }
      const right = await trySignIn(strict.baseURL, "guess@surface.test", "right-password-1", {
        "x-forwarded-for": "198.51.100.200",
      });
      expect(right).toBeNull();
    } finally {
      await strict.stop();
    }
    const behindProxy = await limitedApp("proxy-secret-0123456789", { ARENA_TRUSTED_PROXIES: "loopback" });
    try {
      // the proxy (loopback) is trusted: each forwarded address is a client of its own
      expect(await statusesClaimingAddresses(behindProxy, "192.0.2")).toEqual([201, 201, 201, 201, 201]);
    } finally {
      await behindProxy.stop();
    }
  }, 120_000);
});
