// The variables of the platform's README groups: database and processes, data and exports, models and providers.
import { z } from "zod";
import {
  address,
  count,
  flag,
  list,
  modelId,
  number,
  optionalCount,
  optionalText,
  positive,
  text,
  unsetIfBlank,
  v,
} from "./fields.mjs";

export const platformVariables = {
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
    "connections per web process for the hot paths, all opened at start and kept (a new one behind a burst waits for its handshake)",
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
    "the front door answers the battle routes (app/api/conversations) and the leaderboard API itself, without Next's request path (`npm start` only)",
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
    list("length,markdown").pipe(
      z
        .array(z.enum(["length", "markdown", "specificity"], { error: "takes length, markdown, specificity" }))
        .min(1, { error: "needs at least one of length, markdown, specificity" }),
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
  ARENA_COMPOSITE_WEIGHTS: v(
    unsetIfBlank(
      z
        .string()
        .optional()
        .transform((text, ctx) => {
          // unset: each registered benchmark's own default weight (lib/benchmarks/registry.ts), human votes 1
          if (text === undefined) return undefined;
          const weights = { human: 1, benchmarks: {} };
          for (const part of text
            .split(",")
            .map((p) => p.trim())
            .filter(Boolean)) {
            const [name, value, extra] = part.split("=").map((p) => p.trim());
            const weight = Number(value);
            if (
              !name ||
              value === undefined ||
              value === "" ||
              extra !== undefined ||
              !Number.isFinite(weight) ||
              weight < 0 ||
              weight > 100
            ) {
              ctx.addIssue({
                code: "custom",
                message: `takes name=weight pairs with weights from 0 to 100, not '${part}'`,
              });
              return z.NEVER;
            }
            if (name === "human") weights.human = weight;
            else weights.benchmarks[name] = weight;
          }
          return weights;
        }),
    ),
    "Database and processes",
    "each benchmark's `compositeWeight`, `human=1`",
    "the composite board's weights (human votes, and each ground-truth benchmark's run sets); the console's setting overrides it; see docs/statistics.md",
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
  ARENA_PAIRING: v(
    unsetIfBlank(z.enum(["uniform", "adaptive"], { error: "takes uniform or adaptive" }).default("uniform")),
    "Database and processes",
    "`uniform`",
    "how battles' pairs are drawn: `uniform` is FastChat's draw by weight; `adaptive` adds placement battles for unlisted models and spends votes on the pairs that decide the board (lib/arena/sampling). The console's setting overrides it",
  ),
  ARENA_PAIRING_EXPLORATION: v(
    number(0.2, { min: 0.05, max: 1 }),
    "Database and processes",
    "`0.2`",
    "the adaptive draw's floor: this share of battles is drawn as `uniform` would, so no pair is starved",
  ),
  ARENA_COHORT_VOTES_ON_BOARD: v(
    flag(false),
    "Database and processes",
    "off",
    "`1` counts cohorts' battles (`?c=<name>`) on the public boards; staff always see each cohort's own board. The console's setting overrides it",
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
  ARENA_CITATION: v(
    optionalText(),
    "Database and processes",
    "a line naming the arena, what it measures and `ARENA_PUBLIC_URL`, with the date",
    "the `citation` every public API answer, CSV file and board-history export carries (with `licence` and `as_of`)",
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
};
