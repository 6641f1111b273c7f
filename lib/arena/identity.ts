// A vote stays anonymous only while no answer gives a model's identity away (FastChat's IDENTITY_WORDS rule):
// any known identity word, or the name or organisation of a registered model, in an answer.

export const IDENTITY_WORDS = [
  "vicuna",
  "lmsys",
  "koala",
  "uc berkeley",
  "open assistant",
  "laion",
  "chatglm",
  "chatgpt",
  "gpt-4",
  "openai",
  "anthropic",
  "claude",
  "bard",
  "palm",
  "lamda",
  "google",
  "gemini",
  "gemma",
  "llama",
  "meta ai",
  "mistral",
  "mixtral",
  "qwen",
  "alibaba",
  "deepseek",
  "yi-",
  "01.ai",
  "cohere",
  "command-r",
  "grok",
  "xai",
  "phi-3",
  "microsoft",
  "nvidia",
  "nemotron",
  "reka",
  "pixtral",
  "llava",
  "internvl",
  "molmo",
  "allen institute",
] as const;

export interface IdentityTerms {
  /** lower-cased words whose presence in an answer reveals a model */
  words: string[];
}

/** Identity words plus the display names, provider model ids and organisations of the registered models. */
export function identityTerms(
  models: { displayName: string; providerModelId: string; organization: string | null; isDemo?: boolean }[],
): IdentityTerms {
  const words = new Set<string>(IDENTITY_WORDS);
  for (const m of models) {
    // demo models label themselves as demos; their names are not secrets worth voiding a vote over
    if (m.isDemo) continue;
    for (const term of [m.displayName, m.providerModelId, m.organization]) {
      const t = term?.trim().toLowerCase();
      if (t && t.length >= 3) words.add(t);
    }
  }
  return { words: [...words] };
}

/** The identity terms an answer contains (empty when none). */
export function identityLeaks(answer: string, terms: IdentityTerms): string[] {
  const text = answer.toLowerCase();
  return terms.words.filter((word) => {
    let from = text.indexOf(word);
    while (from !== -1) {
      // whole words only: "palm" must not match "napalm", nor "yi-" the middle of a word
      const before = from === 0 ? "" : (text[from - 1] as string);
      const after = text[from + word.length] ?? "";
      if (!/[a-z0-9]/.test(before) && (!/[a-z0-9]/.test(after) || /[^a-z0-9]$/.test(word))) return true;
      from = text.indexOf(word, from + 1);
    }
    return false;
  });
}
