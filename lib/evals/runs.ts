// Runs: a registered model answers every item of a prompt set with fixed settings, through the arena's provider
// adapters. Each answer is written as soon as it is complete, so a run killed at any point resumes with only the
// missing items (and items that failed for good) — no completed answer is asked for twice. Calls to one provider
// are limited in number, paused by 429 with Retry-After, and retried with backoff; every call's tokens are kept
// with a cost estimate from the model's prices.
import { setMaxListeners } from "node:events";
import { z } from "zod";
import { withTryLock } from "../db/advisory-lock";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { domainError } from "../errors";
import { loadImage } from "../images";
import { type ChatTurn, type ImageInput, ProviderError } from "../providers";
import { callWithRetries, complete, costOf, targetOf } from "./model-call";
import { findPromptSet, type PromptTurn } from "./prompt-sets";
import { gatesFrom, type ProviderGates } from "./provider-gates";
import { DESCRIPTION_SLOT } from "./slots";

export class EvalRunError extends domainError("invalid", "invalid_run") {}

export const runSettings = z
  .object({
    system: z.string().max(20_000).optional(),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(1).max(64_000).default(4096),
    /** sent to providers that take one (OpenAI-compatible, Gemini): the drift watch pins it with temperature 0 */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .strict();
export type RunSettings = z.infer<typeof runSettings>;

export async function createRun(db: Db, input: { set: string; model: string; settings?: Partial<RunSettings> }) {
  const set = await findPromptSet(db, input.set).catch((error: Error) => {
    throw new EvalRunError(error.message);
  });
  const model = await db.prisma.model.findUnique({ where: { id: input.model } });
  if (!model) throw new EvalRunError(`no model '${input.model}' in the registry`);
  const parsed = runSettings.safeParse(input.settings ?? {});
  if (!parsed.success) throw new EvalRunError(`run settings: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return db.prisma.evalRun.create({ data: { setId: set.id, modelId: model.id, settings: parsed.data } });
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  /** calls in flight per provider (ARENA_EVAL_CONCURRENCY, default 4) */
  concurrency?: number;
  /** attempts per item before it is recorded as failed (default 4) */
  attempts?: number;
  /** the first backoff; doubled each attempt (default 1 s) */
  backoffMs?: number;
  gates?: ProviderGates;
  onProgress?: (done: number, total: number) => void;
}

export interface ExecuteResult {
  runId: string;
  /** busy: another process is executing this run right now */
  status: "done" | "failed" | "cancelled" | "busy";
  answered: number;
  failed: number;
  skipped: number;
}

interface ItemRow {
  id: string;
  turns: PromptTurn[];
  images: { sha: string }[] | null;
  /** "scratchpad": describe the images first, then answer from the description alone (IsoBench's IsoScratchPad) */
  mode: string | null;
}

/**
 * Answers the items of a run that have no answer yet (or only a failed one). One execution of a run at a time,
 * across processes (an advisory lock held for the whole execution); a second one returns at once as skipped.
 */
export function executeRun(db: Db, runId: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  return withTryLock(
    db,
    `eval-run:${runId}`,
    () => executeLocked(db, runId, options),
    () => ({ runId, status: "busy" as const, answered: 0, failed: 0, skipped: 0 }),
  );
}

async function executeLocked(db: Db, runId: string, options: ExecuteOptions): Promise<ExecuteResult> {
  const run = await db.prisma.evalRun.findUnique({
    where: { id: runId },
    include: { model: { include: { provider: true } } },
  });
  if (!run) throw new EvalRunError(`no run '${runId}'`);
  const settings = runSettings.parse(run.settings);
  // every call in flight and every backoff listens to the stop signal: dozens at once is expected, not a leak
  if (options.signal) setMaxListeners(0, options.signal);
  const target = targetOf(run.model);
  const { rows: items } = await db.pool.query<ItemRow>(
    sql`SELECT i.id, i.turns, i.metadata->>'mode' AS mode,
            (SELECT json_agg(json_build_object('sha', pi."imageSha256") ORDER BY pi.position)
               FROM "PromptItemImage" pi WHERE pi."itemId" = i.id) AS images
       FROM "PromptItem" i
       LEFT JOIN "EvalAnswer" a ON a."itemId" = i.id AND a."runId" = ${runId}
      WHERE i."setId" = ${run.setId} AND (a."itemId" IS NULL OR a.error IS NOT NULL)
      ORDER BY i.position`,
  );
  const total = await db.prisma.promptItem.count({ where: { setId: run.setId } });
  await db.prisma.evalRun.update({
    where: { id: runId },
    data: { status: "running", startedAt: run.startedAt ?? new Date(), error: null, finishedAt: null },
  });
  const gates = gatesFrom(options);
  const providerKey = run.model.providerId;
  let done = total - items.length;
  let failed = 0;
  options.onProgress?.(done, total);
  const answerItem = async (item: ItemRow) => {
    const images: ImageInput[] = [];
    for (const { sha } of item.images ?? []) {
      const image = await loadImage(db.prisma, sha);
      if (!image) throw new EvalRunError(`image ${sha} of item ${item.id} is missing from storage`);
      images.push({ data: image.data, mime: image.mime });
    }
    const retry = {
      gates,
      providerKey,
      attempts: options.attempts,
      backoffMs: options.backoffMs,
      signal: options.signal,
    };
    let answers: string[] = [];
    let inputTokens = 0;
    let outputTokens = 0;
    let finishReason = "";
    const outcome = await callWithRetries(
      async () => {
        // each attempt starts the item afresh
        const history: ChatTurn[] = [];
        answers = [];
        inputTokens = 0;
        outputTokens = 0;
        for (const [i, turn] of item.turns.entries()) {
          if (item.mode === "scratchpad" && i > 0) {
            // a fresh conversation without the images: the answer rests on the description alone
            history.length = 0;
            history.push({ role: "user", text: turn.content.replace(DESCRIPTION_SLOT, answers[0] ?? ""), images: [] });
          } else history.push({ role: "user", text: turn.content, images: i === 0 ? images : [] });
          const { text, ...call } = await complete(target, history, {
            signal: options.signal,
            maxOutputTokens: settings.maxTokens,
            temperature: settings.temperature,
            ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
            ...(settings.system ? { system: settings.system } : {}),
          });
          finishReason = call.finishReason;
          inputTokens += call.inputTokens;
          outputTokens += call.outputTokens;
          answers.push(text);
          history.push({ role: "assistant", text });
        }
      },
      { ...retry, isOwnError: (error) => error instanceof EvalRunError },
    );
    if (!outcome) return; // stopped: nothing half-done is written
    if (!outcome.ok) {
      await saveAnswer(db, runId, item.id, {
        turns: answers,
        error: outcome.error.message,
        errorCode: outcome.error instanceof ProviderError ? outcome.error.code : "eval_error",
        attempts: outcome.attempts,
        latencyMs: outcome.latencyMs,
      });
      failed++;
      options.onProgress?.(done, total);
      return;
    }
    await saveAnswer(db, runId, item.id, {
      turns: answers,
      finishReason,
      inputTokens,
      outputTokens,
      costUsd: costOf(run.model, inputTokens, outputTokens),
      attempts: outcome.attempts,
      latencyMs: outcome.latencyMs,
    });
    done++;
    options.onProgress?.(done, total);
  };
  // every item is started at once; the provider's gate decides how many call at the same time
  // anything else that goes wrong with one item (an image gone from storage) is that item's failure, recorded so the
  // run ends as failed with a reason instead of dying with the item and staying "running"
  const recordFailure = async (item: ItemRow, error: unknown) => {
    await saveAnswer(db, runId, item.id, {
      turns: [],
      error: error instanceof Error ? error.message : String(error),
      errorCode: "eval_error",
      attempts: 1,
      latencyMs: 0,
    });
    failed++;
  };
  await Promise.all(items.map((item) => answerItem(item).catch((error) => recordFailure(item, error))));
  const status = options.signal?.aborted ? "cancelled" : failed > 0 ? "failed" : "done";
  await db.prisma.evalRun.update({
    where: { id: runId },
    data: {
      status,
      finishedAt: status === "done" ? new Date() : null,
      error: failed > 0 ? `${failed} of ${total} items failed; run it again to retry them` : null,
    },
  });
  return { runId, status, answered: done, failed, skipped: total - items.length };
}

async function saveAnswer(
  db: Db,
  runId: string,
  itemId: string,
  answer: {
    turns: string[];
    finishReason?: string;
    error?: string;
    errorCode?: string;
    inputTokens?: number;
    outputTokens?: number;
    costUsd?: number | null;
    attempts: number;
    latencyMs: number;
  },
) {
  const data = {
    turns: answer.turns,
    finishReason: answer.finishReason ?? null,
    error: answer.error ?? null,
    errorCode: answer.errorCode ?? null,
    inputTokens: answer.inputTokens ?? null,
    outputTokens: answer.outputTokens ?? null,
    costUsd: answer.costUsd ?? null,
    attempts: answer.attempts,
    latencyMs: answer.latencyMs,
  };
  await db.prisma.evalAnswer.upsert({
    where: { runId_itemId: { runId, itemId } },
    create: { runId, itemId, ...data },
    update: data,
  });
}

export interface RunStatus {
  id: string;
  set: string;
  model: string;
  status: string;
  items: number;
  answered: number;
  failed: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  error: string | null;
  createdAt: Date;
}

export async function runStatuses(db: Db, runId?: string): Promise<RunStatus[]> {
  const { rows } = await db.pool.query<RunStatus & { costKnown: boolean }>(
    sql`SELECT r.id, s.name || '@' || s.version AS set, r."modelId" AS model, r.status::text AS status, r.error,
            r."createdAt",
            (SELECT count(*)::int FROM "PromptItem" i WHERE i."setId" = r."setId") AS items,
            count(a."itemId") FILTER (WHERE a.error IS NULL)::int AS answered,
            count(a."itemId") FILTER (WHERE a.error IS NOT NULL)::int AS failed,
            coalesce(sum(a."inputTokens"), 0)::int AS "inputTokens",
            coalesce(sum(a."outputTokens"), 0)::int AS "outputTokens",
            sum(a."costUsd") AS "costUsd"
       FROM "EvalRun" r JOIN "PromptSet" s ON s.id = r."setId"
       LEFT JOIN "EvalAnswer" a ON a."runId" = r.id
      WHERE (${runId ?? null}::uuid IS NULL OR r.id = ${runId ?? null}::uuid)
      GROUP BY r.id, s.name, s.version
      ORDER BY r."createdAt" DESC`,
  );
  return rows.map(({ costKnown: _k, ...r }) => ({ ...r, costUsd: r.costUsd === null ? null : Number(r.costUsd) }));
}
