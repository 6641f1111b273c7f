// Style-controlled bench scores as arena-hard-auto v2 computes them (show_result.py,
// print_leaderboard_with_style_features): per battle, the candidate's and the baseline's answer give a length
// feature (m − b)/(m + b) over tokens and three markdown-density features — headers, lists and bold per token,
// count/(tokens + 1) — each as (m − b)/(m + b + 1); every feature column is z-scored (sample standard deviation);
// the Bradley–Terry fit has +1 for the candidate, −1 for the baseline and the features, outcomes 1 / 0.5 / 0 with a
// strong verdict repeated `weight` times; Score = e^{c_m}/(e^{c_m} + e^{c_base}) — because the features are z-scored,
// that is the win rate at the average style difference of the battles, not at equal style. Differences from the published
// script, on purpose: the point estimate is the full-data fit (v2 prints the bootstrap median) and the interval is
// the 2.5–97.5 percentile of a seeded bootstrap (v2: 5–95, unseeded), so it reads like every other interval here.

import { createRandom, quantileSorted, resampleCounts } from "../numeric";
import { fitPairwise, type PairwiseData } from "../ratings";
import { type AnswerStyle, FEATURE_NAMES, STYLE_CONTROLS, type StyleControl, styleFeatures } from "./answer-style";
import type { JudgmentRecord } from "./judgment-files";
import { BenchScoreError, pyRound } from "./score";
import { battlesOf, candidateOutcome } from "./verdicts";

export interface StyleScore {
  model: string;
  score: number;
  ci: [number, number];
  battles: number;
}

export interface StyleScoreResult {
  baseline: string;
  controls: StyleControl[];
  models: StyleScore[];
  /** the features' coefficients (z-scored units): positive means the judge favours more of it */
  coefficients: Record<string, number>;
  warnings: string[];
}

export async function scoreStyleControlled(
  records: AsyncIterable<JudgmentRecord> | Iterable<JudgmentRecord>,
  styles: Map<string, Map<string, AnswerStyle>>,
  options: {
    baseline: string;
    controls?: StyleControl[];
    weight?: number;
    bootstrap?: number;
    seed?: number;
    firstGameOnly?: boolean;
  },
): Promise<StyleScoreResult> {
  const controls = options.controls?.length ? options.controls : [...STYLE_CONTROLS];
  const columns = [...(controls.includes("length") ? [0] : []), ...(controls.includes("markdown") ? [1, 2, 3] : [])];
  const weight = options.weight ?? 3;
  const baselineStyles = styles.get(options.baseline);
  if (!baselineStyles) throw new BenchScoreError(`no answers of the baseline '${options.baseline}' for style control`);
  const models = [options.baseline];
  const index = new Map([[options.baseline, 0]]);
  const a: number[] = [];
  const y: number[] = [];
  const raw: number[][] = [];
  const warnings: string[] = [];
  let missing = 0;
  for await (const record of records) {
    if (record.model === options.baseline) continue;
    const m = styles.get(record.model)?.get(record.questionId);
    const b = baselineStyles.get(record.questionId);
    if (!m || !b) {
      missing++;
      continue;
    }
    const features = styleFeatures(m, b);
    let model = index.get(record.model);
    if (model === undefined) {
      model = models.length;
      models.push(record.model);
      index.set(record.model, model);
    }
    const games = options.firstGameOnly ? record.games.slice(0, 1) : record.games.slice(0, 2);
    for (const [game, { score }] of games.entries()) {
      const outcome = candidateOutcome(score, game);
      if (!outcome) continue;
      const { winner, count } = battlesOf(outcome, weight);
      // battles have the baseline as model_a: the candidate scores 1 when model_b wins
      const s = winner === "model_b" ? 1 : winner === "tie" ? 0.5 : 0;
      for (let k = 0; k < count; k++) {
        a.push(model);
        y.push(s);
        raw.push(columns.map((c) => features[c] as number));
      }
    }
  }
  if (missing) warnings.push(`${missing} judgments without both answers' style were left out`);
  const n = a.length;
  if (n === 0) throw new BenchScoreError(`no valid verdict against the baseline '${options.baseline}'`);
  const F = columns.length;
  const x = new Float64Array(n * F);
  for (let f = 0; f < F; f++) {
    let mean = 0;
    for (let i = 0; i < n; i++) mean += raw[i]?.[f] as number;
    mean /= n;
    let ss = 0;
    for (let i = 0; i < n; i++) ss += ((raw[i]?.[f] as number) - mean) ** 2;
    const sd = Math.sqrt(ss / (n - 1));
    if (!(sd > 0)) warnings.push(`feature ${FEATURE_NAMES[columns[f] as number]} does not vary: held at zero`);
    for (let i = 0; i < n; i++) x[i * F + f] = sd > 0 ? ((raw[i]?.[f] as number) - mean) / sd : 0;
  }
  const data: PairwiseData = {
    nModels: models.length,
    nFeatures: F,
    a: Int32Array.from(a),
    b: new Int32Array(n), // the baseline, index 0
    y: Float64Array.from(y),
    x,
  };
  const settings = { alpha: 1, l2: 0, pinned: Int32Array.of(0), maxIterations: 200 };
  const full = fitPairwise(data, new Float64Array(n).fill(1), settings);
  if (!full.converged) warnings.push("the style-controlled fit did not converge (a candidate may never lose)");
  const winRate = (theta: Float64Array, m: number) =>
    100 / (1 + Math.exp(-((theta[m] as number) - (theta[0] as number))));
  const rounds = options.bootstrap ?? 100;
  const samples: number[][] = models.map(() => []);
  const weights = new Float64Array(n);
  for (let r = 0; r < rounds; r++) {
    resampleCounts(n, createRandom(options.seed ?? 0, r), weights);
    const fit = fitPairwise(data, weights, settings, full.theta);
    for (let m = 1; m < models.length; m++) samples[m]?.push(winRate(fit.theta, m));
  }
  const scores: StyleScore[] = models.map((model, m) => {
    const point = m === 0 ? 50 : winRate(full.theta, m);
    const sorted = (samples[m] ?? []).slice().sort((p, q) => p - q);
    const ci: [number, number] =
      m === 0 || sorted.length === 0 ? [point, point] : [quantileSorted(sorted, 0.025), quantileSorted(sorted, 0.975)];
    return {
      model,
      score: pyRound(point, 2),
      ci: [pyRound(ci[0], 2), pyRound(ci[1], 2)],
      battles: a.filter((v) => v === m).length,
    };
  });
  scores.sort((p, q) => q.score - p.score || p.model.localeCompare(q.model));
  const coefficients = Object.fromEntries(
    columns.map((c, f) => [FEATURE_NAMES[c], pyRound(full.theta[models.length + f] as number, 4)]),
  );
  return { baseline: options.baseline, controls, models: scores, coefficients, warnings };
}
