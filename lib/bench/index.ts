export { JsonLinesError } from "../evals";
export { averageAnswerTokens } from "./answers";
export { type Game, JudgmentFileError, type JudgmentRecord, judgmentFiles, readJudgments } from "./judgment-files";
export {
  type BenchModelScore,
  type BenchScore,
  BenchScoreError,
  pyRound,
  scoreJudgments,
  type VerdictCounts,
  winRateAgainstBaseline,
} from "./score";
export { battlesOf, candidateOutcome, isVerdict, type Outcome, parseVerdict, VERDICTS, type Verdict } from "./verdicts";
