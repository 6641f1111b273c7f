export { evalJobs, queueRun } from "./jobs";
export { JsonLinesError, readJsonLines } from "./jsonl";
export {
  type CallOutcome,
  type Completion,
  callWithRetries,
  complete,
  costOf,
  type RegistryModel,
  targetOf,
} from "./model-call";
export { type ItemPreset, itemPresets, presetCount, stratify } from "./presets";
export {
  createPromptSetVersion,
  exportPromptSet,
  findPromptSet,
  type ImportedSet,
  importPromptSet,
  listPromptSets,
  type NewPromptItem,
  PromptSetError,
  type PromptSetInfo,
  type PromptTurn,
} from "./prompt-sets";
export { gatesFrom, ProviderGates } from "./provider-gates";
export {
  createRun,
  EvalRunError,
  type ExecuteOptions,
  type ExecuteResult,
  executeRun,
  type RunSettings,
  type RunStatus,
  runSettings,
  runStatuses,
} from "./runs";
export { DESCRIPTION_SLOT } from "./slots";
