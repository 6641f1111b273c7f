// Every environment variable the arena reads, parsed once by one zod schema: type, default, range and the line
// the README's configuration table is generated from (`npm run docs:config`; a unit test keeps the two equal).
// The variables are in ./variables-*.mjs, their field builders in ./fields.mjs.
// Plain ESM so the front door (scripts/web-server.mjs), which starts before any TypeScript loader, uses it too.
import { z } from "zod";
import { arenaVariables } from "./variables-arena.mjs";
import { platformVariables } from "./variables-platform.mjs";

// the README's order: the platform's groups, then the arena's
export const configSchema = z.object({ ...platformVariables, ...arenaVariables }).superRefine((c, ctx) => {
  if (c.ARENA_S3_BUCKET && !(c.ARENA_S3_ENDPOINT && c.ARENA_S3_ACCESS_KEY_ID && c.ARENA_S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: "custom",
      path: ["ARENA_S3_BUCKET"],
      message: "needs ARENA_S3_ENDPOINT, ARENA_S3_ACCESS_KEY_ID and ARENA_S3_SECRET_ACCESS_KEY",
    });
  }
  // a provider sends the browser back to a callback address the arena builds: from a guess (the web process's own
  // localhost:PORT) that ends every sign-in at /signin?error=Configuration
  if (c.ARENA_OIDC_PROVIDERS.length > 0 && !c.ARENA_PUBLIC_URL && !c.AUTH_URL && !c.ARENA_TRUSTED_PROXIES.trim()) {
    ctx.addIssue({
      code: "custom",
      path: ["ARENA_OIDC_PROVIDERS"],
      message:
        "needs the arena's public address for its callbacks: set ARENA_PUBLIC_URL (https://arena.example.org), " +
        "or ARENA_TRUSTED_PROXIES so the proxy's X-Forwarded-Host and X-Forwarded-Proto are believed",
    });
  }
});

/**
 * The arena's public origin when configured (ARENA_PUBLIC_URL, else Auth.js's AUTH_URL), without path.
 * @param {{ ARENA_PUBLIC_URL?: string, AUTH_URL?: string }} c
 * @returns {string | undefined}
 */
export function configuredOrigin(c) {
  const url = c.ARENA_PUBLIC_URL ?? c.AUTH_URL;
  return url ? new URL(url).origin : undefined;
}

/** Every variable's name, in the README's order. */
export const VARIABLE_NAMES = Object.keys(configSchema.shape);

export class ConfigError extends Error {
  /** @param {string[]} problems one "NAME: what is wrong (got VALUE)" line each */
  constructor(problems) {
    super(`configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
    // one of lib/errors' kinds, by hand: this file is plain JavaScript the front door loads without TypeScript
    this.kind = "invalid";
    this.code = "invalid_config";
    this.problems = problems;
  }
}

// secrets, and addresses that may carry a password, are never echoed
const SECRET = /SECRET|PASSWORD|API_KEY|ACCESS_KEY|TOKEN|DATABASE_URL|OIDC_PROVIDERS/;

/** Parses an environment; throws a ConfigError naming every bad variable (secret values never shown). */
export function parseConfig(env) {
  const picked = Object.fromEntries(VARIABLE_NAMES.map((name) => [name, env[name]]));
  const result = configSchema.safeParse(picked);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = env[name];
      const shown = got === undefined ? "" : SECRET.test(name) ? " (value hidden)" : ` (got ${JSON.stringify(got)})`;
      return `${name} ${issue.message}${shown}`;
    }),
  );
}

let cached;

/**
 * The configuration of this process. Parsed once per distinct set of values, so tests that set a variable
 * in-process see it. A production process's environment is fixed once it runs, and the check's ~65 lookups each
 * read the C library's environment: ~0.05 ms a call, called 4 times a vote (about a tenth of the vote's web CPU in
 * a profile of bench:arena), so there the first parse is kept.
 */
export function config(env = process.env) {
  if (cached && cached.env === env && process.env.NODE_ENV === "production") return cached.value;
  const key = VARIABLE_NAMES.map((name) => env[name] ?? "\u0000").join("\u0001");
  if (cached?.key !== key || cached.env !== env) cached = { key, env, value: parseConfig(env) };
  return cached.value;
}

/**
 * A secret held in the variable an operator named (a provider's key in the models file): the one read of the
 * environment by a name that is not fixed here.
 */
export const namedSecret = (name, env = process.env) => (name ? env[name] || undefined : undefined);
