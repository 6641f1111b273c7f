import { envNumber } from "../config/env";
export function arenaSettings(env: Record<string, string | undefined> = process.env) {
  const n = envNumber;
  return {
    turnLimit: n(env.ARENA_TURN_LIMIT, 50),
    /** FastChat: 30000 characters in battles, 12000 in named and direct chat */
    battlePromptChars: n(env.ARENA_MAX_PROMPT_CHARS, 30000),
    chatPromptChars: n(env.ARENA_MAX_CHAT_PROMPT_CHARS, 12000),
    firstTokenTimeoutMs: n(env.ARENA_FIRST_TOKEN_TIMEOUT_MS, 30_000),
    totalTimeoutMs: n(env.ARENA_TOTAL_TIMEOUT_MS, 180_000),
    maxOutputTokens: n(env.ARENA_MAX_OUTPUT_TOKENS, 2048),
    temperature: env.ARENA_TEMPERATURE ? Number(env.ARENA_TEMPERATURE) : 0.7,
    termsVersion: env.ARENA_TERMS_VERSION ?? "2026-11",
    /** how long a finished answer's stream waits for an unreachable database before telling the visitor */
    answerSaveWaitMs: n(env.ARENA_ANSWER_SAVE_WAIT_MS, 15_000),
  };
}
