// The model registry as admins edit it. Every change bumps the models' updatedAt, which each instance's registry
// cache checks every second (lib/arena/registry-cache.ts): the next battle anywhere sees it, no restart needed.
// Only the *name* of the environment variable holding a provider's key is stored, never the key.
import { z } from "zod";
import { forgetSpend, spendToday } from "../budgets";
import { namedSecret } from "../config";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { Conflict, InvalidInput, NotFound } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { keyRefusal, type ParamRules, paramRulesSchema } from "../providers";
import { openReportsByModel } from "./moderation";

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MODEL_ID = /^[\w.:/@+-]{1,100}$/;
export const PROVIDER_TYPES = ["openai_compatible", "anthropic", "google", "demo"] as const;

export const providerInput = z.object({
  id: z.string().regex(/^[\w-]{1,60}$/, "letters, digits, - and _ only"),
  type: z.enum(PROVIDER_TYPES),
  baseURL: z.url().nullish(),
  apiKeyEnv: z.string().regex(ENV_NAME, "must be the NAME of an environment variable, not a key").nullish(),
  dailyBudgetUsd: z.number().min(0).max(10_000_000).nullish(),
});

const modelFields = {
  providerId: z.string().min(1),
  providerModelId: z.string().min(1).max(200),
  displayName: z.string().trim().min(1).max(100),
  organization: z.string().trim().max(100).nullish(),
  license: z.string().trim().max(100).nullish(),
  knowledgeCutoff: z.string().trim().max(40).nullish(),
  vision: z.boolean(),
  enabled: z.boolean(),
  outage: z.boolean(),
  weight: z.number().min(0).max(1000),
  battleTargets: z.array(z.string()).max(200),
  priceInputPerMTok: z.number().min(0).max(100_000).nullish(),
  priceOutputPerMTok: z.number().min(0).max(100_000).nullish(),
  dailyBudgetUsd: z.number().min(0).max(10_000_000).nullish(),
  maxAnswerChars: z.number().int().min(100).max(10_000_000).nullish(),
  /** how the model takes its parameters (length limit, temperature, reasoning effort, thinking budget, images) */
  paramRules: paramRulesSchema.nullish(),
};

export const modelInput = z.object({
  id: z.string().regex(MODEL_ID, "letters, digits and . : / @ + - _ only"),
  ...modelFields,
  vision: modelFields.vision.default(false),
  enabled: modelFields.enabled.default(true),
  outage: modelFields.outage.default(false),
  weight: modelFields.weight.default(1),
  battleTargets: modelFields.battleTargets.default([]),
});
export const modelPatch = z.object(modelFields).partial().strict();

export type ModelInput = z.infer<typeof modelInput>;
export type ModelPatch = z.infer<typeof modelPatch>;

/** Models with their provider and how much they have been used, for the console. */
export async function listModelsForAdmin(db: Db) {
  const [models, providers, usage, reports, spend] = await Promise.all([
    db.prisma.model.findMany({ orderBy: [{ isDemo: "asc" }, { displayName: "asc" }] }),
    db.prisma.provider.findMany({ orderBy: { id: "asc" } }),
    // one grouped pass per table and side (a per-model subquery would scan the votes once per model)
    db.pool.query<{ id: string; battles: number; votes: number }>(
      sql`SELECT id, sum(battles)::int AS battles, sum(votes)::int AS votes FROM (
         SELECT "modelAId" AS id, count(*) AS battles, 0 AS votes FROM "Conversation" WHERE mode = 'battle' GROUP BY 1
         UNION ALL SELECT "modelBId", count(*), 0 FROM "Conversation" WHERE mode = 'battle' GROUP BY 1
         UNION ALL SELECT "modelAId", 0, count(*) FROM "Vote" GROUP BY 1
         UNION ALL SELECT "modelBId", 0, count(*) FROM "Vote" GROUP BY 1
       ) sides WHERE id IS NOT NULL GROUP BY id`,
    ),
    openReportsByModel(db),
    spendToday(db.pool),
  ]);
  const counts = new Map(usage.rows.map((r) => [r.id, r]));
  const spending = new Map(spend.map((s) => [s.modelId, s]));
  const providerSpend = new Map(spend.map((s) => [s.providerId, s.providerSpendUsd]));
  return {
    models: models.map((m) => ({
      ...m,
      paramRules: paramRulesSchema.safeParse(m.paramRules).data ?? null,
      battles: counts.get(m.id)?.battles ?? 0,
      votes: counts.get(m.id)?.votes ?? 0,
      openReports: reports.get(m.id) ?? 0,
      // today's estimated spend (UTC day) against the ceilings; over: out of the battle draw until tomorrow
      spendUsd: spending.get(m.id)?.spendUsd ?? 0,
      priced: spending.get(m.id)?.priced ?? false,
      overBudget: spending.get(m.id)?.over ?? false,
    })),
    providers: providers.map((p) => ({
      ...p,
      // whether this server has the key, never the key
      keyConfigured: p.apiKeyEnv ? Boolean(namedSecret(p.apiKeyEnv)) : null,
      spendUsd: providerSpend.get(p.id) ?? 0,
    })),
  };
}

async function checkReferences(db: Db, input: { providerId?: string; battleTargets?: string[] }, self?: string) {
  if (input.providerId) {
    const provider = await db.prisma.provider.findUnique({ where: { id: input.providerId } });
    if (!provider) throw new InvalidInput("unknown_provider", `unknown provider '${input.providerId}'`);
  }
  if (input.battleTargets?.length) {
    const known = await db.prisma.model.findMany({ where: { id: { in: input.battleTargets } }, select: { id: true } });
    const missing = input.battleTargets.filter((t) => !known.some((k) => k.id === t));
    if (missing.length) throw new InvalidInput("unknown_model", `unknown battle target '${missing[0]}'`);
    if (self && input.battleTargets.includes(self))
      throw new InvalidInput("self_target", "a model cannot target itself");
  }
}

/** Prisma writes SQL NULL to a JSON column only when told so explicitly. */
const jsonOrNull = (rules: ParamRules | null | undefined) => (rules ? rules : Prisma.DbNull);

export async function createModel(db: Db, input: ModelInput) {
  await checkReferences(db, input);
  const provider = await db.prisma.provider.findUniqueOrThrow({ where: { id: input.providerId } });
  const exists = await db.prisma.model.findUnique({ where: { id: input.id } });
  if (exists) throw new Conflict("model_exists", `a model '${input.id}' already exists`);
  return db.prisma.model.create({
    data: {
      ...input,
      paramRules: jsonOrNull(input.paramRules),
      isDemo: provider.type === "demo",
      consoleEditedAt: new Date(),
    },
  });
}

export async function updateModel(db: Db, id: string, patch: ModelPatch) {
  const current = await db.prisma.model.findUnique({ where: { id } });
  if (!current) throw new NotFound("unknown_model", `unknown model '${id}'`);
  await checkReferences(db, patch, id);
  const { paramRules, ...rest } = patch;
  const updated = await db.prisma.model.update({
    where: { id },
    data: {
      ...rest,
      ...(paramRules !== undefined ? { paramRules: jsonOrNull(paramRules) } : {}),
      consoleEditedAt: new Date(),
    },
  });
  // a ceiling raised or lowered takes effect at this instance's next draw (others within SPEND_CHECK_MS); forgotten
  // after the write, so a draw in between cannot cache the old ceiling again
  if (patch.dailyBudgetUsd !== undefined) forgetSpend(db.pool);
  return updated;
}

export async function saveProvider(db: Db, input: z.infer<typeof providerInput>) {
  if (input.type === "openai_compatible" && !input.baseURL) {
    throw new InvalidInput("invalid_request", "an openai-compatible provider needs a base URL");
  }
  // the console may name a key variable, never read another secret of the server or send one elsewhere
  const refused = keyRefusal({
    apiKeyEnv: input.apiKeyEnv ?? null,
    baseURL: input.baseURL ?? null,
    providerType: input.type,
  });
  if (refused) throw new InvalidInput("key_not_allowed", refused);
  const data = {
    type: input.type,
    baseURL: input.baseURL ?? null,
    apiKeyEnv: input.apiKeyEnv ?? null,
    dailyBudgetUsd: input.dailyBudgetUsd ?? null,
    consoleEditedAt: new Date(),
  };
  const saved = await db.prisma.provider.upsert({
    where: { id: input.id },
    create: { id: input.id, ...data },
    update: data,
  });
  forgetSpend(db.pool);
  return saved;
}
