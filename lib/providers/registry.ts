// Brings the model registry in the database in line with the models file, at start-up (upsert by id). A model or
// provider an admin edited in the console keeps the console's values: the file only adds what is missing.
import type { PrismaClient } from "../generated/prisma/client";
import { loadModelsConfig, type ModelsConfig } from "./config";
import type { ParamRules, RefusalDetail } from "./param-rules";

const PROVIDER_TYPE = {
  "openai-compatible": "openai_compatible",
  anthropic: "anthropic",
  google: "google",
  demo: "demo",
} as const;

/** Serialises syncs of every process (several instances start, and first requests arrive, at once). */
const REGISTRY_SYNC_LOCK = 0x52_45_47_53; // "REGS"

export async function syncRegistry(prisma: PrismaClient, config: ModelsConfig): Promise<void> {
  await prisma.$transaction(async (tx) => {
    // without it, two processes both find a provider missing and both create it: a unique violation (a 500 for
    // a visitor's first battle), found by the fault run
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REGISTRY_SYNC_LOCK})`;
    for (const [id, provider] of Object.entries(config.providers)) {
      const data = {
        type: PROVIDER_TYPE[provider.type],
        baseURL: provider.baseURL ?? null,
        apiKeyEnv: provider.apiKeyEnv ?? null,
        dailyBudgetUsd: provider.dailyBudgetUsd ?? null,
      };
      const current = await tx.provider.findUnique({ where: { id }, select: { consoleEditedAt: true } });
      if (!current) await tx.provider.create({ data: { id, ...data } });
      else if (!current.consoleEditedAt) await tx.provider.update({ where: { id }, data });
    }
    for (const model of config.models) {
      const data = {
        providerId: model.provider,
        providerModelId: model.model,
        displayName: model.displayName,
        organization: model.organization ?? null,
        license: model.license ?? null,
        knowledgeCutoff: model.knowledgeCutoff ?? null,
        vision: model.vision,
        weight: model.weight,
        enabled: model.enabled,
        battleTargets: model.battleTargets,
        priceInputPerMTok: model.priceInputPerMTok ?? null,
        priceOutputPerMTok: model.priceOutputPerMTok ?? null,
        dailyBudgetUsd: model.dailyBudgetUsd ?? null,
        maxAnswerChars: model.maxAnswerChars ?? null,
        // the file's rules when it has some; otherwise what was learned stays
        ...(model.params ? { paramRules: model.params } : {}),
        isDemo: config.providers[model.provider]?.type === "demo",
      };
      const current = await tx.model.findUnique({ where: { id: model.id }, select: { consoleEditedAt: true } });
      if (!current) await tx.model.create({ data: { id: model.id, ...data } });
      else if (!current.consoleEditedAt) await tx.model.update({ where: { id: model.id }, data });
    }
    // The models file is the operator's declaration: a model it no longer lists leaves the pool (kept, with its
    // battles, for history), demo models included once real ones are configured; a model an admin took over in
    // the console stays as the console left it.
    const configured = config.models.map((m) => m.id);
    await tx.model.updateMany({
      where: { id: { notIn: configured }, consoleEditedAt: null, enabled: true },
      data: { enabled: false },
    });
  });
}

const globalForRegistry = globalThis as unknown as { arenaRegistrySync?: Promise<void> };

/** Syncs once per server process, on first use. */
export function ensureRegistry(prisma: PrismaClient): Promise<void> {
  globalForRegistry.arenaRegistrySync ??= syncRegistry(prisma, loadModelsConfig().config).catch((error) => {
    globalForRegistry.arenaRegistrySync = undefined;
    throw error;
  });
  return globalForRegistry.arenaRegistrySync;
}

/** The models a visitor can pick for direct chat and named side-by-side, by name. */
export async function pickableModels(prisma: PrismaClient) {
  await ensureRegistry(prisma);
  return prisma.model.findMany({
    where: { enabled: true },
    orderBy: { displayName: "asc" },
    select: { id: true, displayName: true, organization: true, license: true, vision: true, isDemo: true },
  });
}

/**
 * Remembers the parameter rules a model's provider taught us (a 400 naming a refused parameter, then success), so
 * the next request sends the right ones at once, and tells staff: one line in the log and in the audit trail.
 */
export async function rememberParamRules(
  prisma: PrismaClient,
  modelId: string,
  rules: ParamRules,
  detail: RefusalDetail,
): Promise<void> {
  console.warn(
    `[providers] ${modelId}: learned ${JSON.stringify(rules)} from a refusal (${detail.param ?? detail.code ?? "?"})`,
  );
  await prisma.model.update({ where: { id: modelId }, data: { paramRules: rules } });
  await prisma.auditEntry.create({
    data: {
      actor: "arena",
      action: "model.params_learned",
      target: modelId,
      details: {
        rules,
        refused: { param: detail.param ?? null, code: detail.code ?? null, message: detail.message ?? null },
      },
    },
  });
}
