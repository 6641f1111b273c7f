// How the live boards are computed and who is ranked on them, recorded with every snapshot so that any number can
// be traced to its method: interval method, reweighting, style features, ridge, scale and anchor, rounds and seed,
// the vote cut-off and a hash of the input. The public default is the interval method with the best measured
// coverage (docs/statistics.md: sandwich with reweighting); `arena leaderboard` keeps FastChat's defaults.
import { config } from "../config";
import type { ModelRating } from "../ratings";
import { BASE, FINITE_RIDGE, INIT_RATING, SCALE, STYLE_L2 } from "../ratings/scale";
import type { StyleFeature } from "../ratings/types";

export interface BoardMethod {
  ci: "sandwich" | "bootstrap";
  reweighted: boolean;
  /** votes a model needs to be ranked */
  minVotes: number;
  confidence: number;
  bootstrapRounds: number;
  seed: number;
  styleFeatures: readonly StyleFeature[];
  ridge: { style: number; finite: number };
  scale: { scale: number; base: number; initRating: number; anchor: null };
}

/** The live boards' method, as configured. */
export function liveBoardMethod(rounds: number, seed: number, styleFeatures: readonly StyleFeature[]): BoardMethod {
  const c = config();
  return {
    ci: c.ARENA_BOARD_CI as BoardMethod["ci"],
    reweighted: c.ARENA_BOARD_REWEIGHTED as boolean,
    minVotes: c.ARENA_MIN_VOTES as number,
    confidence: 0.95,
    bootstrapRounds: c.ARENA_BOARD_CI === "bootstrap" ? rounds : 0,
    seed,
    styleFeatures,
    ridge: { style: STYLE_L2, finite: FINITE_RIDGE },
    scale: { scale: SCALE, base: BASE, initRating: INIT_RATING, anchor: null },
  };
}

/** What one snapshot stores of its method: the board's own settings, its vote cut-off and its input's hash. */
export function methodRecord(
  method: BoardMethod,
  board: { styleControl: boolean; dataAt: Date | null; inputDigest: string },
) {
  const { styleFeatures, ...rest } = method;
  return {
    ...rest,
    styleFeatures: board.styleControl ? [...styleFeatures] : [],
    voteCutoff: board.dataAt?.toISOString() ?? null,
    dataHash: board.inputDigest,
  };
}
export type MethodRecord = ReturnType<typeof methodRecord>;

/** A model as a board lists it: a preliminary or retired model keeps its rating but shows no rank and no interval. */
export function listedFigures(m: ModelRating, method: BoardMethod, retired: ReadonlySet<string>) {
  const preliminary = m.votes < method.minVotes;
  const shown = m.ranked;
  return {
    rank: shown ? m.rank : null,
    // the rounded interval stays as roundedRating gave it; a preliminary model shows none
    ...(preliminary ? { ciLower: Number.NaN, ciUpper: Number.NaN } : {}),
    preliminary,
    retired: retired.has(m.model),
    rankSpread: shown ? m.rankSpread : null,
    tier: shown ? m.tier : null,
    fragility: shown && m.fragility ? m.fragility : null,
  };
}
