// The bench's read side and orchestration, safe for the web server. Scoring, curation and the queue workers pull in
// the rating engine and its worker threads: they are in ./engine, for the CLI and the jobs process.
export { JsonLinesError } from "../evals";
export {
  type AnswerStyle,
  STYLE_CONTROLS,
  type StyleControl,
  styleFeatures,
  styleFromMetadata,
  styleOfAnswer,
} from "./answer-style";
export {
  type BenchBoard,
  type BenchChoice,
  type BenchItemView,
  benchBoard,
  benchChoices,
  benchItem,
  benchItemList,
  boardKey,
  publishBench,
  type StoredBoard,
} from "./board";
export type { CurationResult, Topic } from "./curate";
export { type BenchDefaults, benchDefaults } from "./defaults";
export { JUDGE_PROMPT_VERSION, JUDGE_SYSTEM_PROMPT, judgeUserPrompt } from "./judge-prompt";
export {
  createJudging,
  executeJudging,
  type JudgeResult,
  type JudgeSettings,
  JudgingError,
  judgeSettings,
} from "./judging";
export { type Game, JudgmentFileError, type JudgmentRecord, judgmentFiles, readJudgments } from "./judgment-files";
export { benchMethodLabel } from "./method";
export { planJudgings } from "./plan";
export { type CurateJob, queueBenchBoard, queueCuration, queueJudging } from "./queue";
export type { BenchModelScore, BenchScore, VerdictCounts } from "./score";
export { type JudgingStatus, judgingStatuses } from "./status";
export {
  type BenchSelection,
  BenchSelectionError,
  exportStoredBench,
  loadStoredBench,
  type StoredBench,
} from "./stored";
export type { StyleScoreResult } from "./style";
export { battlesOf, candidateOutcome, isVerdict, type Outcome, parseVerdict, VERDICTS, type Verdict } from "./verdicts";
