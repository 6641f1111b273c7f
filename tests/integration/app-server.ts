// The production app for integration tests that speak HTTP: `next build` output served by the arena's own web
// server (scripts/web-cluster.cjs → scripts/web-server.mjs, as `npm start` runs it) over a database of the
// test's, with the fake model server. `npm test` builds before the integration layer; a test run on its own
// builds first when no build exists.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { hashPassword } from "../../lib/auth/passwords";
import { createPrisma } from "../../lib/db/client";
import { freePort } from "../../lib/db/free-port";

export const APP_SECRET = "integration-app-secret-0123456789";

let building: Promise<void> | null = null;
/** Builds once per run when `.next/BUILD_ID` is missing (a lock folder keeps parallel files from building twice). */
export function ensureBuild(): Promise<void> {
  building ??= (async () => {
    const lock = path.resolve(".next-build.lock");
    for (;;) {
      if (fs.existsSync(".next/BUILD_ID")) return;
      try {
        fs.mkdirSync(lock);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    try {
      if (fs.existsSync(".next/BUILD_ID")) return;
      const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
      const built = spawnSync(process.execPath, [nextBin, "build"], {
        stdio: "ignore",
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      });
      if (built.status !== 0) throw new Error("next build failed; run `npm run build` to see why");
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  })();
  return building;
}

export interface AppInstance {
  baseURL: string;
  port: number;
  process: ChildProcess;
  /** the web processes' pids (workers of the cluster) */
  stop(): Promise<void>;
}

export interface StartOptions {
  databaseUrl: string;
  workers?: number;
  port?: number;
  env?: Record<string, string>;
}

export async function waitForHealth(baseURL: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app at ${baseURL} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One `npm start`-like instance (a cluster of `workers` web processes on one port). */
export async function startApp(options: StartOptions): Promise<AppInstance> {
  await ensureBuild();
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ["scripts/web-cluster.cjs", String(options.workers ?? 1), "-p", String(port)], {
    stdio: ["ignore", "ignore", process.env.ARENA_TEST_APP_LOGS ? "inherit" : "ignore"],
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: options.databaseUrl,
      ARENA_SECRET: APP_SECRET,
      ...options.env,
    },
  });
  const baseURL = `http://localhost:${port}`;
  await waitForHealth(baseURL);
  return {
    baseURL,
    port,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** A models file over a fake OpenAI-compatible server: two vision models for battles. */
export async function fakeModels(dir: string): Promise<{ fake: FakeModelServer; modelsFile: string }> {
  const fake = await startFakeModelServer({
    models: {
      "fake-alpha": { reply: "Alpha sees **blue**.", tokenDelayMs: 5 },
      "fake-beta": { reply: "Beta sees blue.", tokenDelayMs: 5 },
    },
  });
  const modelsFile = writeFakeModelsFile(dir, fake.baseURL, ["fake-alpha", "fake-beta"]);
  return { fake, modelsFile };
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Staff accounts with passwords, written straight to the database. */
export async function createStaff(databaseUrl: string, accounts: { email: string; password: string; role: string }[]) {
  const prisma = createPrisma(databaseUrl);
  try {
    for (const account of accounts) {
      const passwordHash = await hashPassword(account.password);
      await prisma.user.upsert({
        where: { email: account.email },
        create: { email: account.email, passwordHash, role: account.role as "admin" },
        update: { passwordHash, role: account.role as "admin" },
      });
    }
  } finally {
    await prisma.$disconnect();
  }
}

/** Cookies kept between requests, as a browser would (name=value only). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** One try at the sign-in form's endpoint (with its CSRF token): the session cookies, or null when refused. */
export async function trySignIn(
  baseURL: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string | null> {
  const jar = new CookieJar();
  const csrf = await fetch(`${baseURL}/api/auth/csrf`, { headers });
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseURL}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${baseURL}/admin` }),
  });
  jar.take(response);
  return jar.header().includes("authjs.session-token") ? jar.header() : null;
}

/** Signs in through Auth.js's credentials endpoint, as the sign-in form does; returns the session cookies. */
export async function signInOverHttp(baseURL: string, email: string, password: string): Promise<string> {
  const cookies = await trySignIn(baseURL, email, password);
  if (!cookies) throw new Error(`sign-in as ${email} failed`);
  return cookies;
}

/** A visitor who accepted the terms: its cookie. */
export async function visitorCookie(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/visitor`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (response.status >= 300) throw new Error(`accepting the terms failed: ${response.status}`);
  const jar = new CookieJar();
  jar.take(response);
  return jar.header();
}
