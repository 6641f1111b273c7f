export { JsonLinesError, readJsonLines } from "./jsonl";
export {
  exportPromptSet,
  findPromptSet,
  type ImportedSet,
  importPromptSet,
  listPromptSets,
  PromptSetError,
  type PromptSetInfo,
  type PromptTurn,
} from "./prompt-sets";
export { ProviderGates } from "./provider-gates";
export { createEvalQueue, EVAL_QUEUE, queueRun, workEvalRuns } from "./queue";
export {
  createRun,
  EvalRunError,
  type ExecuteResult,
  executeRun,
  type RunSettings,
  type RunStatus,
  runSettings,
  runStatuses,
} from "./runs";
