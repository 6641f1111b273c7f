// Scoring pairwise judgments against a baseline, as arena-hard-auto v0.1 and WildVision-Bench publish it: every
// verdict becomes battles between the baseline and the candidate (a strong verdict `weight` times), Bradley–Terry
// through lib/ratings with the baseline fixed at 1000 (one candidate at a time), and Score = the predicted win rate against the baseline
// × 100, with a 95% bootstrap interval over battles. Every battle has the baseline on one side, so the point
// estimate is deterministic: it is (wins + ties/2) / battles of each candidate, to the solver's tolerance.

import { domainError } from "../errors";
import { BattleTableBuilder, computeLeaderboard } from "../ratings";
import type { JudgmentRecord } from "./judgment-files";
import { battlesOf, candidateOutcome, type Outcome } from "./verdicts";

export interface VerdictCounts {
  much_better: number;
  better: number;
  tie: number;
  worse: number;
  much_worse: number;
  invalid: number;
}

export interface BenchModelScore {
  model: string;
  /** win rate against the baseline, in percent, rounded to two decimals as arena-hard-auto's leaderboard files */
  score: number;
  ci: [number, number];
  /** Bradley–Terry rating with the baseline at 1000 */
  rating: number;
  counts: VerdictCounts;
  questions: number;
  battles: number;
  avg_tokens?: number;
}

export interface BenchScore {
  /** which published method produced it: arena-hard-auto v0.1 / WildVision-Bench (Bradley–Terry), or v2 */
  method: "arena-hard-v0.1" | "arena-hard-v2";
  /** v2 with style control: the features controlled for */
  styleControl?: ("length" | "markdown")[];
  baseline: string;
  weight: number;
  bootstrap: number;
  seed: number;
  firstGameOnly: boolean;
  judges: string[];
  models: BenchModelScore[];
  warnings: string[];
}

export interface BenchScoreOptions {
  baseline: string;
  /** how many battles a strong verdict (`>>`) counts for (arena-hard-auto's --weight, default 3) */
  weight?: number;
  bootstrap?: number;
  seed?: number;
  firstGameOnly?: boolean;
  /** average answer tokens per model, when the answers are at hand */
  avgTokens?: Map<string, number>;
}

export class BenchScoreError extends domainError("invalid", "invalid_bench_score") {}

/** Python's round(x, digits): halves go to the even neighbour (12.125 → 12.12), as the published files were made. */
export function pyRound(x: number, digits: number): number {
  const scale = 10 ** digits;
  const scaled = x * scale;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  const rounded = diff > 0.5 ? floor + 1 : diff < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  return rounded / scale;
}

/** The win rate (%) a rating predicts against the baseline at 1000. */
export const winRateAgainstBaseline = (rating: number) => 100 / (1 + 10 ** ((1000 - rating) / 400));

const emptyCounts = (): VerdictCounts => ({ much_better: 0, better: 0, tie: 0, worse: 0, much_worse: 0, invalid: 0 });

export async function scoreJudgments(
  records: AsyncIterable<JudgmentRecord> | Iterable<JudgmentRecord>,
  options: BenchScoreOptions,
): Promise<BenchScore> {
  const weight = options.weight ?? 3;
  const bootstrap = options.bootstrap ?? 100;
  const seed = options.seed ?? 0;
  const firstGameOnly = options.firstGameOnly ?? false;
  if (!Number.isInteger(weight) || weight < 1) throw new BenchScoreError("the weight must be a whole number ≥ 1");
  // one table per candidate: every battle has the baseline on one side, so each candidate's rating is fitted from
  // its own battles alone — as the joint fit would give it, and untouched by another candidate that never lost
  // (whose infinite estimate the rating engine keeps finite with a small ridge)
  const tables = new Map<string, BattleTableBuilder>();
  const counts = new Map<string, VerdictCounts>();
  const questions = new Map<string, Set<string>>();
  const judges = new Set<string>();
  const warnings: string[] = [];
  let repeated = 0;
  let skippedBaseline = 0;
  // the baseline's own judgments (against itself): counted in its verdict counts, as WildVision-Bench's published
  // table counts them, and never fitted (a battle of a model with itself changes no rating)
  const baselineCounts = emptyCounts();
  const baselineQuestions = new Set<string>();
  for await (const record of records) {
    if (record.model === options.baseline) {
      skippedBaseline++;
      baselineQuestions.add(record.questionId);
      const games = firstGameOnly ? record.games.slice(0, 1) : record.games.slice(0, 2);
      for (const [game, { score }] of games.entries()) {
        const outcome = candidateOutcome(score, game);
        if (outcome) baselineCounts[outcome]++;
        else baselineCounts.invalid++;
      }
      continue;
    }
    if (record.judge) judges.add(record.judge);
    const seen = questions.get(record.model) ?? new Set<string>();
    if (seen.has(record.questionId)) repeated++;
    seen.add(record.questionId);
    questions.set(record.model, seen);
    const tally = counts.get(record.model) ?? emptyCounts();
    counts.set(record.model, tally);
    const builder = tables.get(record.model) ?? new BattleTableBuilder();
    tables.set(record.model, builder);
    const games = firstGameOnly ? record.games.slice(0, 1) : record.games.slice(0, 2);
    for (const [game, { score }] of games.entries()) {
      const outcome: Outcome | null = candidateOutcome(score, game);
      if (!outcome) {
        tally.invalid++;
        continue;
      }
      tally[outcome]++;
      const { winner, count } = battlesOf(outcome, weight);
      for (let k = 0; k < count; k++) {
        builder.add({ modelA: options.baseline, modelB: record.model, winner, anony: true });
      }
    }
  }
  if (skippedBaseline)
    warnings.push(`${skippedBaseline} judgments of the baseline against itself: in its verdict counts, not in the fit`);
  if (repeated) warnings.push(`${repeated} questions judged more than once for the same model (each counted)`);
  const models: BenchModelScore[] = [];
  let totalBattles = 0;
  for (const [model, builder] of tables) {
    const table = builder.build();
    const tally = counts.get(model) ?? emptyCounts();
    if (table.size === 0) {
      warnings.push(`${model}: no valid verdict (${tally.invalid} invalid), left out`);
      continue;
    }
    totalBattles += table.size;
    const board = await computeLeaderboard(
      table,
      Uint32Array.from({ length: table.size }, (_, i) => i),
      {
        anchor: { model: options.baseline, rating: 1000 },
        bootstrapRounds: bootstrap,
        seed,
        ci: bootstrap > 0 ? "bootstrap" : "none",
      },
    );
    warnings.push(...board.warnings.map((w) => `${model}: ${w}`));
    const rated = board.models.find((m) => m.model === model);
    if (!rated) continue;
    const entry: BenchModelScore = {
      model,
      score: pyRound(winRateAgainstBaseline(rated.rating), 2),
      ci: [pyRound(winRateAgainstBaseline(rated.ciLower), 2), pyRound(winRateAgainstBaseline(rated.ciUpper), 2)],
      rating: pyRound(rated.rating, 3),
      counts: tally,
      questions: questions.get(model)?.size ?? 0,
      battles: rated.votes,
    };
    const tokens = options.avgTokens?.get(model);
    if (tokens !== undefined) entry.avg_tokens = tokens;
    models.push(entry);
  }
  if (models.length === 0) throw new BenchScoreError(`no valid verdict against the baseline '${options.baseline}'`);
  const baselineTokens = options.avgTokens?.get(options.baseline);
  models.push({
    model: options.baseline,
    score: 50,
    ci: [50, 50],
    rating: 1000,
    counts: baselineCounts,
    questions: baselineQuestions.size,
    battles: totalBattles,
    ...(baselineTokens !== undefined ? { avg_tokens: baselineTokens } : {}),
  });
  models.sort((a, b) => b.score - a.score || a.model.localeCompare(b.model));
  return {
    method: "arena-hard-v0.1",
    baseline: options.baseline,
    weight,
    bootstrap,
    seed,
    firstGameOnly,
    judges: [...judges].sort(),
    models,
    warnings,
  };
}
