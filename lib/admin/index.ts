// lib/admin: what app/ and components/ may use (deep imports are refused by biome.json).
export { audit, recentAudit } from "./audit";
export {
  createModel,
  listModelsForAdmin,
  modelInput,
  modelPatch,
  providerInput,
  saveProvider,
  updateModel,
} from "./models";
export {
  FLAG_ACTIONS,
  moderationDesk,
  moderationQueue,
  openReportsByModel,
  type QueueItem,
  REPORT_ACTIONS,
  type ReviewAction,
  reviewFlag,
  sourceLabel,
} from "./moderation";
export { type ProbeResult, probeModel } from "./probe";
