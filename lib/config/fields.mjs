// The field builders of the configuration schema (./schema.mjs): blank counts as unset, numbers within ranges,
// flags, lists, addresses, OIDC providers, and `v`, which files a variable under its README group with its default
// and meaning. Plain ESM, as the schema.
import { z } from "zod";

/** An empty or blank value counts as unset, as shells and .env files often leave them. */
export const unsetIfBlank = (schema) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema);

export const numeric = ({ min = 0, max = Number.MAX_SAFE_INTEGER, integer = false, above = false } = {}) => {
  const base = z.coerce.number({ error: "must be a number" });
  const whole = integer ? base.int({ error: "must be a whole number" }) : base;
  const floor = above
    ? whole.gt(min, { error: `must be above ${min}` })
    : whole.min(min, { error: `must be at least ${min}` });
  return floor.max(max, { error: `must be at most ${max}` });
};
export const number = (fallback, options = {}) => unsetIfBlank(numeric(options).default(fallback));
export const positive = (fallback, options = {}) => number(fallback, { ...options, min: 0, above: true });
export const count = (fallback, options = {}) => number(fallback, { min: 1, integer: true, ...options });
export const optionalCount = (options = {}) => unsetIfBlank(numeric({ min: 1, integer: true, ...options }).optional());
export const text = (fallback) => unsetIfBlank(z.string().default(fallback));
export const optionalText = () => unsetIfBlank(z.string().optional());
export const modelId = () =>
  unsetIfBlank(z.string().trim().max(100, { error: "must be a model id (at most 100 characters)" }).optional());
export const address = (error) => unsetIfBlank(z.url({ error }).optional());
export const flag = (fallback) =>
  unsetIfBlank(
    z
      .enum(["0", "1", "true", "false", "on", "off"], { error: "must be 1 or 0" })
      .transform((v) => v === "1" || v === "true" || v === "on")
      .default(fallback),
  );
/** Comma-separated items, trimmed, empty ones dropped; `fallback` when unset. */
export const list = (fallback = "") =>
  unsetIfBlank(
    z
      .string()
      .default(fallback)
      .transform((v) =>
        v
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean),
      ),
  );

/** What an OpenID Connect provider for staff sign-in is configured with (lib/auth/oidc.ts uses it). */
export const oidcProvider = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, {
        error: "id: lower-case letters, digits and dashes (it is in the callback URL)",
      })
      .refine((id) => !["credentials", "github", "google"].includes(id), { error: "id: taken by a built-in sign-in" }),
    name: z.string().trim().min(1).max(60),
    issuer: z.url({ error: "issuer: must be the provider's issuer URL" }),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1).optional(),
    /** the name of the variable holding the client secret (keeps the secret out of this JSON) */
    clientSecretEnv: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/)
      .optional(),
    scope: z.string().default("openid email profile"),
    /** the claim the staff role is read from, as a dotted path (`groups`, `roles`, `realm_access.roles`) */
    roleClaim: z.string().default("groups"),
    /** claim value → role; the highest role any value maps to wins */
    roles: z.record(z.string(), z.enum(["admin", "researcher", "user"])).default({}),
    /** e-mail domains allowed to sign in with this provider (empty: any) */
    allowedDomains: z.array(z.string().trim().toLowerCase()).default([]),
  })
  .refine((p) => p.clientSecret || p.clientSecretEnv, { error: "clientSecret or clientSecretEnv is required" });
export const oidcProviders = () =>
  unsetIfBlank(
    z
      .string()
      .default("[]")
      .transform((text, ctx) => {
        try {
          return JSON.parse(text);
        } catch {
          ctx.addIssue({ code: "custom", message: "must be a JSON array of providers" });
          return z.NEVER;
        }
      })
      .pipe(
        z.array(oidcProvider).refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
          error: "two providers share an id",
        }),
      ),
  );

/** One variable: its schema, with the README's group, default as shown, and meaning as metadata. */
export const v = (schema, group, shown, meaning) => schema.meta({ group, shown, meaning });
