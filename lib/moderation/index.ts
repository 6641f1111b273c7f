// Pluggable checks a prompt passes before it reaches a provider: built-in limits, a configurable blocklist, and
// the OpenAI moderation endpoint when a key is configured.
import { type Config, config } from "../config";

export interface ModerationVerdict {
  flagged: boolean;
  /** which check flagged it, and why (stored with the flag, shown to admins) */
  source?: string;
  reason?: string;
}

export type ModerationCheck = (text: string) => Promise<ModerationVerdict>;

const CLEAR: ModerationVerdict = { flagged: false };

export function blocklistCheck(words: string[]): ModerationCheck {
  const patterns = words
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean)
    .map((w) => ({
      word: w,
      re: new RegExp(`(^|[^\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}])`, "iu"),
    }));
  return async (text) => {
    const hit = patterns.find((p) => p.re.test(text));
    return hit ? { flagged: true, source: "blocklist", reason: `contains a blocked term` } : CLEAR;
  };
}

/** One call to OpenAI's moderation endpoint (or a compatible server) and its verdict, for text or image inputs. */
export async function askOpenAiModeration(
  apiKey: string,
  url: string,
  body: object,
  timeoutMs = 10_000,
): Promise<ModerationVerdict> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the moderation service answered HTTP ${response.status}`);
  const answer = (await response.json()) as { results?: { flagged?: boolean; categories?: Record<string, boolean> }[] };
  const result = answer.results?.[0];
  if (!result?.flagged) return CLEAR;
  const categories = Object.entries(result.categories ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name);
  return { flagged: true, source: "openai-moderation", reason: categories.join(", ") || "flagged" };
}

export const OPENAI_MODERATION_URL = "https://api.openai.com/v1/moderations";

export function openAiModerationCheck(apiKey: string, url = OPENAI_MODERATION_URL): ModerationCheck {
  return (text) => askOpenAiModeration(apiKey, url, { input: text });
}

export function configuredChecks(c: Config = config()): ModerationCheck[] {
  const checks: ModerationCheck[] = [];
  if (c.ARENA_BLOCKLIST.length > 0) checks.push(blocklistCheck(c.ARENA_BLOCKLIST));
  if (c.OPENAI_MODERATION_API_KEY) {
    checks.push(openAiModerationCheck(c.OPENAI_MODERATION_API_KEY, c.OPENAI_MODERATION_URL));
  }
  return checks;
}

export async function moderate(text: string, checks = configuredChecks()): Promise<ModerationVerdict> {
  for (const check of checks) {
    const verdict = await check(text);
    if (verdict.flagged) return verdict;
  }
  return CLEAR;
}
