// Single sign-on behind a real host name: the production app (web cluster → front door → Next → Auth.js) with a
// real OpenID Connect provider, reached as a browser behind a proxy would reach it. The provider must be sent a
// callback on the arena's public origin, from ARENA_PUBLIC_URL or from a trusted proxy's forwarded host and
// scheme, never the web process's own localhost:PORT (which ended every real sign-in at ?error=Configuration).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDP, idpProvidersJson, startTestIdp } from "../../e2e/oidc-idp";
import { freePort } from "../../lib/db/free-port";
import { type AppInstance, CookieJar, startApp } from "./app-server";
import { migratedScratchDatabase } from "./db-admin";

let idp: { issuer: string; close(): Promise<void> };
const apps: AppInstance[] = [];
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  idp = await startTestIdp(await freePort(), "https://arena.example.org");
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.stop();
  await idp.close();
  for (const drop of drops) await drop();
});

async function app(env: Record<string, string>): Promise<AppInstance> {
  const database = await migratedScratchDatabase();
  drops.push(database.drop);
  const started = await startApp({
    databaseUrl: database.url,
    env: { ARENA_OIDC_PROVIDERS: idpProvidersJson(idp.issuer), E2E_IDP_SECRET: IDP.clientSecret, ...env },
  });
  apps.push(started);
  return started;
}

/** What the sign-in button does: the CSRF token, then the POST that answers with the provider's address. */
async function providerRedirect(base: string, headers: Record<string, string>): Promise<URL> {
  const jar = new CookieJar();
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers });
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${base}/api/auth/signin/${IDP.id}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/admin" }),
  });
  expect(signIn.status).toBe(302);
  return new URL(signIn.headers.get("location") as string);
}

describe("single sign-on behind a proxy", () => {
  it("sends the provider a callback on ARENA_PUBLIC_URL, whatever address the request came to", async () => {
    const { baseURL } = await app({ ARENA_PUBLIC_URL: "https://arena.example.org" });
    const to = await providerRedirect(baseURL, { host: "10.0.0.7:8080" });
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get("redirect_uri")).toBe(`https://arena.example.org/api/auth/callback/${IDP.id}`);
  });

  it("believes a trusted proxy's X-Forwarded-Host and -Proto, and nobody else's", async () => {
    const { baseURL } = await app({ ARENA_TRUSTED_PROXIES: "loopback" });
    const forwarded = { "x-forwarded-host": "arena.example.org", "x-forwarded-proto": "https" };
    const to = await providerRedirect(baseURL, forwarded);
    expect(to.searchParams.get("redirect_uri")).toBe(`https://arena.example.org/api/auth/callback/${IDP.id}`);
    // the sign-in page Auth.js redirects to after an error is on the public origin too, not localhost:PORT
    const unknown = await fetch(`${baseURL}/api/auth/signin/nobody`, { headers: forwarded, redirect: "manual" });
    expect(unknown.headers.get("location") ?? "").toMatch(/^https:\/\/arena\.example\.org\//);
  });
});
