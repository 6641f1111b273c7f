// The composite board (VisionArena's human votes and the ground-truth benchmarks on one scale, arena-rank's
// CompositeBradleyTerry: lib/ratings/composite.ts), written by every recompute beside the live boards as a
// snapshot of its own (source "composite", overall), without and with style control (the human battles' own style
// coefficients, as the live style boards: an extension of arena-rank's composite, which has no style terms).
// Its components: the overall board's battles (the same votes, exclusions and filters as the live board) and one
// per benchmark run set with verdicts, each with the operator's weight (the console's setting, else
// ARENA_COMPOSITE_WEIGHTS). A benchmark the weights do not name, or name with 0, is left out; with no ground truth
// at all there is no composite board (it would only repeat the plain one).
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { BattleTable } from "../ratings/battle-table";
import { BattleTableBuilder } from "../ratings/battle-table";
import { type CompositePart, compositeLeaderboard } from "../ratings/composite-board";
import { RatingsError } from "../ratings/errors";
import { BASE, INIT_RATING, SCALE } from "../ratings/scale";
import type { StyleFeature, Winner } from "../ratings/types";
import { cachedSetting } from "../settings/settings";
import { type ModelInfo, payloadOf } from "./board-payload";
import type { SnapshotPayload } from "./snapshot-payload";

export const COMPOSITE_SOURCE = "composite";

/** One benchmark run set's verdicts as pairwise outcomes (lib/benchmarks/pairs.ts). */
export interface GroundTruthComponent {
  benchmark: string;
  /** the set, name@version */
  set: string;
  pairs: { model_a: string; model_b: string; winner: Winner }[];
}

/** Where the ground truth comes from: injected by the caller (lib/benchmarks reads the arena's boards, so the
 *  leaderboard cannot import it without a circle between the two folders). */
export interface GroundTruthSource {
  components: (db: Db) => Promise<GroundTruthComponent[]>;
  /** the weights when neither the console nor ARENA_COMPOSITE_WEIGHTS names any: each benchmark's own */
  defaultWeights: () => CompositeWeights;
}

export interface CompositeWeights {
  human: number;
  benchmarks: Record<string, number>;
}

export interface CompositeInput {
  table: BattleTable;
  /** the live style boards' features: the style-controlled composite's human component uses them */
  styleFeatures: readonly StyleFeature[];
  /** the overall board's rows of the table */
  rows: Uint32Array;
  models: ModelInfo;
  runId: string;
  judgedBy: string;
}

function tableOf(component: GroundTruthComponent) {
  const builder = new BattleTableBuilder();
  for (const p of component.pairs) builder.add({ modelA: p.model_a, modelB: p.model_b, winner: p.winner });
  const table = builder.build();
  return { table, rows: Uint32Array.from({ length: table.size }, (_, k) => k) };
}

const modelsOf = (table: BattleTable, rows: Uint32Array) => {
  const seen = new Set<string>();
  for (const r of rows) {
    seen.add(table.models[table.a[r] as number] as string);
    seen.add(table.models[table.b[r] as number] as string);
  }
  return [...seen].sort();
};

/** The composite's parts (the human battles first) and what each holds; null when no weighted ground truth exists
 *  (or every benchmark's weight is 0). */
function compositeParts(input: CompositeInput, groundTruth: GroundTruthComponent[], weights: CompositeWeights) {
  const weighted = groundTruth
    .map((component) => ({ component, weight: weights.benchmarks[component.benchmark] ?? 0 }))
    .filter(({ component, weight }) => weight > 0 && component.pairs.length > 0);
  if (weighted.length === 0) return null;
  const parts: CompositePart[] = [{ table: input.table, rows: input.rows, lossWeight: weights.human }];
  const components: NonNullable<SnapshotPayload["composite"]>["components"] = [
    {
      kind: "human",
      name: "votes",
      weight: weights.human,
      rows: input.rows.length,
      models: modelsOf(input.table, input.rows),
    },
  ];
  for (const { component, weight } of weighted) {
    const part = tableOf(component);
    parts.push({ ...part, lossWeight: weight });
    components.push({
      kind: "benchmark",
      name: component.set,
      benchmark: component.benchmark,
      weight,
      rows: part.rows.length,
      models: modelsOf(part.table, part.rows),
    });
  }
  return { parts, components };
}

/** The composite board's payload over its parts, with or without style control on the human battles. */
function compositePayload(
  input: CompositeInput,
  { parts, components }: NonNullable<ReturnType<typeof compositeParts>>,
  weights: CompositeWeights,
  styleControl: boolean,
): SnapshotPayload {
  const board = compositeLeaderboard(parts, {
    scale: SCALE,
    base: BASE,
    initRating: INIT_RATING,
    ...(styleControl ? { styleFeatures: input.styleFeatures } : {}),
  });
  return {
    ...payloadOf(board, input.models, input.runId, input.judgedBy),
    composite: { weights, components },
  };
}

/** The weights in force: the console's setting, else the environment's, else the ground truth's own defaults. */
export const compositeWeights = async (db: Db, defaults: () => CompositeWeights): Promise<CompositeWeights> =>
  (await cachedSetting(db, "board.compositeWeights")) ?? defaults();

/**
 * Fits and stores the composite boards of a run (its overall rows), without and with style control; their
 * components, or null when it wrote none. Without style counts in the human battles only the plain one is written.
 */
export async function writeCompositeBoard(
  db: Db,
  run: Omit<CompositeInput, "rows"> & { rows: Uint32Array | undefined; params: Record<string, unknown> },
  source: GroundTruthSource | undefined,
): Promise<NonNullable<SnapshotPayload["composite"]>["components"] | null> {
  const { rows, params, ...rest } = run;
  if (!source || !rows?.length) return null;
  const [groundTruth, weights] = await Promise.all([
    source.components(db),
    compositeWeights(db, source.defaultWeights),
  ]);
  const input = { ...rest, rows };
  const built = compositeParts(input, groundTruth, weights);
  if (!built) return null;
  const boards: { styleControl: boolean; payload: SnapshotPayload }[] = [];
  for (const styleControl of [false, true]) {
    try {
      boards.push({ styleControl, payload: compositePayload(input, built, weights, styleControl) });
    } catch (error) {
      // human battles without style counts (imported ones, say): the plain composite stands alone
      if (!(styleControl && error instanceof RatingsError && error.code === "no_style_counts")) throw error;
    }
  }
  const snapshots = boards.map(({ styleControl, payload }) => ({
    styleControl,
    payload,
    params: { ...params, weights },
    voteCount: payload.battles,
  }));
  await db.pool.query(
    sql`INSERT INTO "LeaderboardSnapshot" (id, source, category, "styleControl", params, payload, "voteCount", "createdAt")
        SELECT gen_random_uuid(), ${COMPOSITE_SOURCE}, 'overall', s."styleControl", s.params, s.payload, s."voteCount",
               now() AT TIME ZONE 'UTC'
          FROM jsonb_to_recordset(${JSON.stringify(snapshots)}::jsonb)
            AS s("styleControl" boolean, params jsonb, payload jsonb, "voteCount" int)`,
  );
  return boards[0]?.payload.composite?.components ?? null;
}
