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
export { moderationQueue, reviewFlag } from "./moderation";
export { type ProbeResult, probeModel } from "./probe";
