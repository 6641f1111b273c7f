// A fitted board as a snapshot stores it (SnapshotPayload): ratings rounded as published, each model with its names
// and licence as the registry has them now, the listing's figures for live boards, and the matrices ordered like
// the ranked models. Used by the recompute and by imported boards alike.
import { type Leaderboard, roundedRating } from "../ratings";
import { type BoardMethod, listedFigures, type MethodRecord } from "./board-method";
import type { SnapshotPayload } from "./serve";

const round = (v: number, d: number) => Number(v.toFixed(d));

/** The matrices re-ordered like the ranked models, so rows and columns read top to bottom. */
function orderedMatrices(board: Leaderboard) {
  const m = board.matrices as NonNullable<Leaderboard["matrices"]>;
  const index = board.models.map((entry) => m.models.indexOf(entry.model));
  return {
    battles: index.map((i) => index.map((j) => m.battles[i]?.[j] ?? 0)),
    winFraction: index.map((i) =>
      index.map((j) => {
        const v = m.winFraction[i]?.[j];
        return v === null || v === undefined ? null : round(v, 4);
      }),
    ),
  };
}

export type ModelInfo = Map<
  string,
  { displayName: string; organization: string | null; license: string | null; isDemo: boolean; enabled?: boolean }
>;

/** A model's names and licence as the registry has them now. */
export function infoOf(models: ModelInfo, model: string) {
  const info = models.get(model);
  return {
    displayName: info?.displayName ?? model,
    organization: info?.organization ?? null,
    license: info?.license ?? null,
    isDemo: info?.isDemo ?? false,
  };
}

/** A live board's listing: its method, the retired models, and the record stored with it. */
export interface BoardListing {
  method: BoardMethod;
  retired: ReadonlySet<string>;
  record: MethodRecord;
}

export function payloadOf(
  board: Leaderboard,
  models: ModelInfo,
  runId: string,
  categoriesLabelledBy: string,
  listing?: BoardListing,
): SnapshotPayload {
  return {
    runId,
    categoriesLabelledBy,
    ...(listing ? { method: listing.record } : {}),
    battles: board.battles,
    components: board.components,
    warnings: board.warnings,
    models: board.models.map((m) => ({
      ...roundedRating(m),
      ...infoOf(models, m.model),
      rankSpread: m.rankSpread,
      tier: m.tier,
      fragility: null,
      preliminary: false,
      retired: false,
      ...(listing ? listedFigures(m, listing.method, listing.retired) : {}),
    })),
    ...(board.styleCoefficients ? { styleCoefficients: board.styleCoefficients } : {}),
    ...(board.matrices ? { matrices: orderedMatrices(board) } : {}),
  };
}

/** A stored board as this run publishes it: its figures unchanged, the models' names and licences as they are now. */
export function refreshed(
  stored: SnapshotPayload,
  models: ModelInfo,
  runId: string,
  categoriesLabelledBy: string,
  dataAt: Date | null,
): SnapshotPayload {
  const { summary: _summary, ...payload } = stored;
  return {
    ...payload,
    runId,
    categoriesLabelledBy,
    // the same board, as of this run's newest vote
    ...(payload.method ? { method: { ...payload.method, voteCutoff: dataAt?.toISOString() ?? null } } : {}),
    models: payload.models.map((m) => ({ ...m, ...infoOf(models, m.model) })),
  };
}
