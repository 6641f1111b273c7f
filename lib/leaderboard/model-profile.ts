// What the model page shows: its rating over the snapshots, its record against every opponent, its rank in every
// category. Read from stored snapshots only.
import type { Db } from "../db/context";
import { type SnapshotModel, servedSnapshot } from "./serve";

export interface ModelProfile {
  model: { id: string; displayName: string; organization: string | null; license: string | null; isDemo: boolean };
  current: SnapshotModel | null;
  history: { at: Date; rating: number; ciLower: number; ciUpper: number; rank: number | null; votes: number }[];
  opponents: { model: string; displayName: string; battles: number; winFraction: number | null; predicted: number }[];
  categories: { category: string; rank: number | null; styleRank: number | null; votes: number }[];
  /** a reasoning model's thinking over its answers: null when it never thought */
  thinking: { answers: number; medianMs: number; meanTokens: number | null } | null;
}

/** How long, and how much, a model thinks before it answers (over every answer it thought for). */
async function thinkingOf(db: Db, id: string): Promise<ModelProfile["thinking"]> {
  const { rows } = await db.pool.query<{ answers: number; median: number | null; tokens: number | null }>(
    `SELECT count(*)::int AS answers, percentile_cont(0.5) WITHIN GROUP (ORDER BY "thinkingMs")::float8 AS median,
            avg("reasoningTokens")::float8 AS tokens
       FROM "ResponseMeta" WHERE "modelId" = $1 AND "thinkingMs" IS NOT NULL`,
    [id],
  );
  const row = rows[0];
  if (!row?.answers || row.median === null) return null;
  return { answers: row.answers, medianMs: row.median, meanTokens: row.tokens };
}

const HISTORY_POINTS = 300;

export async function modelProfile(db: Db, id: string): Promise<ModelProfile | null> {
  const model = await db.prisma.model.findUnique({
    where: { id },
    select: { id: true, displayName: true, organization: true, license: true, isDemo: true },
  });
  if (!model) return null;
  // only this model's entry of each overall board, newest first, then put in time order
  const { rows } = await db.pool.query<{ at: Date; entry: SnapshotModel | null }>(
    `SELECT "createdAt" AS at,
            (SELECT m FROM jsonb_array_elements(payload->'models') m WHERE m->>'model' = $1) AS entry
       FROM "LeaderboardSnapshot"
      WHERE source = 'live' AND category = 'overall' AND NOT "styleControl"
      ORDER BY "createdAt" DESC LIMIT $2`,
    [id, HISTORY_POINTS],
  );
  const history = rows
    .filter((r): r is { at: Date; entry: SnapshotModel } => r.entry !== null)
    .reverse()
    .map(({ at, entry }) => ({
      at,
      rating: entry.rating,
      ciLower: entry.ciLower,
      ciUpper: entry.ciUpper,
      rank: entry.rank,
      votes: entry.votes,
    }));
  const overall = await servedSnapshot(db, "overall", false);
  const models = overall?.payload.models ?? [];
  const index = models.findIndex((m) => m.model === id);
  const current = index === -1 ? null : (models[index] as SnapshotModel);
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
            predicted: 1 / (1 + 10 ** ((other.rating - (current as SnapshotModel).rating) / 400)),
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
  return { model, current, history, opponents, categories, thinking: await thinkingOf(db, id) };
}
