// What is stored when a side's answer ends: its text and what we measured about it (tokens, markdown, latency,
// the model's thought), saved with retries while the database is away, and the visitor told when it stays away.
import { sleep } from "../async/sleep";
import type { Db } from "../db/context";
import { join, raw, sql } from "../db/sql";
import { isDatabaseUnavailable } from "../db/unavailable";
import type { StreamEnd } from "../providers";
import { storableText } from "../text";
import { countTokens } from "../text/tokens";
import { countMarkdown, markdownTotals } from "./markdown";
import { arenaSettings } from "./settings";

export type AnswerMeta = Record<string, string | number | null>;

/** A reasoning model's thought as stored: apart from the answer, within the answer's ceiling, storable. */
function reasoningMeta(reasoning: StreamEnd["reasoning"], maxChars: number): AnswerMeta {
  if (!reasoning) return {};
  return {
    reasoning: reasoning.text ? storableText(reasoning.text.slice(0, maxChars)) : null,
    reasoningTokens: reasoning.tokens ?? null,
    thinkingMs: reasoning.ms,
  };
}

/** Stores an answer's text and what we measured about it, in one statement. */
async function saveAnswer(db: Db, messageId: string, text: string, meta: AnswerMeta) {
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
  meta: AnswerMeta,
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
export async function record(
  db: Db,
  messageId: string,
  text: string,
  meta: AnswerMeta,
): Promise<{ code: string; message: string } | null> {
  try {
    const wait = arenaSettings().answerSaveWaitMs;
    if (await saveWithRetry(db, messageId, text, meta, Date.now() + wait)) return null;
  } catch (error) {
    console.error("an answer could not be saved:", error instanceof Error ? error.message : error);
  }
  const failed = { ...meta, finishReason: null, error: UNSAVED_MESSAGE, errorCode: "database_unavailable" };
  void saveWithRetry(db, messageId, text, failed, Date.now() + SAVE_GIVE_UP_MS).catch(() => false);
  return { code: "database_unavailable", message: UNSAVED_MESSAGE };
}

/** What is stored about a finished (or stopped, or cut) answer besides its text. */
export async function finishedMeta(
  text: string,
  finishReason: string,
  timing: { started: number; firstTokenMs: number | null },
  extra: {
    reasoning?: StreamEnd["reasoning"];
    maxChars: number;
    params: Record<string, unknown>;
    /** the provider's count of the prompt's tokens (the spend estimate, lib/arena/budgets) */
    inputTokens?: number;
  },
): Promise<AnswerMeta> {
  const counts = countMarkdown(text);
  const totals = markdownTotals(counts);
  const now = performance.now();
  return {
    tokens: await countTokens(text),
    inputTokens: extra.inputTokens ?? null,
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
