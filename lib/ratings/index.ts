export { BattleTable, BattleTableBuilder } from "./battle-table";
export {
  type BattleFilter,
  CATEGORY_DESCRIPTIONS,
  categoryNames,
  selectRows,
  UnknownCategoryError,
} from "./categories";
export { boardEvidence, type Evidence, PROBE_IDS, type Probe, type ProbeId } from "./evidence";
export {
  type CiMethod,
  computeLeaderboard,
  type Leaderboard,
  type LeaderboardOptions,
  type Matrices,
  type ModelRating,
  NoBattlesError,
  roundedRating,
  type StyleCoefficient,
} from "./leaderboard";
export { type FitSettings, fitPairwise, type PairwiseData } from "./pairwise-fit";
export {
  ALL_STYLE_FEATURES,
  type Battle,
  STYLE_FEATURES,
  STYLE_GROUPS,
  type StyleCounts,
  type StyleFeature,
  type StyleGroup,
  styleFeaturesOf,
  type Winner,
} from "./types";
