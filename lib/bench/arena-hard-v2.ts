// Bench scores as arena-hard-auto v2 (the current release, show_result.py) computes them, with no Bradley–Terry fit
// by default. Each judgment record gives the candidate scores: game 2 (candidate as A) read as A's score and game 1
// (baseline as A) as 1 − A's score, through its label table (A>B 1, A>>B 1 × weight, A=B ½, B>A 0, …, and the
// mirrored spellings A<B, B<A, A<<B, B<<A); a record with a missing game or score is dropped whole. The score is
// the mean over 100 bootstrap rounds of each model's own battles resampled (pandas' groupby(model).sample(frac=1,
// replace=True)), the interval their 5th–95th percentile. With style control (length, markdown): an unpenalised
// logistic fit on +1 candidate / −1 baseline indicators and z-scored style features (sample standard deviation),
// 100 bootstrap fits over all battles, the score the median win probability e^{c_m}/(e^{c_m} + e^{c_base}), the
// interval the 5th–95th percentile. Their bootstrap is unseeded; ours is seeded, so intervals agree within sampling
// noise and repeat with the seed.
import { createRandom, quantile, resampleCounts } from "../numeric";
import { fitPairwise, type PairwiseData } from "../ratings";
import type { AnswerStyle, StyleControl } from "./answer-style";
import type { JudgmentRecord } from "./judgment-files";
import type { BenchModelScore, BenchScore, VerdictCounts } from "./score";
import { BenchScoreError } from "./score";
import { candidateOutcome } from "./verdicts";

export const BENCH_METHODS = ["arena-hard-v0.1", "arena-hard-v2"] as const;
export type BenchMethod = (typeof BENCH_METHODS)[number];

/** v2's label_to_score: A's score per label, a strong label `weight` times; anything else stops the score. */
function labelScores(label: string, weight: number): number[] | null {
  const table: Record<string, number[]> = {
    "A>B": [1],
    "A>>B": Array(weight).fill(1),
    "A=B": [0.5],
    "A<<B": Array(weight).fill(0),
    "A<B": [0],
    "B>A": [0],
    "B>>A": Array(weight).fill(0),
    "B=A": [0.5],
    "B<<A": Array(weight).fill(1),
    "B<A": [1],
  };
  return table[label] ?? null;
}

interface V2Battle {
  model: string;
  uid: string;
  score: number;
}

const emptyCounts = (): VerdictCounts => ({ much_better: 0, better: 0, tie: 0, worse: 0, much_worse: 0, invalid: 0 });

/** load_judgments: the battles of every record (judges' own answers and records with a missing game left out). */
async function v2Battles(
  records: AsyncIterable<JudgmentRecord> | Iterable<JudgmentRecord>,
  options: { weight: number; category?: string; fileScoresOnly?: boolean },
) {
  const battles: V2Battle[] = [];
  const counts = new Map<string, VerdictCounts>();
  const questions = new Map<string, Set<string>>();
  const judges = new Set<string>();
  const all: JudgmentRecord[] = [];
  for await (const record of records) {
    all.push(record);
    if (record.judge) judges.add(record.judge);
  }
  let dropped = 0;
  let otherCategory = 0;
  for (const record of all) {
    if (judges.has(record.model)) continue;
    if (options.category !== undefined && record.category !== options.category) {
      otherCategory++;
      continue;
    }
    const [first, second] = record.games;
    // v2 reads only the file's own score field (a null one drops the whole record); our stored judgments carry the
    // verdict parsed when the judge answered, which is what v2 writes there
    const usable = (g: typeof first) =>
      g !== undefined && g.score !== null && (options.fileScoresOnly === false || g.source === "score");
    if (!usable(first) || !usable(second) || !first || !second) {
      dropped++;
      continue;
    }
    const g1 = labelScores(first.score as string, options.weight);
    const g2 = labelScores(second.score as string, options.weight);
    if (!g1 || !g2) {
      const bad = g1 ? second : first;
      throw new BenchScoreError(
        `${record.file}:${record.line}: field games[${g1 ? 1 : 0}].score: '${bad.score}' is not one of arena-hard-auto v2's labels`,
      );
    }
    // models are named as their last path segment (v2 strips "org/")
    const model = record.model.split("/").at(-1) as string;
    for (const score of [...g2, ...g1.map((s) => 1 - s)]) battles.push({ model, uid: record.questionId, score });
    const tally = counts.get(model) ?? emptyCounts();
    counts.set(model, tally);
    for (const [game, g] of [first, second].entries()) {
      const outcome = candidateOutcome(g.score, game);
      if (outcome) tally[outcome]++;
      else tally.invalid++;
    }
    const seen = questions.get(model) ?? new Set<string>();
    seen.add(record.questionId);
    questions.set(model, seen);
  }
  const warnings: string[] = [];
  if (dropped) warnings.push(`${dropped} judgments with a missing game or score left out (as v2 drops them)`);
  if (otherCategory) warnings.push(`${otherCategory} judgments of other categories left out`);
  return { battles, counts, questions, judges: [...judges].sort(), warnings };
}

/** Implied Bradley–Terry rating of a win rate against the baseline at 1000 (v2 prints none; kept for the table). */
const impliedRating = (p: number) =>
  1000 + 400 * Math.log10(Math.min(1 - 1e-9, Math.max(1e-9, p)) / Math.max(1e-9, 1 - p));

export interface V2Options {
  baseline: string;
  weight?: number;
  bootstrap?: number;
  seed?: number;
  category?: string;
  avgTokens?: Map<string, number>;
  /** files: only a game's own score field counts (v2); stored judgments: their parsed verdicts (default true) */
  fileScoresOnly?: boolean;
}

/** print_leaderboard: bootstrap means of each model's battles, no fit. */
export async function scoreArenaHardV2(
  records: AsyncIterable<JudgmentRecord> | Iterable<JudgmentRecord>,
  options: V2Options,
): Promise<BenchScore> {
  const weight = options.weight ?? 3;
  const rounds = options.bootstrap ?? 100;
  const seed = options.seed ?? 0;
  if (rounds < 1) throw new BenchScoreError("arena-hard-auto v2's score is a bootstrap mean: --bootstrap must be ≥ 1");
  const { battles, counts, questions, judges, warnings } = await v2Battles(records, {
    weight,
    category: options.category,
    fileScoresOnly: options.fileScoresOnly,
  });
  const byModel = new Map<string, number[]>();
  for (const b of battles) {
    if (b.model === options.baseline) continue;
    const list = byModel.get(b.model) ?? [];
    list.push(b.score);
    byModel.set(b.model, list);
  }
  if (byModel.size === 0) throw new BenchScoreError(`no valid verdict against the baseline '${options.baseline}'`);
  const models: BenchModelScore[] = [];
  for (const [index, [model, scores]] of [...byModel].entries()) {
    const rand = createRandom(seed, index);
    const means: number[] = [];
    for (let r = 0; r < rounds; r++) {
      let sum = 0;
      for (let k = 0; k < scores.length; k++) sum += scores[Math.floor(rand() * scores.length)] as number;
      means.push(sum / scores.length);
    }
    const score = means.reduce((s, v) => s + v, 0) / rounds;
    const entry: BenchModelScore = {
      model,
      score: 100 * score,
      ci: [100 * quantile(means, 0.05), 100 * quantile(means, 0.95)],
      rating: impliedRating(score),
      counts: counts.get(model) ?? emptyCounts(),
      questions: questions.get(model)?.size ?? 0,
      battles: scores.length,
    };
    const tokens = options.avgTokens?.get(model);
    if (tokens !== undefined) entry.avg_tokens = tokens;
    models.push(entry);
  }
  models.push(baselineRow(options, battles.length));
  return resultOf(options, { weight, rounds, seed, judges, models, warnings });
}

/** The board in BenchScore's shape, best first. */
function resultOf(
  options: V2Options,
  r: { weight: number; rounds: number; seed: number; judges: string[]; models: BenchModelScore[]; warnings: string[] },
): BenchScore {
  r.models.sort((a, b) => b.score - a.score || a.model.localeCompare(b.model));
  return {
    method: "arena-hard-v2",
    baseline: options.baseline,
    weight: r.weight,
    bootstrap: r.rounds,
    seed: r.seed,
    firstGameOnly: false,
    judges: r.judges,
    models: r.models,
    warnings: r.warnings,
  };
}

function baselineRow(options: V2Options, battles: number): BenchModelScore {
  const tokens = options.avgTokens?.get(options.baseline);
  return {
    model: options.baseline,
    score: 50,
    ci: [50, 50],
    rating: 1000,
    counts: emptyCounts(),
    questions: 0,
    battles,
    ...(tokens !== undefined ? { avg_tokens: tokens } : {}),
  };
}

/** v2's four features of one battle: length (m − b)/(m + b); markdown densities count/tokens as (m − b)/(m + b + 1). */
export function v2StyleFeatures(m: AnswerStyle, b: AnswerStyle): [number, number, number, number] {
  const ratio = (x: number, y: number) => (x + y === 0 ? 0 : (x - y) / (x + y));
  const density = (count: number, s: AnswerStyle) => (s.tokens === 0 ? 0 : count / s.tokens);
  const md = (mx: number, bx: number) => {
    const dm = density(mx, m);
    const db = density(bx, b);
    return (dm - db) / (dm + db + 1);
  };
  return [ratio(m.tokens, b.tokens), md(m.headers, b.headers), md(m.lists, b.lists), md(m.bold, b.bold)];
}

/** print_leaderboard_with_style_features. */
export async function scoreArenaHardV2Style(
  records: AsyncIterable<JudgmentRecord> | Iterable<JudgmentRecord>,
  styles: Map<string, Map<string, AnswerStyle>>,
  options: V2Options & { controls: StyleControl[] },
): Promise<BenchScore & { coefficients: Record<string, number> }> {
  const weight = options.weight ?? 3;
  const rounds = options.bootstrap ?? 100;
  const seed = options.seed ?? 0;
  if (rounds < 1)
    throw new BenchScoreError(
      "arena-hard-auto v2's style-controlled score is a bootstrap median: --bootstrap must be ≥ 1",
    );
  const { battles, counts, questions, judges, warnings } = await v2Battles(records, {
    weight,
    category: options.category,
    fileScoresOnly: options.fileScoresOnly,
  });
  const columns = [
    ...(options.controls.includes("length") ? [0] : []),
    ...(options.controls.includes("markdown") ? [1, 2, 3] : []),
  ];
  const names = ["length", "header_density", "list_density", "bold_density"];
  const baseStyles = styles.get(options.baseline);
  const rows: { model: string; score: number; features: number[] }[] = [];
  let missing = 0;
  for (const b of battles) {
    const m = styles.get(b.model)?.get(b.uid);
    const base = baseStyles?.get(b.uid);
    if (!m || !base) {
      missing++;
      continue;
    }
    const f = v2StyleFeatures(m, base);
    rows.push({ model: b.model, score: b.score, features: columns.map((c) => f[c] as number) });
  }
  if (missing) warnings.push(`${missing} battles without both answers' style metadata left out`);
  const n = rows.length;
  if (n === 0)
    throw new BenchScoreError(`no battle with both answers' style against the baseline '${options.baseline}'`);
  // one_hot_encode: the models sorted, the baseline among them
  const modelNames = [...new Set([...rows.map((r) => r.model), options.baseline])].sort();
  const index = new Map(modelNames.map((m, i) => [m, i]));
  const baseIndex = index.get(options.baseline) as number;
  const F = columns.length;
  const x = new Float64Array(n * F);
  for (let f = 0; f < F; f++) {
    let mean = 0;
    for (const r of rows) mean += r.features[f] as number;
    mean /= n;
    let ss = 0;
    for (const r of rows) ss += ((r.features[f] as number) - mean) ** 2;
    const sd = Math.sqrt(ss / (n - 1));
    if (!(sd > 0)) warnings.push(`feature ${names[columns[f] as number]} does not vary: held at zero`);
    for (let i = 0; i < n; i++) x[i * F + f] = sd > 0 ? ((rows[i]?.features[f] as number) - mean) / sd : 0;
  }
  const data: PairwiseData = {
    nModels: modelNames.length,
    nFeatures: F,
    a: Int32Array.from(rows, (r) => index.get(r.model) as number),
    b: new Int32Array(n).fill(baseIndex),
    y: Float64Array.from(rows, (r) => r.score),
    x,
  };
  // unpenalised, natural-log odds; the baseline pinned (the indicators sum to zero on every row, so only
  // differences to it are identified, and those are all the score uses)
  const settings = { alpha: 1, l2: 0, pinned: Int32Array.of(baseIndex), maxIterations: 200 };
  const full = fitPairwise(data, new Float64Array(n).fill(1), settings);
  const probs: number[][] = modelNames.map(() => []);
  const coefs: number[][] = columns.map(() => []);
  const weights = new Float64Array(n);
  for (let r = 0; r < rounds; r++) {
    resampleCounts(n, createRandom(seed, r), weights);
    const fit = fitPairwise(data, weights, settings, full.theta);
    for (let m = 0; m < modelNames.length; m++) {
      probs[m]?.push(1 / (1 + Math.exp(-((fit.theta[m] as number) - (fit.theta[baseIndex] as number)))));
    }
    for (let f = 0; f < F; f++) coefs[f]?.push(fit.theta[modelNames.length + f] as number);
  }
  const models: BenchModelScore[] = modelNames.map((model, m) => {
    const p = probs[m] as number[];
    const median = model === options.baseline ? 0.5 : quantile(p, 0.5);
    const entry: BenchModelScore = {
      model,
      score: 100 * median,
      ci: model === options.baseline ? [50, 50] : [100 * quantile(p, 0.05), 100 * quantile(p, 0.95)],
      rating: impliedRating(median),
      counts: counts.get(model) ?? emptyCounts(),
      questions: questions.get(model)?.size ?? 0,
      battles: rows.filter((r) => r.model === model).length,
    };
    const tokens = options.avgTokens?.get(model);
    if (tokens !== undefined) entry.avg_tokens = tokens;
    return entry;
  });
  const coefficients = Object.fromEntries(
    columns.map((c, f) => [names[c] as string, quantile(coefs[f] as number[], 0.5)]),
  );
  return {
    ...resultOf(options, { weight, rounds, seed, judges, models, warnings }),
    styleControl: options.controls,
    coefficients,
  };
}
