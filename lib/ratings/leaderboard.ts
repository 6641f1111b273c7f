// One leaderboard from battles: Bradley–Terry (optionally style-controlled) ratings on FastChat's scale, with
// bootstrap or sandwich intervals, Rank (UB), per-model counts and, on request, the pairwise matrices.
import type { BattleTable } from "./battle-table";
import { type BootstrapJob, bootstrap, recentre } from "./bootstrap";
import { connectedComponents, identifiability } from "./graph";
import { type FitSettings, fitPairwise, type PairwiseData } from "./pairwise-fit";
import { aggregatePlain, type LocalModels, localModels, styleProblem } from "./problems";
import { sandwichCovariance } from "./sandwich";
import { columnQuantiles, normalQuantile } from "./stats";
import { OUTCOME, STYLE_FEATURES, type StyleFeature } from "./types";

export const SCALE = 400;
export const BASE = 10;
export const INIT_RATING = 1000;
/** FastChat's fit_contextual_bt: reg = 0.5, i.e. a penalty of 0.25·‖θ‖² on ratings and style coefficients */
export const STYLE_L2 = 0.5;
/** Keeps ratings finite when some model never lost or never won (the maximum-likelihood estimate is infinite). */
export const FINITE_RIDGE = 1e-3;

export type CiMethod = "bootstrap" | "sandwich" | "none";

export interface LeaderboardOptions {
  styleControl?: boolean;
  /** bootstrap rounds (default 100) */
  bootstrapRounds?: number;
  seed?: number;
  ci?: CiMethod;
  /** 0.95 by default */
  confidence?: number;
  anchor?: { model: string; rating: number };
  workers?: number;
  matrices?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface ModelRating {
  model: string;
  rating: number;
  ciLower: number;
  ciUpper: number;
  /** Rank (UB): 1 + the number of models whose lower bound is above this model's upper bound */
  rank: number;
  votes: number;
  wins: number;
  losses: number;
  ties: number;
  bothBad: number;
  /** (wins + ties/2) / votes, both kinds of tie counting half */
  winRate: number;
  /** which group of the comparison graph the model belongs to (0 when the graph is connected) */
  component: number;
}

export interface StyleCoefficient {
  feature: StyleFeature;
  value: number;
  ciLower: number;
  ciUpper: number;
}

export interface Matrices {
  models: string[];
  /** battles between row and column models (either side) */
  battles: number[][];
  /** share of the row model's wins over the column model among their decisive battles; null if none */
  winFraction: (number | null)[][];
  /** P(row beats column) from the ratings */
  predictedWinRate: number[][];
}

export interface Leaderboard {
  battles: number;
  components: number;
  warnings: string[];
  models: ModelRating[];
  styleCoefficients?: StyleCoefficient[];
  ci: CiMethod;
  bootstrapRounds: number;
  seed: number;
  styleControl: boolean;
  confidence: number;
  /** model groups that were never compared with each other, when there are several */
  groups?: string[][];
  matrices?: Matrices;
}

export class NoBattlesError extends Error {}

const round = (value: number, digits: number) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/** A model's published figures, rounded as every output shows them (ratings to 0.001, win rate to 0.0001). */
export function roundedRating(m: ModelRating) {
  return {
    model: m.model,
    rating: round(m.rating, 3),
    ciLower: round(m.ciLower, 3),
    ciUpper: round(m.ciUpper, 3),
    rank: m.rank,
    votes: m.votes,
    winRate: round(m.winRate, 4),
  };
}

const ALPHA = Math.log(BASE);

function firstOfEachComponent(label: Int32Array): Int32Array {
  const seen = new Set<number>();
  const pinned: number[] = [];
  for (let m = 0; m < label.length; m++) {
    if (!seen.has(label[m] as number)) {
      seen.add(label[m] as number);
      pinned.push(m);
    }
  }
  return Int32Array.from(pinned);
}

interface Fitted {
  data: PairwiseData;
  weights: Float64Array;
  settings: FitSettings;
  theta: Float64Array;
  components: Int32Array;
  componentCount: number;
  battles: number;
  job: Omit<BootstrapJob, "seed">;
}

function fitPlain(table: BattleTable, rows: Uint32Array, models: LocalModels, warnings: string[]): Fitted {
  const { data, counts } = aggregatePlain(table, rows, models);
  const { label, count } = connectedComponents(data.nModels, data.a, data.b);
  const check = identifiability(data.nModels, data.a, data.b, data.y);
  let l2 = 0;
  if (!check.finite) {
    l2 = FINITE_RIDGE;
    const names = (list: number[]) => list.map((m) => models.names[m]).join(", ");
    if (check.neverLost.length)
      warnings.push(`never lost a battle, so its rating is not bounded above: ${names(check.neverLost)}`);
    if (check.neverWon.length)
      warnings.push(`never won a battle, so its rating is not bounded below: ${names(check.neverWon)}`);
    warnings.push(
      `the data do not determine finite maximum-likelihood ratings; a small ridge penalty (${FINITE_RIDGE}) keeps them finite`,
    );
  }
  const settings: FitSettings = { alpha: ALPHA, l2, pinned: firstOfEachComponent(label) };
  const { theta } = fitPairwise(data, counts, settings);
  recentre(theta, label);
  return {
    data,
    weights: counts,
    settings,
    theta,
    components: label,
    componentCount: count,
    battles: rows.length,
    job: {
      data,
      kind: "multinomial",
      counts,
      settings,
      init: theta,
      components: label,
      finiteRidge: FINITE_RIDGE,
    },
  };
}

function fitStyle(table: BattleTable, rows: Uint32Array, models: LocalModels, warnings: string[]): Fitted {
  const problem = styleProblem(table, rows, models);
  if (problem.rows.length === 0)
    throw new NoBattlesError("style control needs style counts (conv_metadata), and no battle has them");
  if (problem.dropped > 0)
    warnings.push(`${problem.dropped} battles without style counts were left out of the style-controlled fit`);
  problem.stds.forEach((std, f) => {
    if (std === 0)
      warnings.push(`the style feature '${STYLE_FEATURES[f]}' is constant in these battles; its coefficient is 0`);
  });
  const { data } = problem;
  const { label, count } = connectedComponents(data.nModels, data.a, data.b);
  const weights = new Float64Array(data.a.length).fill(1);
  const settings: FitSettings = { alpha: ALPHA, l2: STYLE_L2, pinned: new Int32Array(0) };
  const { theta } = fitPairwise(data, weights, settings);
  return {
    data,
    weights,
    settings,
    theta,
    components: label,
    componentCount: count,
    battles: problem.rows.length,
    job: { data, kind: "resample", settings, init: theta },
  };
}

function modelCounts(table: BattleTable, rows: Uint32Array, models: LocalModels) {
  const M = models.names.length;
  const wins = new Float64Array(M);
  const losses = new Float64Array(M);
  const ties = new Float64Array(M);
  const bothBad = new Float64Array(M);
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k] as number;
    const a = models.local[table.a[r] as number] as number;
    const b = models.local[table.b[r] as number] as number;
    switch (table.outcome[r]) {
      case OUTCOME.modelA:
        wins[a] += 1;
        losses[b] += 1;
        break;
      case OUTCOME.modelB:
        wins[b] += 1;
        losses[a] += 1;
        break;
      case OUTCOME.bothBad:
        bothBad[a] += 1;
        bothBad[b] += 1;
        ties[a] += 1;
        ties[b] += 1;
        break;
      default:
        ties[a] += 1;
        ties[b] += 1;
    }
  }
  return { wins, losses, ties, bothBad };
}

function buildMatrices(table: BattleTable, rows: Uint32Array, models: LocalModels, ratings: number[]): Matrices {
  const M = models.names.length;
  const battles = Array.from({ length: M }, () => new Array<number>(M).fill(0));
  const beat = Array.from({ length: M }, () => new Array<number>(M).fill(0));
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k] as number;
    const a = models.local[table.a[r] as number] as number;
    const b = models.local[table.b[r] as number] as number;
    (battles[a] as number[])[b] += 1;
    (battles[b] as number[])[a] += 1;
    if (table.outcome[r] === OUTCOME.modelA) (beat[a] as number[])[b] += 1;
    if (table.outcome[r] === OUTCOME.modelB) (beat[b] as number[])[a] += 1;
  }
  const winFraction = beat.map((row, i) =>
    row.map((w, j) => {
      const decisive = w + ((beat[j] as number[])[i] as number);
      return decisive > 0 ? w / decisive : null;
    }),
  );
  const predictedWinRate = ratings.map((ri) => ratings.map((rj) => 1 / (1 + BASE ** ((rj - ri) / SCALE))));
  return { models: models.names, battles, winFraction, predictedWinRate };
}

/** The leaderboard of the given rows of the table. */
export async function computeLeaderboard(
  table: BattleTable,
  rows: Uint32Array,
  options: LeaderboardOptions = {},
): Promise<Leaderboard> {
  if (rows.length === 0) throw new NoBattlesError("no battles to rate");
  const styleControl = options.styleControl ?? false;
  const rounds = options.bootstrapRounds ?? 100;
  const seed = options.seed ?? 0;
  const confidence = options.confidence ?? 0.95;
  let ci: CiMethod = options.ci ?? "bootstrap";
  if (ci === "bootstrap" && rounds <= 0) ci = "none";
  const warnings: string[] = [];
  const models = localModels(table, rows);
  const fitted = styleControl ? fitStyle(table, rows, models, warnings) : fitPlain(table, rows, models, warnings);
  const M = models.names.length;
  const nParams = fitted.theta.length;
  const point = Array.from(fitted.theta);

  // Intervals on the raw (log10-odds) scale.
  const lower = point.slice();
  const upper = point.slice();
  const tail = (1 - confidence) / 2;
  if (ci === "bootstrap") {
    const samples = await bootstrap(
      { ...fitted.job, seed },
      {
        rounds,
        workers: options.workers,
        onProgress: options.onProgress,
      },
    );
    for (let k = 0; k < nParams; k++) {
      const [lo, hi] = columnQuantiles(samples, nParams, k, [tail, 1 - tail]);
      lower[k] = lo as number;
      upper[k] = hi as number;
    }
  } else if (ci === "sandwich") {
    const cov = sandwichCovariance(fitted.data, fitted.weights, fitted.theta, fitted.settings, fitted.components);
    const z = -normalQuantile(tail);
    if (!cov) warnings.push("the Hessian is singular: sandwich intervals are not available");
    for (let k = 0; k < nParams; k++) {
      const se = cov ? Math.sqrt(Math.max(0, cov[k * nParams + k] as number)) : Number.NaN;
      lower[k] = (point[k] as number) - z * se;
      upper[k] = (point[k] as number) + z * se;
    }
  }

  let offset = INIT_RATING;
  if (options.anchor) {
    const m = models.names.indexOf(options.anchor.model);
    if (m === -1) throw new NoBattlesError(`anchor model '${options.anchor.model}' is not in these battles`);
    offset = options.anchor.rating - SCALE * (point[m] as number);
  }
  const scaleRating = (v: number) => SCALE * v + offset;

  if (fitted.componentCount > 1) {
    warnings.push(
      `the battles form ${fitted.componentCount} groups of models never compared with each other; ratings are centred on ${INIT_RATING} within each group and are not comparable across groups`,
    );
  }
  const counts = modelCounts(table, rows, models);
  const entries: ModelRating[] = [];
  for (let m = 0; m < M; m++) {
    const votes = (counts.wins[m] as number) + (counts.losses[m] as number) + (counts.ties[m] as number);
    entries.push({
      model: models.names[m] as string,
      rating: scaleRating(point[m] as number),
      ciLower: scaleRating(lower[m] as number),
      ciUpper: scaleRating(upper[m] as number),
      rank: 0,
      votes,
      wins: counts.wins[m] as number,
      losses: counts.losses[m] as number,
      ties: counts.ties[m] as number,
      bothBad: counts.bothBad[m] as number,
      winRate: votes > 0 ? ((counts.wins[m] as number) + 0.5 * (counts.ties[m] as number)) / votes : 0,
      component: fitted.components[m] as number,
    });
  }
  for (const entry of entries) {
    entry.rank =
      1 +
      entries.filter((other) => (ci === "none" ? other.rating > entry.rating : other.ciLower > entry.ciUpper)).length;
  }
  entries.sort((x, y) => y.rating - x.rating || x.model.localeCompare(y.model));

  const result: Leaderboard = {
    battles: fitted.battles,
    components: fitted.componentCount,
    warnings,
    models: entries,
    ci,
    bootstrapRounds: ci === "bootstrap" ? rounds : 0,
    seed,
    styleControl,
    confidence,
  };
  if (styleControl) {
    result.styleCoefficients = STYLE_FEATURES.map((feature, f) => ({
      feature,
      value: point[M + f] as number,
      ciLower: lower[M + f] as number,
      ciUpper: upper[M + f] as number,
    }));
  }
  if (fitted.componentCount > 1) {
    const groups: string[][] = Array.from({ length: fitted.componentCount }, () => []);
    for (let m = 0; m < M; m++) groups[fitted.components[m] as number]?.push(models.names[m] as string);
    result.groups = groups;
  }
  if (options.matrices) {
    const ratings = models.names.map((_, m) => scaleRating(point[m] as number));
    result.matrices = buildMatrices(table, rows, models, ratings);
  }
  return result;
}
