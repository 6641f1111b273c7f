// One leaderboard from battles: Bradley–Terry (optionally style-controlled) ratings on FastChat's scale, with
// bootstrap or sandwich intervals, Rank (UB), per-model counts and, on request, the pairwise matrices.
import type { BattleTable } from "./battle-table";
import { type Fitted, fitPlain, fitStyle } from "./fit";
import { boardFragility, type Fragility } from "./fragility";
import { rawIntervals } from "./intervals";
import { isRanked, type ListingPolicy, rankSpreads } from "./listing";
import { type LocalModels, localModels } from "./problems";
import { rankUpperBound } from "./ranks";
import { tiersOf } from "./tiers";
import { type CiMethod, OUTCOME, STYLE_FEATURES, type StyleFeature } from "./types";

export { BASE, FINITE_RIDGE, INIT_RATING, NoBattlesError, SCALE, STYLE_L2 } from "./scale";
export type { CiMethod } from "./types";

import { BASE, INIT_RATING, NoBattlesError, SCALE } from "./scale";

export interface LeaderboardOptions {
  styleControl?: boolean;
  /** with styleControl: the features controlled for (default FastChat's four: tokens, headers, lists, bold) */
  styleFeatures?: readonly StyleFeature[];
  /** bootstrap rounds (default 100) */
  bootstrapRounds?: number;
  seed?: number;
  ci?: CiMethod;
  /** 0.95 by default */
  confidence?: number;
  anchor?: { model: string; rating: number };
  workers?: number;
  matrices?: boolean;
  /** arena-rank's inverse-frequency reweighting of pairs (weight 1 / max(pair count, 50)) */
  reweighted?: boolean;
  /** who is ranked: the others are fitted and listed, with no rank, rank spread or fragility */
  listing?: ListingPolicy;
  /** the votes whose removal would swap each ranked model with the next ranked one (AMIP, confirmed by refit) */
  fragility?: boolean;
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
  /** false for a model the listing policy leaves out of the ranks (too few votes, or retired) */
  ranked: boolean;
  /** [best, worst] rank the intervals allow among the ranked models; null when unranked */
  rankSpread: [number, number] | null;
  /** the class of models that cannot be told apart (./tiers.ts, ComparIA's); null when unranked or without intervals */
  tier: number | null;
  /** with `fragility`: the votes whose removal would swap it with the next ranked model below */
  fragility?: Fragility | null;
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
  reweighted: boolean;
  /** model groups that were never compared with each other, when there are several */
  groups?: string[][];
  matrices?: Matrices;
}

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
        wins[a] = (wins[a] as number) + 1;
        losses[b] = (losses[b] as number) + 1;
        break;
      case OUTCOME.modelB:
        wins[b] = (wins[b] as number) + 1;
        losses[a] = (losses[a] as number) + 1;
        break;
      case OUTCOME.bothBad:
        bothBad[a] = (bothBad[a] as number) + 1;
        bothBad[b] = (bothBad[b] as number) + 1;
        ties[a] = (ties[a] as number) + 1;
        ties[b] = (ties[b] as number) + 1;
        break;
      default:
        ties[a] = (ties[a] as number) + 1;
        ties[b] = (ties[b] as number) + 1;
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
    const rowA = battles[a] as number[];
    const rowB = battles[b] as number[];
    rowA[b] = (rowA[b] as number) + 1;
    rowB[a] = (rowB[a] as number) + 1;
    const winner = table.outcome[r] === OUTCOME.modelA ? a : table.outcome[r] === OUTCOME.modelB ? b : -1;
    if (winner >= 0) {
      const beaten = winner === a ? b : a;
      const row = beat[winner] as number[];
      row[beaten] = (row[beaten] as number) + 1;
    }
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
  const features = options.styleFeatures?.length ? options.styleFeatures : STYLE_FEATURES;
  const fitted = styleControl
    ? fitStyle(table, rows, models, warnings, features, options.reweighted)
    : fitPlain(table, rows, models, warnings, options.reweighted);
  const M = models.names.length;
  const point = Array.from(fitted.theta);

  const { lower, upper } = await rawIntervals(fitted, ci, { rounds, seed, confidence, ...options }, warnings);

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
      ranked: true,
      rankSpread: null,
      tier: null,
    });
  }
  const policy = options.listing ?? {};
  const ranked = entries.map((entry) => isRanked(entry, policy));
  const byPoint = ci === "none";
  const everyoneRanked = ranked.every(Boolean);
  const ranks = rankUpperBound(entries, byPoint);
  const spreads = rankSpreads(entries, ranked, byPoint);
  const tiers = byPoint ? entries.map(() => null) : tiersOf(entries, ranked);
  entries.forEach((entry, m) => {
    entry.ranked = ranked[m] as boolean;
    entry.rankSpread = spreads[m] ?? null;
    entry.tier = tiers[m] ?? null;
    // with everyone ranked this is FastChat's Rank (UB); otherwise the same among the ranked, the rest after them
    entry.rank = everyoneRanked ? (ranks[m] as number) : (spreads[m]?.[0] ?? ranked.filter(Boolean).length + 1);
  });
  // the ranked models first, the others (preliminary, retired) after them: a thin model's rating is no place in the order
  entries.sort((x, y) => Number(y.ranked) - Number(x.ranked) || y.rating - x.rating || x.model.localeCompare(y.model));
  if (options.fragility) addFragility(entries, fitted, models.names);

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
    reweighted: Boolean(options.reweighted),
  };
  if (styleControl) {
    result.styleCoefficients = features.map((feature, f) => ({
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

/** Each ranked model's fragility against the next ranked model below it in the same group. */
function addFragility(entries: ModelRating[], fitted: Fitted, names: string[]): void {
  const input = {
    data: fitted.data,
    weights: fitted.weights,
    // a style board's rows are one battle each: no array of ones (80 MB a thread at 10M battles)
    multiplicity: fitted.job.counts,
    settings: fitted.settings,
    theta: fitted.theta,
    names,
  };
  const rankedOrder = entries.filter((e) => e.ranked);
  const pairs: { entry: ModelRating; pair: [number, number] }[] = [];
  for (const [k, entry] of rankedOrder.entries()) {
    entry.fragility = null;
    const below = rankedOrder.slice(k + 1).find((other) => other.component === entry.component);
    if (!below) continue;
    const pair: [number, number] = [names.indexOf(entry.model), names.indexOf(below.model)];
    if ((fitted.theta[pair[0]] as number) > (fitted.theta[pair[1]] as number)) pairs.push({ entry, pair });
  }
  const found = boardFragility(
    input,
    pairs.map((p) => p.pair),
  );
  pairs.forEach(({ entry }, k) => {
    entry.fragility = found[k] ?? null;
  });
}
