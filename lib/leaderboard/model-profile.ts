// What the model page shows: its score on the default board (overall, style control) with the plain board's beside
// it, its score over the snapshots of the default board, its record against every opponent, its rank in every
// category. Read from stored snapshots only.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { Model } from "../generated/prisma/client";
import { DEFAULT_BOARD, type HistoryPoint, modelHistory } from "./history";
import { type SnapshotModel, servedSnapshot } from "./serve";

export interface ModelProfile {
  /** the registry's fields a model's page shows (weight 0: offered in direct chat only) */
  model: Pick<Model, "id" | "displayName" | "organization" | "license" | "isDemo" | "enabled" | "outage" | "weight">;
  /** on the default board: overall, with style control */
  current: SnapshotModel | null;
  /** on the overall board without style control */
  plain: SnapshotModel | null;
  /** on the default board */
  history: HistoryPoint[];
  opponents: { model: string; displayName: string; battles: number; winFraction: number | null; predicted: number }[];
  categories: { category: string; rank: number | null; styleRank: number | null; votes: number }[];
  /** a reasoning model's thinking over its answers: null when it never thought */
  thinking: { answers: number; medianMs: number; meanTokens: number | null } | null;
}

/** How long, and how much, a model thinks before it answers (over every answer it thought for). */
async function thinkingOf(db: Db, id: string): Promise<ModelProfile["thinking"]> {
  const { rows } = await db.pool.query<{ answers: number; median: number | null; tokens: number | null }>(
    sql`SELECT count(*)::int AS answers, percentile_cont(0.5) WITHIN GROUP (ORDER BY "thinkingMs")::float8 AS median,
            avg("reasoningTokens")::float8 AS tokens
       FROM "ResponseMeta" WHERE "modelId" = ${id} AND "thinkingMs" IS NOT NULL`,
  );
  const row = rows[0];
  if (!row?.answers || row.median === null) return null;
  return { answers: row.answers, medianMs: row.median, meanTokens: row.tokens };
}

export async function modelProfile(db: Db, id: string): Promise<ModelProfile | null> {
  const model = await db.prisma.model.findUnique({
    where: { id },
    select: {
      id: true,
      displayName: true,
      organization: true,
      license: true,
      isDemo: true,
      enabled: true,
      outage: true,
      weight: true,
    },
  });
  if (!model) return null;
  const history = await modelHistory(db, id, DEFAULT_BOARD);
  const board = await servedSnapshot(db, DEFAULT_BOARD.category, DEFAULT_BOARD.styleControl);
  const overall = await servedSnapshot(db, "overall", false);
  const models = overall?.payload.models ?? [];
  const index = models.findIndex((m) => m.model === id);
  // the pair matrices are kept on the plain board only
  const plain = index === -1 ? null : (models[index] as SnapshotModel);
  const current = board?.payload.models.find((m) => m.model === id) ?? null;
  const matrices = overall?.payload.matrices;
  const opponents =
    index === -1
      ? []
      : models
          .map((other, j) => ({
            model: other.model,
            displayName: other.displayName,
            battles: matrices?.battles[index]?.[j] ?? 0,
            winFraction: matrices?.winFraction[index]?.[j] ?? null,
            predicted: 1 / (1 + 10 ** ((other.rating - (plain as SnapshotModel).rating) / 400)),
          }))
          .filter((o) => o.model !== id);
  const categories = (overall?.payload.summary ?? [])
    .filter((c) => c.ranks[id] !== undefined || c.styleRanks?.[id] !== undefined)
    .map((c) => ({
      category: c.category,
      rank: c.ranks[id] ?? null,
      styleRank: c.styleRanks?.[id] ?? null,
      votes: c.votes[id] ?? 0,
    }));
  return { model, current, plain, history, opponents, categories, thinking: await thinkingOf(db, id) };
}

/** A model's name as its page's title shows it (the registry's display name), or null for an unknown id. */
export async function modelTitle(db: Db, id: string): Promise<string | null> {
  const model = await db.prisma.model.findUnique({ where: { id }, select: { displayName: true } });
  return model?.displayName ?? null;
}
