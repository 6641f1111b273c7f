export { type BenchmarkBoard, benchmarkBoards, benchmarkRunItems, type RunItemView } from "./board";
export type {
  BenchmarkDefinition,
  BenchmarkExample,
  ItemVerdict,
  NormalisedStep,
  Problem,
  RecordContext,
  Scorer,
  Verdict,
} from "./definition";
export { boxedContents, EMMA_KEYS, emmaEqual, emmaExtract, emmaTruthText, scoreEmmaItem } from "./emma";
export { type ErrorCategory, modelErrorCategories } from "./error-categories";
export { BenchmarkDataError } from "./errors";
export { exportBenchmarkVerdicts } from "./export";
export { connected, isomorphic, maxFlow, parseAdjacency } from "./graphs";
export { type ImportResult, importBenchmark, readRecords } from "./import";
export { importPredictions, type PredictionImport } from "./import-predictions";
export {
  ISOBENCH_KEYS,
  ISOBENCH_RANDOM,
  ISOBENCH_TASKS,
  type IsoTask,
  isoAnswerText,
  isoReadAnswer,
  isoTruth,
  scoreIsoBenchItem,
} from "./isobench";
export { answerSegments, type ChoiceReading, readChoice } from "./isobench-choice";
export {
  ISOBENCH_EVAL_GROUPS,
  type IsoEvalItem,
  type IsoEvalScore,
  isIsoBenchEvalLayout,
  isoBenchEvalTable,
  officialIsCorrect,
  scoreIsoBenchEval,
  scoreIsoBenchEvalWithJudge,
} from "./isobench-eval";
export { isoBenchEvalParsed, isoBenchEvalParsePrompt } from "./isobench-official-parse";
export { benchmarkJobs, type ImportJob, queueBenchmarkImport } from "./jobs";
export {
  EMMA_SCORE_DEMO,
  emmaJudgePrompt,
  type Judge,
  judgeFrom,
  MATHVISTA_EXTRACTION_DEMO,
  mathVistaExtractionPrompt,
} from "./judge-extract";
export { codePointDistance, nearestChoice } from "./levenshtein";
export {
  benchmarkDir,
  libraryFile,
  libraryFiles,
  PREDICTION_FILE,
} from "./library";
export { extractByRules, MATHVISTA_KEYS, normaliseExtraction, scoreMathVistaItem } from "./mathvista";
export { type ModalityGap, modalityGap } from "./modality-gap";
export { benchmarkPairs, groundTruth, groundTruthComponents, type PairBattle, pairOutcome } from "./pairs";
export {
  type PredictionImportRequest,
  type PredictionImportStatus,
  queuePredictionImport,
  recentPredictionImports,
  runPredictionImport,
} from "./prediction-imports";
export { PREDICTION_SOURCES, type Prediction, type PredictionSource, readPredictions } from "./predictions";
export {
  EMMA_STRATEGIES,
  emmaQuery,
  isoCombinedPrompt,
  isoImagePrompt,
  isoTextPrompt,
  mathVistaQuery,
} from "./prompts";
export {
  type PyValue,
  parsePythonJson,
  pyEqual,
  pyFloat,
  pyFloatFromText,
  pyFloatRepr,
  pyIntFromText,
  pyRoundFloat,
  pyStr,
} from "./python";
export {
  type BenchmarkChoice,
  type BenchmarkName,
  benchmarkChoices,
  benchmarkDefinition,
  benchmarkNamed,
  benchmarkNames,
  benchmarkTitle,
  defaultCompositeWeights,
  predictionBenchmarkNames,
  registerBenchmark,
} from "./registry";
export {
  type BenchmarkReport,
  benchmarkReport,
  type ModelReport,
  runLabel,
  scoreBenchmarkRun,
  scoreIfBenchmark,
} from "./runs";
export { type FileScore, readEntries, scoreOutputs } from "./score-files";
export { labelledVerdict, SCORER_VERSION, writeVerdicts } from "./verdicts";
export { type Tally, tally, wilsonInterval } from "./wilson";
