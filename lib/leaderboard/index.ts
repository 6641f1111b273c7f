// The read side only: recomputing lives in ./recompute (it pulls in the rating engine and its worker threads).

export { EXTRAS, type Extra, leaderboardResponse, warmLeaderboardResponses } from "./api-response";
export {
  type BarsChart,
  type ChartFormat,
  type ChartSpec,
  type HeatmapChart,
  type IntervalsChart,
  leaderboardCharts,
  withPairMatrices,
} from "./charts";
export { type Agreement, type BoardEntry, compareBoards } from "./compare";
export type { CompositeWeights, GroundTruthComponent, GroundTruthSource } from "./composite-run";
export {
  DEFAULT_BOARD,
  type HistoryPoint,
  historyQuery,
  modelHistory,
  type RankHistory,
  rankHistory,
  servedRankHistory,
} from "./history";
export { type MethodChange, methodChanges } from "./methodology";
export { type ModelProfile, modelProfile, modelTitle } from "./model-profile";
export { pendingRecompute, requestRecompute } from "./recompute-requests";
export {
  compareRuns,
  listRuns,
  publishRun,
  type RunComparison,
  type RunInfo,
  RunNotFoundError,
  unpublishAll,
} from "./runs";
export {
  type BoardSource,
  currentSnapshot,
  LISTING_MIN_VOTES,
  type ServedSnapshot,
  SNAPSHOT_ROUNDS,
  type SnapshotModel,
  type SnapshotPayload,
  servedCategories,
  servedSnapshot,
  snapshotById,
  snapshotCategories,
} from "./serve";
export { countedOnBoard } from "./vote-parts";
