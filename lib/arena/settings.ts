import { type Config, config } from "../config";

export function arenaSettings(c: Config = config()) {
  return {
    turnLimit: c.ARENA_TURN_LIMIT,
    /** FastChat: 30000 characters in battles, 12000 in named and direct chat */
    battlePromptChars: c.ARENA_MAX_PROMPT_CHARS,
    chatPromptChars: c.ARENA_MAX_CHAT_PROMPT_CHARS,
    firstTokenTimeoutMs: c.ARENA_FIRST_TOKEN_TIMEOUT_MS,
    totalTimeoutMs: c.ARENA_TOTAL_TIMEOUT_MS,
    stallTimeoutMs: c.ARENA_STALL_TIMEOUT_MS,
    maxOutputTokens: c.ARENA_MAX_OUTPUT_TOKENS,
    maxAnswerChars: c.ARENA_MAX_ANSWER_CHARS,
    temperature: c.ARENA_TEMPERATURE,
    termsVersion: c.ARENA_TERMS_VERSION,
    /** how long a finished answer's stream waits for an unreachable database before telling the visitor */
    answerSaveWaitMs: c.ARENA_ANSWER_SAVE_WAIT_MS,
    /** per hour unless named otherwise (429 with Retry-After past them) */
    rates: {
      visitorPerHour: c.ARENA_RATE_VISITOR_PER_HOUR,
      ipPerHour: c.ARENA_RATE_IP_PER_HOUR,
      modelPerHour: c.ARENA_RATE_MODEL_PER_HOUR,
      againPerBattle: c.ARENA_RATE_REGENERATE_PER_BATTLE,
      againVisitorPerHour: c.ARENA_RATE_REGENERATE_VISITOR_PER_HOUR,
      againIpPerHour: c.ARENA_RATE_REGENERATE_IP_PER_HOUR,
      reportsPerHour: c.ARENA_RATE_REPORTS_PER_HOUR,
    },
  };
}
