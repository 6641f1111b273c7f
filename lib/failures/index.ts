// lib/failures: what app/ and components/ may use (deep imports are refused by biome.json).
export {
  exportFailurePromptSet,
  type FailureCaseView,
  type FailureStatus,
  failureCases,
  failureGrid,
  failureRunAnswers,
  findFailureCandidates,
  markFailureAnswer,
  reviewFailureCase,
  TOP_RANKS,
} from "./cases";
