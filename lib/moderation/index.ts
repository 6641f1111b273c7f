// Pluggable checks a prompt passes before it reaches a provider: built-in limits, a configurable blocklist, and
// the OpenAI moderation endpoint when a key is configured.

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

export function openAiModerationCheck(apiKey: string, url = "https://api.openai.com/v1/moderations"): ModerationCheck {
  return async (text) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ input: text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the moderation service answered HTTP ${response.status}`);
    const body = (await response.json()) as { results?: { flagged?: boolean; categories?: Record<string, boolean> }[] };
    const result = body.results?.[0];
    if (!result?.flagged) return CLEAR;
    const categories = Object.entries(result.categories ?? {})
      .filter(([, on]) => on)
      .map(([name]) => name);
    return { flagged: true, source: "openai-moderation", reason: categories.join(", ") || "flagged" };
  };
}

export function configuredChecks(env: Record<string, string | undefined> = process.env): ModerationCheck[] {
  const checks: ModerationCheck[] = [];
  const blocklist = env.ARENA_BLOCKLIST?.split(",") ?? [];
  if (blocklist.some((w) => w.trim())) checks.push(blocklistCheck(blocklist));
  if (env.OPENAI_MODERATION_API_KEY) {
    checks.push(openAiModerationCheck(env.OPENAI_MODERATION_API_KEY, env.OPENAI_MODERATION_URL));
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
