// lib/dataset-stats: what app/ and components/ may use (deep imports are refused by biome.json).

export { datasetCharts } from "./charts";
export { statisticsMarkdown } from "./datasheet";
export {
  FROM_BATTLES,
  FROM_CHATS,
  publicationDelayDays,
  publicationDelayNote,
  releasedBattleClauses,
  releasedChatClauses,
} from "./released";
export { computeDatasetStatistics, STYLE_RANK_DROP, type StatisticsOptions } from "./statistics";
export {
  type DatasetRow,
  type DatasetStatistics,
  datasetStatisticsSchema,
  type ModelCounts,
  PAPER_TABLE_1,
  type PaperRow,
} from "./statistics-payload";
export {
  currentDatasetStatistics,
  DatasetSnapshotError,
  latestDatasetStatistics,
  latestDatasetTopics,
  refreshDatasetStatistics,
  type StoredStatistics,
} from "./store";
// computing the topics (./topics) loads the clustering libraries: the jobs process imports it directly
export { type DatasetTopics, TOPIC_POOL, TOPICS_SHOWN } from "./topics-payload";
