// Judging: a judge model compares a candidate run's answers with an anchor run's, item by item, in two games with
// the positions swapped (game 1: anchor as A; game 2: candidate as A), as arena-hard-auto and the VisionArena paper
// do. Every game is written as soon as the judge has answered, so a judging killed at any point resumes with only
// the missing games: no judgment is asked for twice. A text without a verdict gets one more call asking the judge to
// finish; if that has none either the game is stored as invalid (counted, never dropped). Provider failures are
// retried with backoff and, for good, recorded and retried on the next resume.
import { createHash } from "node:crypto";
import { setMaxListeners } from "node:events";
import { z } from "zod";
import { withTryLock } from "../db/advisory-lock";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { domainError } from "../errors";
import { callWithRetries, complete, costOf, type ExecuteOptions, gatesFrom, targetOf } from "../evals";
import { loadImage } from "../images";
import { type ChatTurn, type ImageInput, ProviderError } from "../providers";
import {
  JUDGE_FINISH_PROMPT,
  JUDGE_PROMPT_VERSION,
  JUDGE_SYSTEM_PROMPT,
  joinTurns,
  judgeUserPrompt,
} from "./judge-prompt";
import { parseVerdict } from "./verdicts";

export class JudgingError extends domainError("invalid", "invalid_judging") {}

export const judgeSettings = z
  .object({
    promptVersion: z.literal(JUDGE_PROMPT_VERSION).default(JUDGE_PROMPT_VERSION),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(64).max(64_000).default(4096),
  })
  .strict();
export type JudgeSettings = z.infer<typeof judgeSettings>;

const settingsKey = (settings: JudgeSettings) =>
  createHash("sha256")
    .update(JSON.stringify([settings.promptVersion, settings.temperature, settings.maxTokens]))
    .digest("hex")
    .slice(0, 16);

/** The judging of a candidate run against an anchor run by a judge: found again when it exists, else created. */
export async function createJudging(
  db: Db,
  input: { candidateRunId: string; anchorRunId: string; judge: string; settings?: Partial<JudgeSettings> },
) {
  const [candidate, anchor] = await Promise.all([
    db.prisma.evalRun.findUnique({ where: { id: input.candidateRunId } }),
    db.prisma.evalRun.findUnique({ where: { id: input.anchorRunId } }),
  ]);
  if (!candidate) throw new JudgingError(`no run '${input.candidateRunId}'`);
  if (!anchor) throw new JudgingError(`no anchor run '${input.anchorRunId}'`);
  if (candidate.setId !== anchor.setId) throw new JudgingError("the candidate and anchor runs answer different sets");
  if (candidate.id === anchor.id) throw new JudgingError("a run cannot be judged against itself");
  const judge = await db.prisma.model.findUnique({ where: { id: input.judge } });
  if (!judge) throw new JudgingError(`no judge model '${input.judge}' in the registry`);
  const parsed = judgeSettings.safeParse(input.settings ?? {});
  if (!parsed.success) throw new JudgingError(`judge settings: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const key = settingsKey(parsed.data);
  return db.prisma.judgeRun.upsert({
    where: {
      candidateRunId_anchorRunId_judgeModelId_settingsKey: {
        candidateRunId: candidate.id,
        anchorRunId: anchor.id,
        judgeModelId: judge.id,
        settingsKey: key,
      },
    },
    create: {
      candidateRunId: candidate.id,
      anchorRunId: anchor.id,
      judgeModelId: judge.id,
      settings: parsed.data,
      settingsKey: key,
    },
    update: {},
  });
}

/** The same knobs as an answer run: stop signal, calls per provider, attempts, backoff, progress. */
export type JudgeOptions = ExecuteOptions;

export interface JudgeResult {
  judgeRunId: string;
  status: "done" | "failed" | "cancelled" | "busy";
  judged: number;
  invalid: number;
  failed: number;
  skipped: number;
  /** items whose candidate or anchor answer is missing or failed: not judged yet */
  waiting: number;
}

interface GameRow {
  itemId: string;
  game: number;
  turns: { content: string }[];
  images: string[] | null;
  candidate: string[];
  anchor: string[];
}

/** Judges the games of a judging that have no judgment yet (or only a failed call). One execution at a time. */
export function executeJudging(db: Db, judgeRunId: string, options: JudgeOptions = {}): Promise<JudgeResult> {
  return withTryLock(
    db,
    `judge-run:${judgeRunId}`,
    () => judgeLocked(db, judgeRunId, options),
    () => ({ judgeRunId, status: "busy" as const, judged: 0, invalid: 0, failed: 0, skipped: 0, waiting: 0 }),
  );
}

async function judgeLocked(db: Db, judgeRunId: string, options: JudgeOptions): Promise<JudgeResult> {
  const run = await db.prisma.judgeRun.findUnique({
    where: { id: judgeRunId },
    include: { judge: { include: { provider: true } }, candidate: true },
  });
  if (!run) throw new JudgingError(`no judging '${judgeRunId}'`);
  const settings = judgeSettings.parse(run.settings);
  // every call in flight and every backoff listens to the stop signal: dozens at once is expected, not a leak
  if (options.signal) setMaxListeners(0, options.signal);
  const target = targetOf(run.judge);
  // both games of every item whose two answers are complete, less the games already judged (a failed call is
  // asked again; an invalid verdict is a result and stays)
  const { rows: games } = await db.pool.query<GameRow>(
    sql`SELECT i.id AS "itemId", g.game, i.turns,
            (SELECT array_agg(pi."imageSha256" ORDER BY pi.position) FROM "PromptItemImage" pi
              WHERE pi."itemId" = i.id) AS images,
            c.turns AS candidate, an.turns AS anchor
       FROM "PromptItem" i
       JOIN "EvalAnswer" c ON c."itemId" = i.id AND c."runId" = ${run.candidateRunId} AND c.error IS NULL
       JOIN "EvalAnswer" an ON an."itemId" = i.id AND an."runId" = ${run.anchorRunId} AND an.error IS NULL
       CROSS JOIN (VALUES (1), (2)) AS g(game)
       LEFT JOIN "Judgment" j ON j."judgeRunId" = ${judgeRunId} AND j."itemId" = i.id AND j.game = g.game
      WHERE i."setId" = ${run.candidate.setId} AND (j."itemId" IS NULL OR j.error IS NOT NULL)
      ORDER BY i.position, g.game`,
  );
  const counts = (
    await db.pool.query<{ items: number; ready: number; judged: number }>(
      sql`SELECT (SELECT count(*)::int FROM "PromptItem" WHERE "setId" = ${run.candidate.setId}) AS items,
              (SELECT count(*)::int FROM "EvalAnswer" c JOIN "EvalAnswer" an
                  ON an."itemId" = c."itemId" AND an."runId" = ${run.anchorRunId} AND an.error IS NULL
                WHERE c."runId" = ${run.candidateRunId} AND c.error IS NULL) AS ready,
              (SELECT count(*)::int FROM "Judgment" WHERE "judgeRunId" = ${judgeRunId} AND error IS NULL) AS judged`,
    )
  ).rows[0] ?? { items: 0, ready: 0, judged: 0 };
  const total = counts.ready * 2;
  await db.prisma.judgeRun.update({
    where: { id: judgeRunId },
    data: { status: "running", startedAt: run.startedAt ?? new Date(), error: null, finishedAt: null },
  });
  const gates = gatesFrom(options);
  const providerKey = run.judge.providerId;
  const imageCache = new Map<string, Promise<ImageInput>>();
  const imageOf = (sha: string) => {
    let image = imageCache.get(sha);
    if (!image) {
      image = loadImage(db.prisma, sha).then((found) => {
        if (!found) throw new JudgingError(`image ${sha} is missing from storage`);
        return { data: found.data, mime: found.mime };
      });
      imageCache.set(sha, image);
    }
    return image;
  };
  let done = counts.judged;
  let judged = 0;
  let invalid = 0;
  let failed = 0;
  options.onProgress?.(done, total);

  const judgeGame = async (row: GameRow) => {
    const images = await Promise.all((row.images ?? []).map(imageOf));
    const question = joinTurns(row.turns.map((t) => t.content));
    const [a, b] = row.game === 1 ? [row.anchor, row.candidate] : [row.candidate, row.anchor];
    const history: ChatTurn[] = [{ role: "user", text: judgeUserPrompt(question, joinTurns(a), joinTurns(b)), images }];
    const callOptions = {
      signal: options.signal,
      system: JUDGE_SYSTEM_PROMPT,
      temperature: settings.temperature,
      maxOutputTokens: settings.maxTokens,
    };
    let judgment = "";
    let verdict: string | null = null;
    let calls = 0;
    let inputTokens = 0;
    let outputTokens = 0;
    const outcome = await callWithRetries(
      async () => {
        const first = await complete(target, history, callOptions);
        calls = 1;
        judgment = first.text;
        inputTokens = first.inputTokens;
        outputTokens = first.outputTokens;
        verdict = parseVerdict(first.text);
        if (verdict) return;
        // no verdict: ask once more in the same conversation, as arena-hard-auto does
        const second = await complete(
          target,
          [...history, { role: "assistant", text: first.text }, { role: "user", text: JUDGE_FINISH_PROMPT }],
          callOptions,
        );
        calls = 2;
        judgment = `${first.text}\n\n${second.text}`;
        inputTokens += second.inputTokens;
        outputTokens += second.outputTokens;
        verdict = parseVerdict(second.text);
      },
      {
        gates,
        providerKey,
        attempts: options.attempts,
        backoffMs: options.backoffMs,
        signal: options.signal,
        isOwnError: (error) => error instanceof JudgingError,
      },
    );
    if (!outcome) return;
    if (!outcome.ok) {
      await saveJudgment(db, judgeRunId, row, {
        judgment,
        verdict: null,
        calls: Math.max(calls, 1),
        error: outcome.error.message,
        errorCode: outcome.error instanceof ProviderError ? outcome.error.code : "judging_error",
        latencyMs: outcome.latencyMs,
      });
      failed++;
      return;
    }
    await saveJudgment(db, judgeRunId, row, {
      judgment,
      verdict,
      calls,
      inputTokens,
      outputTokens,
      costUsd: costOf(run.judge, inputTokens, outputTokens),
      latencyMs: outcome.latencyMs,
    });
    if (verdict) judged++;
    else invalid++;
    done++;
    options.onProgress?.(done, total);
  };
  // anything else that goes wrong with one game (an image gone from storage) is recorded as that game's failure
  const recordFailure = async (row: GameRow, error: unknown) => {
    await saveJudgment(db, judgeRunId, row, {
      judgment: "",
      verdict: null,
      calls: 0,
      error: error instanceof Error ? error.message : String(error),
      errorCode: "judging_error",
      latencyMs: 0,
    });
    failed++;
  };
  await Promise.all(games.map((row) => judgeGame(row).catch((error) => recordFailure(row, error))));
  const waiting = counts.items - counts.ready;
  const status = options.signal?.aborted ? "cancelled" : failed > 0 ? "failed" : "done";
  const notes = [
    failed > 0 ? `${failed} of ${total} games failed; judge again to retry them` : "",
    waiting > 0 ? `${waiting} items wait for a complete candidate and anchor answer` : "",
  ].filter(Boolean);
  await db.prisma.judgeRun.update({
    where: { id: judgeRunId },
    data: { status, finishedAt: status === "done" ? new Date() : null, error: notes.join("; ") || null },
  });
  return { judgeRunId, status, judged, invalid, failed, skipped: total - games.length, waiting };
}

async function saveJudgment(
  db: Db,
  judgeRunId: string,
  row: GameRow,
  result: {
    judgment: string;
    verdict: string | null;
    calls: number;
    error?: string;
    errorCode?: string;
    inputTokens?: number;
    outputTokens?: number;
    costUsd?: number | null;
    latencyMs: number;
  },
) {
  // plain SQL, not Prisma's upsert: one statement per judgment on the hot path of a judging at full concurrency
  // (bench:evals at concurrency 32 against a 50 ms judge: 542 calls/s with Prisma's upsert, 598 with this; bound 640)
  await db.pool.query(
    sql`INSERT INTO "Judgment" ("judgeRunId", "itemId", game, judgment, verdict, calls, error, "errorCode",
                             "inputTokens", "outputTokens", "costUsd", "latencyMs")
     VALUES (${judgeRunId}, ${row.itemId}, ${row.game}, ${result.judgment}, ${result.verdict}, ${result.calls}, ${result.error ?? null}, ${result.errorCode ?? null}, ${result.inputTokens ?? null}, ${result.outputTokens ?? null}, ${result.costUsd ?? null}, ${result.latencyMs})
     ON CONFLICT ("judgeRunId", "itemId", game) DO UPDATE SET
       judgment = EXCLUDED.judgment, verdict = EXCLUDED.verdict, calls = EXCLUDED.calls, error = EXCLUDED.error,
       "errorCode" = EXCLUDED."errorCode", "inputTokens" = EXCLUDED."inputTokens",
       "outputTokens" = EXCLUDED."outputTokens", "costUsd" = EXCLUDED."costUsd", "latencyMs" = EXCLUDED."latencyMs",
       "createdAt" = now()`,
  );
}
