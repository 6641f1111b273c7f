// Every environment variable the arena reads, parsed once by one zod schema: type, default, range and the line
// the README's configuration table is generated from (`npm run docs:config`; a unit test keeps the two equal).
// Plain ESM so the front door (scripts/web-server.mjs), which starts before any TypeScript loader, uses it too.
import { z } from "zod";

/** An empty or blank value counts as unset, as shells and .env files often leave them. */
const unsetIfBlank = (schema) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema);

const numeric = ({ min = 0, max = Number.MAX_SAFE_INTEGER, integer = false, above = false } = {}) => {
  const base = z.coerce.number({ error: "must be a number" });
  const whole = integer ? base.int({ error: "must be a whole number" }) : base;
  const floor = above
    ? whole.gt(min, { error: `must be above ${min}` })
    : whole.min(min, { error: `must be at least ${min}` });
  return floor.max(max, { error: `must be at most ${max}` });
};
const number = (fallback, options = {}) => unsetIfBlank(numeric(options).default(fallback));
const positive = (fallback, options = {}) => number(fallback, { ...options, min: 0, above: true });
const count = (fallback, options = {}) => number(fallback, { min: 1, integer: true, ...options });
const optionalCount = (options = {}) => unsetIfBlank(numeric({ min: 1, integer: true, ...options }).optional());
const text = (fallback) => unsetIfBlank(z.string().default(fallback));
const optionalText = () => unsetIfBlank(z.string().optional());
const modelId = () =>
  unsetIfBlank(z.string().trim().max(100, { error: "must be a model id (at most 100 characters)" }).optional());
const address = (error) => unsetIfBlank(z.url({ error }).optional());
const flag = (fallback) =>
  unsetIfBlank(
    z
      .enum(["0", "1", "true", "false", "on", "off"], { error: "must be 1 or 0" })
      .transform((v) => v === "1" || v === "true" || v === "on")
      .default(fallback),
  );
const list = () =>
  unsetIfBlank(
    z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean),
      ),
  );

/** What an OpenID Connect provider for staff sign-in is configured with (lib/auth/oidc.ts uses it). */
const oidcProvider = z
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
const oidcProviders = () =>
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
const v = (schema, group, shown, meaning) => schema.meta({ group, shown, meaning });

export const configSchema = z
  .object({
    DATABASE_URL: v(
      address("must be a postgresql:// address"),
      "Database and processes",
      "unset: embedded PostgreSQL",
      "any PostgreSQL 15–17 (`postgresql://user:pass@host:5432/db`); pending migrations are applied at start. An unreachable server stops start-up with one line naming the host.",
    ),
    ARENA_DATA_DIR: v(
      text(".data"),
      "Database and processes",
      "`.data`",
      "the embedded cluster (`<dir>/postgres`), local images (`<dir>/images`), the generated secret; git-ignored",
    ),
    EMBEDDED_PG_PORT: v(
      count(15432, { max: 65535 }),
      "Database and processes",
      "`15432`",
      "port of the embedded server on 127.0.0.1 (below the ephemeral range, so no outgoing connection holds it)",
    ),
    ARENA_DB_POOL_SIZE: v(
      count(20, { max: 1000 }),
      "Database and processes",
      "`20`",
      "connections per web process for the hot paths",
    ),
    ARENA_DB_ACQUIRE_TIMEOUT_MS: v(
      positive(5_000, { max: 600_000 }),
      "Database and processes",
      "`5000`",
      "how long a web request waits for a pooled connection (or a new one) before answering 503",
    ),
    ARENA_DB_LOCK_TIMEOUT_MS: v(
      positive(5_000, { max: 600_000 }),
      "Database and processes",
      "`5000`",
      "PostgreSQL `lock_timeout` of the web processes' connections: no request waits longer for a row lock",
    ),
    ARENA_DB_STATEMENT_TIMEOUT_MS: v(
      positive(15_000, { max: 3_600_000 }),
      "Database and processes",
      "`15000`",
      "PostgreSQL `statement_timeout` of the web processes' connections; a server that does not answer within it + 5 s (frozen, partitioned) is treated as unavailable (503). The jobs process and the CLI have no statement limit",
    ),
    PORT: v(count(3000, { max: 65535 }), "Database and processes", "`3000`", "the web server's port"),
    ARENA_WEB_WORKERS: v(
      optionalCount({ max: 256 }),
      "Database and processes",
      "cores, at most 4",
      "web processes `npm start` runs on one port (Node cluster; `npm run dev` runs one)",
    ),
    ARENA_DIRECT_ROUTES: v(
      flag(true),
      "Database and processes",
      "`1`",
      "the front door answers the battle routes (app/api/conversations) itself, without Next's request path (`npm start` only)",
    ),
    ARENA_JOBS: v(
      flag(true),
      "Database and processes",
      "on",
      "`0` does not start the snapshot worker beside the web server (run it elsewhere)",
    ),
    ARENA_JOBS_PEER: v(
      optionalText(),
      "Database and processes",
      "set by `npm start`",
      "the id of the jobs process the launcher started beside these web processes: `/api/health/ready` requires its heartbeat to be fresh. Unset (a web-only instance), readiness does not look at jobs",
    ),
    ARENA_METRICS_TOKEN: v(
      unsetIfBlank(z.string().min(16, { error: "must be at least 16 characters" }).optional()),
      "Database and processes",
      "unset: no metrics endpoint",
      "bearer token for `GET /api/metrics` (Prometheus exposition of every web process of the instance and the database's figures); unset, the endpoint answers 404",
    ),
    OTEL_EXPORTER_OTLP_ENDPOINT: v(
      address("must be an http(s):// address"),
      "Database and processes",
      "unset: no traces",
      "OpenTelemetry collector (OTLP over HTTP, e.g. `http://otel:4318`): each battle is traced from the request through both provider calls and the database",
    ),
    ARENA_BACKUP_DIR: v(
      optionalText(),
      "Database and processes",
      "unset: no scheduled backups",
      "the jobs process writes a backup (`arena backup`: database and images, with a manifest) into a new folder here every `ARENA_BACKUP_INTERVAL_H` hours",
    ),
    ARENA_BACKUP_INTERVAL_H: v(
      positive(24, { max: 8760 }),
      "Database and processes",
      "`24`",
      "hours between scheduled backups",
    ),
    ARENA_BACKUP_KEEP: v(
      count(7, { max: 1000 }),
      "Database and processes",
      "`7`",
      "finished scheduled backups kept (older ones are deleted)",
    ),
    ARENA_STYLE_FEATURES: v(
      unsetIfBlank(
        z
          .string()
          .default("length,markdown")
          .transform((v) =>
            v
              .split(",")
              .map((item) => item.trim())
              .filter(Boolean),
          )
          .pipe(
            z
              .array(z.enum(["length", "markdown", "specificity"], { error: "takes length, markdown, specificity" }))
              .min(1, { error: "needs at least one of length, markdown, specificity" }),
          ),
      ),
      "Database and processes",
      "`length,markdown`",
      "what the live style-controlled boards control for: FastChat's four features, plus `specificity` (named entities per answer, VisionArena §4.4)",
    ),
    ARENA_BOARD_CI: v(
      unsetIfBlank(z.enum(["sandwich", "bootstrap"], { error: "takes sandwich or bootstrap" }).default("sandwich")),
      "Database and processes",
      "`sandwich`",
      "the live boards' interval method (sandwich: best measured coverage, see docs/statistics.md)",
    ),
    ARENA_BOARD_REWEIGHTED: v(
      flag(true),
      "Database and processes",
      "`1`",
      "weigh each pair of models 1 / max(its battles, 50) on the live boards, as arena-rank and LMArena do",
    ),
    ARENA_MIN_VOTES: v(
      number(30, { integer: true }),
      "Database and processes",
      "`30`",
      "votes a model needs to be ranked on a board; below, it is listed as preliminary with no rank or interval",
    ),
    ARENA_LOAD_WORK_MEM_MB: v(
      count(1024, { max: 65536 }),
      "Database and processes",
      "`1024`",
      "the most memory (MB) each connection reading the votes for a recompute may sort and aggregate in; it asks 200 MB per million votes, at least 256 (below what the aggregates need, PostgreSQL spills to disk: at 3M votes 256 MB made the style pass 29.9 s, 1 GB 17.9 s)",
    ),
    ARENA_SNAPSHOT_INTERVAL_S: v(
      positive(60),
      "Database and processes",
      "`60`",
      "at most one leaderboard recompute per interval, only after new votes",
    ),
    ARENA_EXPORT_DELAY_DAYS: v(
      number(0, { integer: true, max: 3650 }),
      "Data and exports",
      "`0`",
      "publication delay: every research export, the archive, the public dataset figures (/data) and /research leave out battles and chats younger than this many days, and say so",
    ),
    ARENA_LEADERBOARD_INCLUDE_DEMO: v(
      flag(false),
      "Database and processes",
      "off",
      "`1` counts demo battles in the snapshots: the board is labelled a demo board; /data, /research and exports still leave them out",
    ),
    ARENA_JUDGE_MODEL: v(
      modelId(),
      "Database and processes",
      "unset: rules only",
      "a model id of the registry that labels the vision categories with the paper's prompts",
    ),
    ARENA_DATA_STATS_INTERVAL_S: v(
      positive(600),
      "Database and processes",
      "`600`",
      "how often the dataset statistics of /data are recomputed",
    ),
    ARENA_TOPICS_INTERVAL_S: v(
      positive(3600),
      "Database and processes",
      "`3600`",
      "how often the topic clusters of /data are recomputed (with ARENA_BENCH_EMBEDDER's model, else locally)",
    ),
    ARENA_TAG_SWEEP_S: v(
      positive(5),
      "Database and processes",
      "`5`",
      "how often the worker looks for voted battles without labels",
    ),
    ARENA_DATA_LICENCE: v(
      optionalText(),
      "Database and processes",
      "unset",
      "the licence text of exported datasets (an admin setting overrides it)",
    ),
    ARENA_LEADERBOARD_CACHE_MS: v(
      number(2000, { integer: true }),
      "Database and processes",
      "`2000`",
      "how long each web process reuses the served snapshot, and half of it its front door the leaderboard API's public answers (`0`: never)",
    ),
    ARENA_MODELS_FILE: v(
      optionalText(),
      "Models and providers",
      "unset: demo models",
      "the models file (below); provider keys come from the variables it names",
    ),
    ARENA_PROVIDER_KEY_VARIABLES: v(
      list(),
      "Models and providers",
      "empty",
      "extra environment variables that may hold a provider key (any name ending in `_KEY` that is not one of the arena's own may already)",
    ),
    ARENA_PROVIDER_ORIGINS: v(
      list(),
      "Models and providers",
      "empty",
      "extra provider addresses (`https://host`) the console may send keys to, beyond the models file's base URLs, the official Anthropic and Gemini endpoints and this machine",
    ),
    DEMO_TOKEN_DELAY_MS: v(
      number(20, { max: 10_000 }),
      "Models and providers",
      "`20`",
      "pace of the demo models' streams",
    ),
    ARENA_FIRST_TOKEN_TIMEOUT_MS: v(
      positive(30_000),
      "Models and providers",
      "`30000`",
      "a side that has not started by then fails with a Retry",
    ),
    ARENA_TOTAL_TIMEOUT_MS: v(
      positive(180_000),
      "Models and providers",
      "`180000`",
      "a side that has not finished by then fails with a Retry",
    ),
    ARENA_STALL_TIMEOUT_MS: v(
      positive(30_000),
      "Models and providers",
      "`30000`",
      "a side that started and then sends nothing for this long fails with a Retry",
    ),
    ARENA_MAX_OUTPUT_TOKENS: v(
      count(2048, { max: 1_000_000 }),
      "Models and providers",
      "`2048`",
      "sent to every provider, stored with each answer",
    ),
    ARENA_MAX_ANSWER_CHARS: v(
      count(100_000, { min: 100, max: 10_000_000 }),
      "Models and providers",
      "`100000`",
      'the longest answer a battle takes from a model (a models-file or console `maxAnswerChars` overrides it per model); a stream past it is cut there and stored finished with `finishReason: "length"`',
    ),
    ARENA_TEMPERATURE: v(
      number(0.7, { max: 2 }),
      "Models and providers",
      "`0.7`",
      "sent to every provider, stored with each answer",
    ),
    ARENA_EVAL_CONCURRENCY: v(
      count(4, { max: 1024 }),
      "Models and providers",
      "`4`",
      "calls in flight per provider during offline runs (`arena evals run`)",
    ),
    ARENA_SECRET: v(
      unsetIfBlank(z.string().min(16, { error: "must be at least 16 characters" }).optional()),
      "Visitors and limits",
      "random, kept in `<ARENA_DATA_DIR>/secret`",
      "signs visitor cookies and salts IP hashes; ≥ 16 characters; **set the same value on every instance**",
    ),
    ARENA_TERMS_VERSION: v(
      text("2026-11"),
      "Visitors and limits",
      "`2026-11`",
      "a new value asks every visitor to accept the terms again",
    ),
    ARENA_TURN_LIMIT: v(count(50, { max: 10_000 }), "Visitors and limits", "`50`", "turns per conversation"),
    ARENA_MAX_PROMPT_CHARS: v(
      count(30_000, { max: 10_000_000 }),
      "Visitors and limits",
      "`30000`",
      "prompt length in battles (FastChat's limit)",
    ),
    ARENA_MAX_CHAT_PROMPT_CHARS: v(
      count(12_000, { max: 10_000_000 }),
      "Visitors and limits",
      "`12000`",
      "prompt length in direct and named chats (FastChat's limit)",
    ),
    ARENA_MAX_IMAGES: v(count(4, { max: 64 }), "Visitors and limits", "`4`", "images per first turn"),
    ARENA_IMAGE_MAX_MB: v(positive(15, { max: 1024 }), "Visitors and limits", "`15`", "upload size per image"),
    ARENA_IMAGE_MAX_SIDE: v(
      count(1024, { min: 16, max: 16_384 }),
      "Visitors and limits",
      "`1024`",
      "longest side after normalising",
    ),
    ARENA_IMAGE_MAX_MEGAPIXELS: v(
      positive(50, { max: 1000 }),
      "Visitors and limits",
      "`50`",
      "pixels per image (width × height from the header, checked before decoding; a 48 MP phone photo passes)",
    ),
    ARENA_TRUSTED_PROXIES: v(
      text(""),
      "Visitors and limits",
      "empty: none",
      "comma-separated addresses or CIDRs (or `loopback`, `private`) of the proxies in front; only from them are `X-Forwarded-For`/`-Host`/`-Proto` believed, read from the right",
    ),
    ARENA_RATE_VISITOR_PER_HOUR: v(
      count(120, { max: 1e9 }),
      "Visitors and limits",
      "`120`",
      "prompts per visitor (429 with `Retry-After`)",
    ),
    ARENA_RATE_IP_PER_HOUR: v(count(600, { max: 1e9 }), "Visitors and limits", "`600`", "prompts per IP"),
    ARENA_RATE_MODEL_PER_HOUR: v(count(5000, { max: 1e9 }), "Visitors and limits", "`5000`", "answers per model"),
    ARENA_RATE_REGENERATE_PER_BATTLE: v(
      count(10, { max: 1e9 }),
      "Visitors and limits",
      "`10`",
      "Regenerate and Retry presses per battle per hour (each calls the models again)",
    ),
    ARENA_RATE_REGENERATE_VISITOR_PER_HOUR: v(
      count(60, { max: 1e9 }),
      "Visitors and limits",
      "`60`",
      "Regenerate and Retry presses per visitor",
    ),
    ARENA_RATE_REGENERATE_IP_PER_HOUR: v(
      count(300, { max: 1e9 }),
      "Visitors and limits",
      "`300`",
      "Regenerate and Retry presses per IP",
    ),
    ARENA_UPLOADS_IN_FLIGHT: v(
      count(16, { min: 1, max: 10_000 }),
      "Visitors and limits",
      "`16`",
      "uploads (a new battle's or a follow-up's images) one web process handles at once: body read, images normalised, stored and classified",
    ),
    ARENA_UPLOAD_MB_IN_FLIGHT: v(
      positive(256, { max: 1_000_000 }),
      "Visitors and limits",
      "`256`",
      "megabytes of upload bodies one web process reads at once (each counted at its declared length, a chunked one at the upload ceiling); more wait in ARENA_UPLOADS_QUEUE",
    ),
    ARENA_UPLOADS_QUEUE: v(
      count(16, { min: 0, max: 10_000 }),
      "Visitors and limits",
      "`16`",
      "uploads that wait for a place (ARENA_UPLOADS_IN_FLIGHT, ARENA_UPLOAD_MB_IN_FLIGHT); past it a visitor is refused at once (503 with Retry-After) rather than made to wait",
    ),
    ARENA_UPLOADS_PER_VISITOR: v(
      count(2, { min: 1, max: 100 }),
      "Visitors and limits",
      "`2`",
      "upload bodies one visitor may send at once (one web process); more are refused at once (429)",
    ),
    ARENA_CLASSIFIER_WAIT_MS: v(
      count(800, { min: 0, max: 600_000 }),
      "Visitors and limits",
      "`800`",
      "the longest the image classifier's queue may make a new upload wait (estimated from its measured time per image); past it uploads are refused at once with 503 and Retry-After",
    ),
    ARENA_RATE_REPORTS_PER_HOUR: v(
      count(20, { max: 1e6 }),
      "Visitors and limits",
      "`20`",
      "answer reports per visitor (the same report sent again counts too)",
    ),
    ARENA_DAILY_COUNTED_VOTES: v(
      count(200, { max: 1e9 }),
      "Visitors and limits",
      "`200`",
      "votes per visitor per day that count; later ones are kept with `counted = false` (the visitor is not told); the console's setting overrides it",
    ),
    ARENA_ANSWER_SAVE_WAIT_MS: v(
      positive(15_000),
      "Visitors and limits",
      "`15000`",
      "how long a finished answer's stream waits for an unreachable database before telling the visitor",
    ),
    ARENA_BLOCKLIST: v(
      list(),
      "Visitors and limits",
      "empty",
      "comma-separated phrases that end a battle before any model sees it",
    ),
    OPENAI_MODERATION_API_KEY: v(
      optionalText(),
      "Visitors and limits",
      "unset",
      "adds the OpenAI moderation endpoint to the checks, for prompts and (omni-moderation) images",
    ),
    OPENAI_MODERATION_URL: v(
      address("must be an http(s) address"),
      "Visitors and limits",
      "OpenAI's",
      "the moderation endpoint's address (a compatible server)",
    ),
    ARENA_NSFW_CHECK: v(
      flag(true),
      "Visitors and limits",
      "`1`",
      "classify every uploaded image locally (nsfwjs, no download) before any model sees it",
    ),
    ARENA_NSFW_THRESHOLD: v(
      number(0.8, { min: 0, max: 1 }),
      "Visitors and limits",
      "`0.8`",
      "an image whose Porn or Hentai probability reaches this ends the conversation and goes to the moderation queue",
    ),
    ARENA_PHASH_MAX_DISTANCE: v(
      number(8, { min: 0, max: 32, integer: true }),
      "Visitors and limits",
      "`8`",
      "an upload within this many of 64 perceptual-hash bits of a banned image is refused as banned",
    ),
    ARENA_BENCH_ANCHOR: v(
      modelId(),
      "Evaluation",
      "unset",
      "the bench anchor when `arena bench judge`/`score --set` or the console do not name one (the paper: gpt-4-turbo or claude-3-sonnet)",
    ),
    ARENA_BENCH_JUDGE: v(modelId(), "Evaluation", "unset", "the bench judge when none is named (the paper: GPT-4o)"),
    ARENA_BENCH_EMBEDDER: v(
      modelId(),
      "Evaluation",
      "unset: local fallback",
      "the embedding model for `arena bench curate` (OpenAI-compatible `/v1/embeddings`)",
    ),
    ARENA_BENCHMARK_PRESETS: v(
      number(0, { integer: true, max: 1000 }),
      "Evaluation",
      "`0` (off)",
      "how many imported MathVista items the Random image button may also offer (stratified by source, at least 4 each; credited with their licence)",
    ),
    ARENA_BENCHMARK_DIR: v(
      optionalText(),
      "Evaluation",
      "unset",
      "a folder on the server with benchmark files the console may import (only files inside it; the jobs process reads them)",
    ),
    ARENA_PREDICTION_MAX_MB: v(
      positive(32, { max: 4096 }),
      "Evaluation",
      "`32`",
      "the largest toolkit prediction file the console imports (an .xlsx counts four times its size: it is deflated, and a sheet's cells take far more memory than their bytes)",
    ),
    ARENA_ADMIN_EMAIL: v(
      unsetIfBlank(
        z
          .string()
          .trim()
          .regex(/^[^@\s]+@[^@\s]+$/, { error: "must be an e-mail address" })
          .optional(),
      ),
      "Staff accounts",
      "unset: no admin",
      "the first admin, created (or its password updated) when the app starts, with `ARENA_ADMIN_PASSWORD` or `ARENA_ADMIN_PASSWORD_HASH`",
    ),
    ARENA_ADMIN_PASSWORD: v(
      optionalText(),
      "Staff accounts",
      "unset",
      "the first admin's password (hashed with scrypt at start)",
    ),
    ARENA_ADMIN_PASSWORD_HASH: v(
      optionalText(),
      "Staff accounts",
      "unset",
      "the first admin's password as `npx arena users hash-password` prints it",
    ),
    AUTH_GITHUB_ID: v(
      optionalText(),
      "Staff accounts",
      "unset",
      "with `AUTH_GITHUB_SECRET`: GitHub sign-in (callback `https://HOST/api/auth/callback/github`)",
    ),
    AUTH_GITHUB_SECRET: v(optionalText(), "Staff accounts", "unset", "GitHub's client secret"),
    AUTH_GOOGLE_ID: v(
      optionalText(),
      "Staff accounts",
      "unset",
      "with `AUTH_GOOGLE_SECRET`: Google sign-in (callback `https://HOST/api/auth/callback/google`)",
    ),
    AUTH_GOOGLE_SECRET: v(optionalText(), "Staff accounts", "unset", "Google's client secret"),
    ARENA_OIDC_PROVIDERS: v(
      oidcProviders(),
      "Staff accounts",
      "unset",
      "single sign-on: a JSON array of OpenID Connect providers, each `{id, name, issuer, clientId, clientSecretEnv | clientSecret, roleClaim, roles, allowedDomains, scope}` (callback `https://HOST/api/auth/callback/<id>`; docs/operations.md has Keycloak and Entra ID examples)",
    ),
    AUTH_SECRET: v(
      optionalText(),
      "Staff accounts",
      "derived from `ARENA_SECRET`",
      "signs the staff session cookies (7 days)",
    ),
    AUTH_URL: v(
      address("must be an http(s) address"),
      "Staff accounts",
      "the request's host",
      "the site's public address (invitation links, share cards)",
    ),
    ARENA_S3_BUCKET: v(
      optionalText(),
      "Image storage",
      "unset: local folder",
      "store images in an S3-compatible bucket (needed when instances do not share a disk); needs the three below",
    ),
    ARENA_S3_ENDPOINT: v(address("must be an http(s) address"), "Image storage", "unset", "the bucket's endpoint"),
    ARENA_S3_ACCESS_KEY_ID: v(optionalText(), "Image storage", "unset", "the bucket's access key id"),
    ARENA_S3_SECRET_ACCESS_KEY: v(optionalText(), "Image storage", "unset", "the bucket's secret key"),
    ARENA_S3_REGION: v(text("us-east-1"), "Image storage", "`us-east-1`", "the bucket's region"),
    ARENA_PROGRESS: v(flag(false), "Tools", "on for terminals", "`1` forces progress bars of the `arena` command"),
    ARENA_DEBUG: v(flag(false), "Tools", "off", "`1` prints stack traces of the `arena` command's errors"),
  })
  .superRefine((c, ctx) => {
    if (c.ARENA_S3_BUCKET && !(c.ARENA_S3_ENDPOINT && c.ARENA_S3_ACCESS_KEY_ID && c.ARENA_S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["ARENA_S3_BUCKET"],
        message: "needs ARENA_S3_ENDPOINT, ARENA_S3_ACCESS_KEY_ID and ARENA_S3_SECRET_ACCESS_KEY",
      });
    }
  });

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
