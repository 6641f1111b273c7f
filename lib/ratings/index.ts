export { BattleTable, BattleTableBuilder } from "./battle-table";
export {
  type BattleFilter,
  CATEGORY_DESCRIPTIONS,
  categoryNames,
  selectRows,
  UnknownCategoryError,
} from "./categories";
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
export { type Battle, STYLE_FEATURES, type StyleCounts, type StyleFeature, type Winner } from "./types";
