// How a model takes its sampling parameters. OpenAI's o-series and gpt-5 models refuse `max_tokens` (they take
// `max_completion_tokens`) and any temperature but the default, with a 400 that names the parameter; other servers
// copy them. A model's rules come from the models file, or are learned: a 400 naming an unsupported parameter is
// retried once with that parameter renamed or left out, and the rule is remembered for the model.
import { z } from "zod";

export const paramRulesSchema = z
  .object({
    /** how the answer's length limit is sent: OpenAI's classic name, the reasoning models' name, or not at all */
    maxTokens: z.enum(["max_tokens", "max_completion_tokens", "omit"]).optional(),
    /** `omit`: the model takes only its default temperature */
    temperature: z.enum(["send", "omit"]).optional(),
    /** the answer's length limit in tokens for this model, instead of the arena's (ARENA_MAX_OUTPUT_TOKENS) */
    maxOutputTokens: z.number().int().min(16).max(1_000_000).optional(),
    /**
     * how hard a reasoning model thinks: OpenAI-compatible servers get `reasoning_effort` (OpenAI, Azure, Groq,
     * vLLM, OpenRouter, Together); a server that refuses it teaches the model to go without
     */
    reasoningEffort: z.enum(["minimal", "low", "medium", "high"]).optional(),
    /**
     * the tokens a model may think for: Anthropic's extended thinking (`thinking.budget_tokens`, at least 1,024;
     * 0 turns it off) and Gemini's `thinkingConfig.thinkingBudget` (0 turns thinking off where the model allows)
     */
    thinkingBudget: z.number().int().min(0).max(200_000).optional(),
    /** this model's own image limits, over its provider's (./image-limits.ts), e.g. a vLLM server's --limit-mm-per-prompt */
    images: z
      .object({
        maxBytes: z
          .number()
          .int()
          .min(10_000)
          .max(100 * 1024 * 1024)
          .optional(),
        maxSide: z.number().int().min(64).max(20_000).optional(),
        perRequest: z.number().int().min(1).max(10_000).optional(),
        totalBytes: z
          .number()
          .int()
          .min(10_000)
          .max(500 * 1024 * 1024)
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type ParamRules = z.infer<typeof paramRulesSchema>;

/** What a provider said about a refused request (its error body), never shown to visitors. */
export interface RefusalDetail {
  message?: string;
  param?: string;
  code?: string;
}

/** The sampling parameters of a chat-completions request under these rules. */
export function samplingParams(
  rules: ParamRules | null | undefined,
  options: { maxOutputTokens?: number; temperature?: number; seed?: number },
): Record<string, number | string> {
  const params: Record<string, number | string> = {};
  const lengthName = rules?.maxTokens ?? "max_tokens";
  const maxOutputTokens = rules?.maxOutputTokens ?? options.maxOutputTokens;
  if (maxOutputTokens && lengthName !== "omit") params[lengthName] = maxOutputTokens;
  if (options.temperature !== undefined && rules?.temperature !== "omit") params.temperature = options.temperature;
  if (rules?.reasoningEffort) params.reasoning_effort = rules.reasoningEffort;
  if (options.seed !== undefined) params.seed = options.seed;
  return params;
}

const REFUSED = /unsupported|not supported|does not support|only the default|unrecognized|unknown|not allowed|extra/i;

/** The rules to try instead, when a 400 names a parameter we sent and can do without; otherwise null. */
export function learnFrom(detail: RefusalDetail | undefined, rules: ParamRules | null | undefined): ParamRules | null {
  if (!detail) return null;
  const current = rules ?? {};
  const said = `${detail.param ?? ""} ${detail.code ?? ""} ${detail.message ?? ""}`;
  const names = (name: string) => detail.param === name || (said.includes(name) && REFUSED.test(said));
  const lengthName = current.maxTokens ?? "max_tokens";
  // "max_tokens … use 'max_completion_tokens'" names both: the refused one is the one we sent
  if (lengthName === "max_tokens" && names("max_tokens")) return { ...current, maxTokens: "max_completion_tokens" };
  if (lengthName === "max_completion_tokens" && names("max_completion_tokens"))
    return { ...current, maxTokens: "omit" };
  if (current.temperature !== "omit" && names("temperature")) return { ...current, temperature: "omit" };
  if (current.reasoningEffort && names("reasoning_effort")) {
    const { reasoningEffort: _refused, ...rest } = current;
    return rest;
  }
  return null;
}
