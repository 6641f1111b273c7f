// Answering the latest prompt: both sides stream at once; each side's answer, with what we measured about it,
// is stored whether it finished or failed. Events go to the browser as NDJSON lines. Hand-written SQL: the claim
// sits between the prompt and the first token, so it is two round trips of several statements each (prepareTurn).
import crypto from "node:crypto";
import { SpanStatusCode, trace } from "@opentelemetry/api";
import { sleep } from "../async/sleep";
import type { Db } from "../db/context";
import { isUuid, literals, statementResults, uuidLiteral } from "../db/literals";
import { inTransaction, whenLocked } from "../db/pool";
import { join, raw, sql } from "../db/sql";
import { isDatabaseUnavailable } from "../db/unavailable";
import { Conflict, DomainError, Forbidden, NotFound } from "../errors";
import type { Side } from "../generated/prisma/enums";
import { imageStore } from "../images";
import { observeAnswer } from "../metrics";
import {
  type ChatTurn,
  type ModelTarget,
  type ParamRules,
  ProviderError,
  providerErrorFrom,
  rememberParamRules,
  type StreamEnd,
  streamChat,
  ThoughtCollector,
} from "../providers";
import { storableText, withoutNul } from "../text";
import { countTokens } from "../text/tokens";
import type { TurnEvent } from "./events";
import { ANSWER_HEARTBEAT_MS, answerStatus } from "./history";
import { countMarkdown, markdownTotals } from "./markdown";
import { admit, againLimits, BANNED_MESSAGE, checkStanding, rateLimits } from "./rate-limit";
import { arenaSettings } from "./settings";
import { STOPPED, StopRequested, stopWriting, whileWriting } from "./stops";

const tracer = () => trace.getTracer("vision-arena");

export type { TurnEvent } from "./events";

interface Target {
  side: Side;
  messageId: string;
  modelId: string;
  target: ModelTarget;
  /** what this side's model sees: prompts with images, and its own finished answers */
  history: ChatTurn[];
  /** set when the model's hourly limit is spent: the side fails at once with this error */
  refused?: ProviderError;
  /** the longest answer taken from this model, in characters */
  maxChars: number;
}

export interface TurnPlan {
  conversationId: string;
  turn: number;
  targets: Target[];
}

interface ClaimRow {
  visitorId: string | null;
  banned: boolean;
  turnCount: number;
  moderationStatus: string;
  voted: boolean;
  modelAId: string;
  modelBId: string | null;
  aModel: string;
  aType: ModelTarget["providerType"];
  aBase: string | null;
  aKey: string | null;
  aCap: number | null;
  bCap: number | null;
  aRules: ParamRules | null;
  bRules: ParamRules | null;
  bModel: string | null;
  bType: ModelTarget["providerType"] | null;
  bBase: string | null;
  bKey: string | null;
  messages:
    | (Omit<MessageRow, "responseAt" | "heartbeatAt"> & {
        responseAt: string | null;
        heartbeatAt: string | null;
      })[]
    | null;
}

interface MessageRow {
  id: string;
  side: Side;
  turn: number;
  role: "user" | "assistant";
  content: string;
  finishReason: string | null;
  error: string | null;
  responseAt: Date | null;
  heartbeatAt: Date | null;
  images: { key: string; mime: string }[] | null;
}

function statusOf(row: MessageRow) {
  return answerStatus(
    row.responseAt
      ? { finishReason: row.finishReason, error: row.error, createdAt: row.responseAt, heartbeatAt: row.heartbeatAt }
      : null,
  );
}

/**
 * Every image the conversation's prompts carry, read once from the store (concurrently): both sides' histories,
 * and every earlier turn, refer to the same few images.
 */
async function readImages(rows: MessageRow[]): Promise<Map<string, Uint8Array | null>> {
  const store = imageStore();
  const keys = [...new Set(rows.flatMap((row) => (row.role === "user" ? (row.images ?? []) : []).map((i) => i.key)))];
  const data = await Promise.all(keys.map((key) => store.get(key)));
  return new Map(keys.map((key, k) => [key, data[k] ?? null]));
}

function historyOf(
  rows: MessageRow[],
  side: Side,
  excluded: Set<string>,
  images: Map<string, Uint8Array | null>,
): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const row of rows) {
    if (row.side !== side || excluded.has(row.id)) continue;
    if (row.role === "user") {
      const attached = [];
      for (const image of row.images ?? []) {
        const data = images.get(image.key);
        if (data) attached.push({ data, mime: image.mime });
      }
      turns.push({ role: "user", text: row.content, images: attached });
    } else if (statusOf(row) === "done") {
      turns.push({ role: "assistant", text: row.content });
    }
  }
  return turns;
}

const CLAIM_QUERY = (
  conversationId: string,
) => `SELECT c."visitorId", c."turnCount", c."moderationStatus", c."modelAId", c."modelBId",
        EXISTS (SELECT 1 FROM "Vote" v WHERE v."conversationId" = c.id) AS voted,
        EXISTS (SELECT 1 FROM "Visitor" vis WHERE vis.id = c."visitorId" AND vis."bannedAt" IS NOT NULL) AS banned,
        ma."providerModelId" AS "aModel", pa.type::text AS "aType", pa."baseURL" AS "aBase", pa."apiKeyEnv" AS "aKey", ma."maxAnswerChars" AS "aCap", mb."maxAnswerChars" AS "bCap",
        ma."paramRules" AS "aRules", mb."paramRules" AS "bRules",
        mb."providerModelId" AS "bModel", pb.type::text AS "bType", pb."baseURL" AS "bBase", pb."apiKeyEnv" AS "bKey",
        (SELECT json_agg(json_build_object(
                  'id', m.id, 'side', m.side, 'turn', m.turn, 'role', m.role, 'content', m.content,
                  'finishReason', r."finishReason", 'error', r.error, 'responseAt', r."createdAt",
                  'heartbeatAt', r."heartbeatAt",
                  'images', (SELECT json_agg(json_build_object('key', i."storageKey", 'mime', i.mime) ORDER BY mi.position)
                               FROM "MessageImage" mi JOIN "Image" i ON i.sha256 = mi."imageSha256"
                              WHERE mi."messageId" = m.id))
                ORDER BY m.turn, m."createdAt")
           FROM "Message" m LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
          WHERE m."conversationId" = c.id AND NOT m.superseded) AS messages
   FROM "Conversation" c
   JOIN "Model" ma ON ma.id = c."modelAId" JOIN "Provider" pa ON pa.id = ma."providerId"
   LEFT JOIN "Model" mb ON mb.id = c."modelBId" LEFT JOIN "Provider" pb ON pb.id = mb."providerId"
   WHERE c.id = ${conversationId}`;

/** Which sides this request answers, from the locked conversation; throws the reason when there is none. */
function chooseSides(
  conversation: ClaimRow | undefined,
  input: { visitorId: string; sides?: Side[]; regenerate?: boolean },
) {
  if (!conversation || conversation.visitorId !== input.visitorId) {
    throw new NotFound("conversation_not_found", "no such conversation");
  }
  if (conversation.banned) throw new Forbidden("visitor_banned", BANNED_MESSAGE);
  if (conversation.moderationStatus === "flagged" || conversation.moderationStatus === "banned") {
    throw new Conflict("conversation_ended", "this conversation was stopped by the content filter");
  }
  if (conversation.voted) throw new Conflict("already_voted", "this battle has been voted on; start a new round");
  const turn = conversation.turnCount;
  const messages: MessageRow[] = (conversation.messages ?? []).map((m) => ({
    ...m,
    responseAt: m.responseAt ? new Date(m.responseAt) : null,
    heartbeatAt: m.heartbeatAt ? new Date(m.heartbeatAt) : null,
  }));
  const allSides: Side[] = conversation.modelBId ? ["a", "b"] : ["a"];
  const latest = new Map(
    messages
      .filter((m) => m.role === "assistant" && m.turn === turn)
      .map((m) => [m.side, { id: m.id, status: statusOf(m) }]),
  );
  if ([...latest.values()].some((s) => s.status === "pending")) {
    throw new Conflict("answer_in_progress", "an answer is still being written");
  }
  let sides = input.regenerate ? allSides : allSides.filter((side) => latest.get(side)?.status !== "done");
  if (input.sides) sides = sides.filter((side) => input.sides?.includes(side));
  if (sides.length === 0) throw new Conflict("nothing_to_answer", "every answer of this turn has already finished");
  const replaced = sides.map((side) => latest.get(side)?.id).filter((id): id is string => Boolean(id));
  const defaultCap = arenaSettings().maxAnswerChars;
  const targets = sides.map((side) => {
    const a = side === "a";
    return {
      side,
      maxChars: (a ? conversation.aCap : conversation.bCap) ?? defaultCap,
      messageId: crypto.randomUUID(),
      modelId: (a ? conversation.modelAId : conversation.modelBId) as string,
      target: {
        id: (a ? conversation.modelAId : conversation.modelBId) as string,
        providerType: (a ? conversation.aType : conversation.bType) as ModelTarget["providerType"],
        baseURL: a ? conversation.aBase : conversation.bBase,
        apiKeyEnv: a ? conversation.aKey : conversation.bKey,
        providerModelId: (a ? conversation.aModel : conversation.bModel) as string,
        paramRules: a ? conversation.aRules : conversation.bRules,
      },
    };
  });
  return { turn, targets, messages, replaced };
}

/**
 * Claims the sides to answer, under a row lock so two requests never answer the same side twice: sides with no
 * answer yet, or whose answer failed (a retry), or every side (regenerate, before a vote). It also reads the
 * histories and counts the models' hourly use, so that streaming can start right after.
 *
 * The row is locked by a statement of its own: the read after it takes a new snapshot, so it sees what a request
 * that held the lock before us wrote (one statement locking and reading would read from before the wait).
 * This sits between the prompt and the first token of every battle, so it takes two round trips: each is one
 * simple-protocol message of several statements (node-postgres sends parameterised statements one at a time).
 * Hence literals in the SQL (../db/literals): UUIDs checked or made by us, integers, and text quoted by the driver.
 * The claim commits without waiting for the disk (a claim lost to an OS crash only makes the visitor press Retry);
 * the usage counter is bumped after the commit, so a busy model's counter row is never locked for long.
 */
export async function prepareTurn(
  db: Db,
  input: { conversationId: string; visitorId: string; ipHash?: string | null; sides?: Side[]; regenerate?: boolean },
): Promise<TurnPlan> {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  // Regenerate and Retry (the only requests that name sides) call the models again: counted before the claim,
  // in a statement of its own, so a refused one supersedes no answer and holds no lock
  if (input.regenerate || input.sides) {
    await admit(
      db.pool,
      input.visitorId,
      againLimits(input.visitorId, input.ipHash ?? null, input.conversationId),
      checkStanding,
    );
  }
  const id = uuidLiteral(input.conversationId);
  const { claimed, usage } = await inTransaction(db.pool, async (client) => {
    // NOWAIT: a claim while another holds the battle is refused at once, never queued on a pooled connection
    const read = await client
      .query(
        `BEGIN; SET LOCAL synchronous_commit TO off;
         SELECT 1 FROM "Conversation" WHERE id = ${id} FOR UPDATE NOWAIT;
         ${CLAIM_QUERY(id)}`,
      )
      .catch(whenLocked(() => new Conflict("answer_in_progress", "an answer is still being written")));
    const claimed = chooseSides(statementResults<ClaimRow>(read)[3]?.rows[0], input);
    const sql = literals(client);
    const messageIds = sql.array(
      claimed.targets.map((t) => t.messageId),
      "uuid",
    );
    const windowMs = 3_600_000;
    const window = new Date(Math.floor(Date.now() / windowMs) * windowMs).toISOString();
    const written = await client.query(
      `WITH superseded AS (UPDATE "Message" SET superseded = true WHERE id = ANY(${sql.array(claimed.replaced, "uuid")})),
       inserted AS (
         INSERT INTO "Message" (id, "conversationId", side, turn, role, content)
         SELECT unnest(${messageIds}), ${id}, unnest(${sql.array(
           claimed.targets.map((t) => t.side),
           '"Side"',
         )}), ${sql.int(claimed.turn)}, 'assistant', ''
       )
       INSERT INTO "ResponseMeta" ("messageId", "modelId")
       SELECT unnest(${messageIds}), unnest(${sql.array(
         claimed.targets.map((t) => t.modelId),
         "text",
       )});
       COMMIT;
       BEGIN; SET LOCAL synchronous_commit TO off;
       INSERT INTO "RateLimitBucket" ("key", "windowStart", "count")
         SELECT k, ${sql.text(window)}::timestamptz AT TIME ZONE 'UTC', 1 FROM unnest(${sql.array(
           [...new Set(claimed.targets.map((t) => `model:${t.modelId}`))].sort(),
           "text",
         )}) AS k
       ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
       RETURNING "key", "count";
       COMMIT`,
    );
    // the statements: claim, COMMIT, BEGIN, SET, usage, COMMIT
    return { claimed, usage: statementResults<{ key: string; count: number }>(written)[4]?.rows ?? [] };
  });

  const limit = rateLimits().modelPerHour;
  const excluded = new Set(claimed.replaced);
  const images = await readImages(claimed.messages.filter((row) => claimed.targets.some((t) => t.side === row.side)));
  const targets: Target[] = [];
  for (const target of claimed.targets) {
    const used = Number(usage.find((u) => u.key === `model:${target.modelId}`)?.count ?? 0);
    targets.push({
      ...target,
      history: historyOf(claimed.messages, target.side, excluded, images),
      refused:
        used > limit
          ? new ProviderError(
              "This model is very busy right now; please try again later.",
              "provider_rate_limited",
              429,
            )
          : undefined,
    });
  }
  return { conversationId: input.conversationId, turn: claimed.turn, targets };
}

/** A reasoning model's thought as stored: apart from the answer, within the answer's ceiling, storable. */
function reasoningMeta(reasoning: StreamEnd["reasoning"], maxChars: number): Record<string, string | number | null> {
  if (!reasoning) return {};
  return {
    reasoning: reasoning.text ? storableText(reasoning.text.slice(0, maxChars)) : null,
    reasoningTokens: reasoning.tokens ?? null,
    thinkingMs: reasoning.ms,
  };
}

/** Stores an answer's text and what we measured about it, in one statement. */
async function saveAnswer(db: Db, messageId: string, text: string, meta: Record<string, string | number | null>) {
  const columns = Object.keys(meta);
  // the columns are ours (finishedMeta's keys), quoted as identifiers; the values are parameters
  const assignments = join(columns.map((c) => sql`${raw(`"${c}"`)} = ${meta[c] ?? null}`));
  await db.pool.query(
    // made well-formed on the whole answer, so a surrogate pair split across two deltas is whole again here
    sql`WITH message AS (UPDATE "Message" SET content = ${storableText(text)} WHERE id = ${messageId})
     UPDATE "ResponseMeta" SET ${assignments} WHERE "messageId" = ${messageId}`,
  );
}

/** How long a process keeps trying, in the background, to record an answer it could not save in time. */
const SAVE_GIVE_UP_MS = 10 * 60_000;

/**
 * Saves with retries while the database is unreachable (stopped, restarting, failing over): resolves true once
 * saved, false when `deadline` passes first. Errors that are not about reaching the database are thrown.
 */
async function saveWithRetry(
  db: Db,
  messageId: string,
  text: string,
  meta: Record<string, string | number | null>,
  deadline: number,
): Promise<boolean> {
  for (let wait = 200; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      await saveAnswer(db, messageId, text, meta);
      return true;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (Date.now() + wait > deadline) return false;
      await sleep(wait);
    }
  }
}

const UNSAVED_MESSAGE =
  "The answer could not be saved because the arena's database is unavailable. Press Retry in a moment.";

/**
 * Records an outcome; when the database stays away past ARENA_ANSWER_SAVE_WAIT_MS the visitor is told so, and the
 * answer is recorded as failed (with the text so far) as soon as the database is back, so Retry works then.
 * Returns the error to show, or null when the outcome was saved as it is.
 */
async function record(
  db: Db,
  target: Target,
  text: string,
  meta: Record<string, string | number | null>,
): Promise<{ code: string; message: string } | null> {
  try {
    const wait = arenaSettings().answerSaveWaitMs;
    if (await saveWithRetry(db, target.messageId, text, meta, Date.now() + wait)) return null;
  } catch (error) {
    console.error("an answer could not be saved:", error instanceof Error ? error.message : error);
  }
  const failed = { ...meta, finishReason: null, error: UNSAVED_MESSAGE, errorCode: "database_unavailable" };
  void saveWithRetry(db, target.messageId, text, failed, Date.now() + SAVE_GIVE_UP_MS).catch(() => false);
  return { code: "database_unavailable", message: UNSAVED_MESSAGE };
}

/** What is stored about a finished (or stopped, or cut) answer besides its text. */
async function finishedMeta(
  text: string,
  finishReason: string,
  timing: { started: number; firstTokenMs: number | null },
  extra: { reasoning?: StreamEnd["reasoning"]; maxChars: number; params: Record<string, unknown> },
): Promise<Record<string, string | number | null>> {
  const counts = countMarkdown(text);
  const totals = markdownTotals(counts);
  const now = performance.now();
  return {
    tokens: await countTokens(text),
    headerCount: totals.headers,
    listCount: totals.lists,
    boldCount: totals.bold,
    markdownDetail: JSON.stringify(counts),
    latencyFirstTokenMs: Math.round(timing.firstTokenMs ?? now - timing.started),
    latencyTotalMs: Math.round(now - timing.started),
    finishReason,
    ...reasoningMeta(extra.reasoning, extra.maxChars),
    params: JSON.stringify(extra.params),
  };
}

/** One model's answer, as a span of the battle's trace when tracing is on (a no-op otherwise). */
function answerSide(db: Db, plan: TurnPlan, target: Target, emit: (event: TurnEvent) => void): Promise<void> {
  return tracer().startActiveSpan(
    "model.answer",
    { attributes: { "arena.model": target.modelId, "arena.side": target.side, "arena.turn": plan.turn } },
    async (span) => {
      try {
        await answerSideTraced(db, plan, target, (event) => {
          if (event.type === "error") {
            span.setStatus({ code: SpanStatusCode.ERROR, message: event.code });
            span.setAttribute("arena.error", event.code);
          }
          if (event.type === "done") span.setAttribute("arena.finish_reason", event.finishReason);
          emit(event);
        });
      } finally {
        span.end();
      }
    },
  );
}

async function answerSideTraced(db: Db, plan: TurnPlan, target: Target, emit: (event: TurnEvent) => void) {
  const settings = arenaSettings();
  const started = performance.now();
  let firstTokenMs: number | null = null;
  let text = "";
  let learned: ParamRules | null = null;
  let remembering: Promise<void> = Promise.resolve();
  let thinkingShown = false;
  // the thought so far survives a Stop or a cut at the ceiling (the stream's own end never comes then)
  const thought = new ThoughtCollector(started);
  const controller = new AbortController();
  const unregister = whileWriting(target.messageId, () => controller.abort(new StopRequested()));
  const firstTokenTimer = setTimeout(
    () => controller.abort(new ProviderError("the model did not start answering in time", "provider_timeout")),
    settings.firstTokenTimeoutMs,
  );
  const totalTimer = setTimeout(
    () => controller.abort(new ProviderError("the model took too long to finish its answer", "provider_timeout")),
    settings.totalTimeoutMs,
  );
  // a model that started and then went silent frees its battle after stallTimeoutMs, not after the whole
  // totalTimeoutMs (one clock a second per side, rather than a timer reset on every delta)
  let lastDeltaAt = performance.now();
  /** the model has sent something: a word of its answer, or (an empty delta) a piece of thought */
  let alive = false;
  const stallClock = setInterval(() => {
    if (alive && performance.now() - lastDeltaAt > settings.stallTimeoutMs) {
      controller.abort(new ProviderError("the model stopped answering partway", "provider_timeout"));
    }
  }, 1_000);
  emit({ type: "start", side: target.side, turn: plan.turn });
  let capped = false;
  const params = () => ({
    temperature: settings.temperature,
    maxOutputTokens: settings.maxOutputTokens,
    ...(capped ? { cutAtChars: target.maxChars } : {}),
    ...(learned ? { paramRules: learned } : {}),
  });
  const timing = () => ({ started, firstTokenMs });
  let outcome: { meta: Record<string, string | number | null>; event: TurnEvent };
  try {
    if (target.refused) throw target.refused;
    const stream = streamChat(target.target, target.history, {
      signal: controller.signal,
      maxOutputTokens: settings.maxOutputTokens,
      temperature: settings.temperature,
      thought,
      onParamRulesLearned: (rules, detail) => {
        learned = rules;
        // one after the other, so the last rules learned are the ones kept
        remembering = remembering.then(() =>
          rememberParamRules(db.prisma, target.modelId, rules, detail).catch(() => undefined),
        );
      },
    });
    let next = await stream.next();
    while (!next.done) {
      if (!alive) {
        alive = true;
        clearTimeout(firstTokenTimer);
      }
      // the first visible word: a reasoning model's thinking (empty deltas) is timed apart, as thinkingMs
      if (firstTokenMs === null && next.value) firstTokenMs = performance.now() - started;
      if (!next.value && !thinkingShown && !text) {
        thinkingShown = true;
        emit({ type: "thinking", side: target.side });
      }
      // an answer past the model's ceiling is cut there: the provider's request is closed, the answer kept as
      // finished at that length (what a max_tokens stop would have given)
      // a NUL is not text anyone reads (and PostgreSQL cannot store it): dropped before it is shown or kept
      const clean = withoutNul(next.value);
      const room = target.maxChars - text.length;
      const delta = clean.length > room ? clean.slice(0, Math.max(0, room)) : clean;
      text += delta;
      lastDeltaAt = performance.now();
      if (delta) emit({ type: "delta", side: target.side, text: delta });
      if (text.length >= target.maxChars) {
        capped = true;
        controller.abort();
        await stream.return({ finishReason: "length" }).catch(() => undefined);
        break;
      }
      next = await stream.next();
    }
    const finish: StreamEnd = capped
      ? { finishReason: "length", ...(thought.text ? { reasoning: thought.result() } : {}) }
      : (next.value as StreamEnd);
    outcome = {
      meta: await finishedMeta(text, finish.finishReason, timing(), {
        reasoning: finish.reasoning,
        maxChars: target.maxChars,
        params: params(),
      }),
      event: { type: "done", side: target.side, finishReason: finish.finishReason },
    };
  } catch (raw) {
    if (controller.signal.reason instanceof StopRequested) {
      // stopped by the visitor: kept as finished at what was shown, so the battle can still be voted
      outcome = {
        meta: await finishedMeta(text, STOPPED, timing(), {
          reasoning: thought.text ? thought.result() : undefined,
          maxChars: target.maxChars,
          params: params(),
        }),
        event: { type: "done", side: target.side, finishReason: STOPPED },
      };
    } else {
      const error =
        raw instanceof ProviderError
          ? raw
          : raw instanceof DomainError
            ? new ProviderError(raw.message, "provider_rate_limited", 429)
            : providerErrorFrom(raw);
      outcome = {
        meta: {
          error: error.message,
          errorCode: error.code,
          latencyFirstTokenMs: firstTokenMs === null ? null : Math.round(firstTokenMs),
          latencyTotalMs: Math.round(performance.now() - started),
        },
        event: {
          type: "error",
          side: target.side,
          code: error.code,
          message: error.message,
          ...(error.retryable ? {} : { retryable: false }),
        },
      };
    }
  } finally {
    unregister();
    clearTimeout(firstTokenTimer);
    clearTimeout(totalTimer);
    clearInterval(stallClock);
  }
  observeAnswer(target.modelId, {
    finishReason: typeof outcome.meta.finishReason === "string" ? outcome.meta.finishReason : null,
    errorCode: typeof outcome.meta.errorCode === "string" ? outcome.meta.errorCode : null,
    firstTokenMs,
    totalMs: performance.now() - started,
  });
  await remembering;
  const unsaved = await record(db, target, text, outcome.meta);
  emit(unsaved ? { type: "error", side: target.side, code: unsaved.code, message: unsaved.message } : outcome.event);
}

/**
 * Tells the database, every few seconds, that these answers are still being written (see STALE_ANSWER_MS), and
 * learns of a Stop received by another instance.
 */
function startHeartbeat(db: Db, plan: TurnPlan): () => void {
  const ids = plan.targets.map((t) => t.messageId);
  const timer = setInterval(() => {
    db.pool
      .query<{ messageId: string }>(
        sql`WITH beat AS (
           UPDATE "ResponseMeta" SET "heartbeatAt" = now()
            WHERE "messageId" = ANY(${ids}::uuid[]) AND "finishReason" IS NULL AND error IS NULL
           RETURNING "messageId", "stopRequestedAt")
         SELECT "messageId" FROM beat WHERE "stopRequestedAt" IS NOT NULL`,
      )
      // a Stop another instance received: read back here, so it takes at most one heartbeat
      .then(({ rows }) => stopWriting(rows.map((r) => r.messageId)))
      .catch(() => undefined); // a missed heartbeat only makes the answer look stale sooner
  }, ANSWER_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** How long deltas after a side's first one may wait to be sent together (fewer, larger writes under load). */
const COALESCE_MS = 40;

/**
 * Runs the planned answers concurrently and streams their events as NDJSON. A side's first delta goes out at
 * once; later ones are gathered for a few milliseconds, which keeps the CPU cost per token low when many battles
 * stream at the same time. The answers are finished and stored even if the browser goes away.
 */
export function streamTurn(db: Db, plan: TurnPlan): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (events: TurnEvent[]) => {
        if (!open || events.length === 0) return;
        try {
          controller.enqueue(encoder.encode(events.map((e) => `${JSON.stringify(e)}\n`).join("")));
        } catch {
          open = false;
        }
      };
      const pending = new Map<Side, string>();
      const started = new Set<Side>();
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        timer = null;
        const events: TurnEvent[] = [...pending].map(([side, text]) => ({ type: "delta", side, text }));
        pending.clear();
        write(events);
      };
      const emit = (event: TurnEvent) => {
        if (event.type === "delta") {
          if (!started.has(event.side)) {
            started.add(event.side);
            write([event]);
            return;
          }
          pending.set(event.side, (pending.get(event.side) ?? "") + event.text);
          timer ??= setTimeout(flush, COALESCE_MS);
          return;
        }
        if (timer) clearTimeout(timer);
        flush();
        write([event]);
      };
      const stopHeartbeat = startHeartbeat(db, plan);
      void Promise.all(plan.targets.map((target) => answerSide(db, plan, target, emit))).finally(() => {
        stopHeartbeat();
        emit({ type: "end" });
        if (open) controller.close();
        open = false;
      });
    },
    cancel() {
      open = false;
    },
  });
}
