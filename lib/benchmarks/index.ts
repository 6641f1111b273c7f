// lib/benchmarks: the ground-truth benchmarks (MathVista, EMMA, IsoBench; ./registry.ts lists them, ./definitions
// holds each): importing their files, scoring runs and published outputs exactly as their official code does, reports
// with intervals, toolkit predictions, and the composite board's ground truth. What other folders use is exported here;
// the scorers' own parts (Python-exact numbers, extraction rules) stay inside.
export { type BenchmarkBoard, benchmarkBoards, benchmarkRunItems } from "./board";
export type { BenchmarkDefinition, Verdict } from "./definition";
export { modelErrorCategories } from "./error-categories";
export { exportBenchmarkVerdicts } from "./export";
export { connected } from "./graphs";
export { importBenchmark } from "./import";
export { importPredictions, type PredictionImport } from "./import-predictions";
export {
  isIsoBenchEvalLayout,
  isoBenchEvalTable,
  scoreIsoBenchEval,
  scoreIsoBenchEvalWithJudge,
} from "./isobench-eval";
export { benchmarkJobs, queueBenchmarkImport } from "./jobs";
export { type Judge, judgeFrom } from "./judge-extract";
export { benchmarkDir, libraryFile, libraryFiles, PREDICTION_FILE } from "./library";
export { modalityGap } from "./modality-gap";
export { benchmarkPairs, groundTruth, groundTruthComponents, type PairBattle } from "./pairs";
export { queuePredictionImport, recentPredictionImports, runPredictionImport } from "./prediction-imports";
export { PREDICTION_SOURCES, type Prediction, type PredictionSource } from "./predictions";
export {
  type BenchmarkChoice,
  benchmarkChoices,
  benchmarkDefinition,
  benchmarkNamed,
  benchmarkNames,
  benchmarkTitle,
  defaultCompositeWeights,
  predictionBenchmarkNames,
  registerBenchmark,
} from "./registry";
export { type BenchmarkReport, benchmarkReport, scoreBenchmarkRun, scoreIfBenchmark } from "./runs";
export { type FileScore, scoreOutputs } from "./score-files";
export { SCORER_VERSION } from "./verdicts";
export { type Tally, tally, wilsonInterval } from "./wilson";
