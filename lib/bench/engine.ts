// The bench's heavy side, for the CLI, the jobs process and tests (never imported by the web server): scoring through
// the rating engine, curation (embeddings, UMAP, clustering) and the queue workers.
export { type AnswerFacts, averageAnswerTokens, readAnswerFiles } from "./answers";
export { BENCH_METHODS, type BenchMethod, scoreArenaHardV2, scoreArenaHardV2Style } from "./arena-hard-v2";
export { computeBenchBoard } from "./board-compute";
export { CurationError, type CurationResult, curateBench, type Topic } from "./curate";
export { benchJobs } from "./jobs";
export { BenchScoreError, pyRound, scoreJudgments, winRateAgainstBaseline } from "./score";
export { type StyleScoreResult, scoreStyleControlled } from "./style";
