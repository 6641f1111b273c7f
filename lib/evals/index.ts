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
