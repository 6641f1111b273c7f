// The model list: a JSON file named by ARENA_MODELS_FILE, or the built-in demo models when none is configured.

import fs from "node:fs";
import { z } from "zod";
import { type Config, config } from "../config";
import { domainError } from "../errors";
import { KEY_VARIABLE_RULE, keyVariableAllowed } from "./key-names";
import { paramRulesSchema } from "./param-rules";

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const providerSchema = z.object({
  type: z.enum(["openai-compatible", "anthropic", "google", "demo"]),
  baseURL: z.url().optional(),
  /** the NAME of the environment variable holding the key; the key itself never appears in configuration */
  apiKeyEnv: z
    .string()
    .regex(ENV_NAME, "must be an environment variable name")
    .refine((name) => keyVariableAllowed(name), KEY_VARIABLE_RULE)
    .optional(),
  /** a daily spend ceiling in USD over all the provider's models (lib/budgets); past it they leave the draw */
  dailyBudgetUsd: z.number().min(0).optional(),
});

export const modelSchema = z.object({
  id: z.string().regex(/^[\w.:/@+-]{1,100}$/, "letters, digits and . : / @ + - _ only"),
  provider: z.string().min(1),
  model: z.string().min(1),
  displayName: z.string().min(1).max(100),
  organization: z.string().max(100).optional(),
  license: z.string().max(100).optional(),
  knowledgeCutoff: z.string().max(40).optional(),
  vision: z.boolean().default(false),
  weight: z.number().min(0).default(1),
  enabled: z.boolean().default(true),
  battleTargets: z.array(z.string()).default([]),
  /** USD per million prompt / answer tokens (offline runs estimate their cost from them) */
  priceInputPerMTok: z.number().min(0).optional(),
  priceOutputPerMTok: z.number().min(0).optional(),
  /** a daily spend ceiling in USD, estimated from the prices (lib/budgets); past it the model leaves the draw */
  dailyBudgetUsd: z.number().min(0).optional(),
  /** the longest answer this model may give in a battle, in characters (default ARENA_MAX_ANSWER_CHARS) */
  maxAnswerChars: z.number().int().min(100).max(10_000_000).optional(),
  /** how the model takes its sampling parameters: `{ "maxTokens": "max_completion_tokens", "temperature": "omit" }` */
  params: paramRulesSchema.optional(),
});

export const modelsConfigSchema = z
  .object({
    providers: z.record(z.string().regex(/^[\w-]{1,60}$/), providerSchema),
    models: z.array(modelSchema).min(1, "list at least one model"),
  })
  .superRefine((config, ctx) => {
    const ids = new Set<string>();
    config.models.forEach((model, i) => {
      if (ids.has(model.id))
        ctx.addIssue({ code: "custom", path: ["models", i, "id"], message: `duplicate model id '${model.id}'` });
      ids.add(model.id);
      if (!config.providers[model.provider]) {
        ctx.addIssue({
          code: "custom",
          path: ["models", i, "provider"],
          message: `unknown provider '${model.provider}'`,
        });
      }
    });
    config.models.forEach((model, i) => {
      for (const target of model.battleTargets) {
        if (!ids.has(target))
          ctx.addIssue({ code: "custom", path: ["models", i, "battleTargets"], message: `unknown model '${target}'` });
      }
    });
    for (const [name, provider] of Object.entries(config.providers)) {
      if (provider.type === "openai-compatible" && !provider.baseURL) {
        ctx.addIssue({
          code: "custom",
          path: ["providers", name, "baseURL"],
          message: "an openai-compatible provider needs a baseURL",
        });
      }
    }
  });

export type ModelsConfig = z.infer<typeof modelsConfigSchema>;

export class ModelsConfigError extends domainError("invalid", "invalid_models_config") {}

export const DEMO_PROVIDER = "demo";

/** Three demo models that really look at the image, each with its own style; used when nothing is configured. */
export const DEMO_CONFIG: ModelsConfig = {
  providers: { [DEMO_PROVIDER]: { type: "demo" } },
  models: [
    { id: "demo-terse", model: "terse", displayName: "Demo · Terse" },
    { id: "demo-structured", model: "structured", displayName: "Demo · Structured" },
    { id: "demo-bold", model: "bold", displayName: "Demo · Emphatic" },
  ].map((m) => ({
    ...m,
    provider: DEMO_PROVIDER,
    organization: "Vision Arena demo",
    license: "Apache-2.0",
    vision: true,
    weight: 1,
    enabled: true,
    battleTargets: [],
  })),
};

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map(
      (issue) =>
        `${
          issue.path
            .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
            .join("")
            .replace(/^\./, "") || "(root)"
        }: ${issue.message}`,
    )
    .join("; ");
}

export function parseModelsConfig(text: string, source: string): ModelsConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ModelsConfigError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = modelsConfigSchema.safeParse(json);
  if (!parsed.success)
    throw new ModelsConfigError(`${source} is not a valid models file: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

export function loadModelsConfig(c: Config = config()): {
  config: ModelsConfig;
  source: string;
} {
  const file = c.ARENA_MODELS_FILE?.trim();
  if (!file) return { config: DEMO_CONFIG, source: "built-in demo models" };
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ModelsConfigError(
      `ARENA_MODELS_FILE: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return { config: parseModelsConfig(text, `ARENA_MODELS_FILE (${file})`), source: file };
}
