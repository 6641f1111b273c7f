// Pairing policies put to the test on arenas with known strengths (issue 70, `npm run bench:sampling`). Each model
// has a true strength and a small effect per image type; visitors bring images of five types at fixed rates and vote
// as Davidson's Bradley–Terry with ties. A policy draws every pair from its exact distribution (./policy.ts), its
// state refitted as the votes come (a Newton fit with Fisher standard errors every ~2% more votes, as a live board's
// snapshots are periodic), and the run notes when each goal is first met:
//   (a) a model added to an established arena is listed (placementVotes battles) with a 95% half-width ≤ 40 points;
//   (b) the top model's interval clears every other's (it alone has Rank (UB) 1);
//   (c) Kendall's τ between the fitted and the true order ≥ 0.9;
//   (d) every model is listed on every image type's board (stratumVotes battles of that type).
// At the end the run's battles are fitted by the board itself (computeLeaderboard with the live method: sandwich
// intervals, reweighted pairs), and its intervals are checked against the truth: their coverage under the design.
import { inverse, Matrix } from "ml-matrix";
import { createRandom } from "../../numeric";
import { BattleTable, computeLeaderboard } from "../../ratings";
import { INIT_RATING, SCALE } from "../../ratings/scale";
import type { Battle, Winner } from "../../ratings/types";
import type { Candidate } from "./fastchat";
import {
  ADAPTIVE_DEFAULTS,
  type AdaptiveSettings,
  type BoardState,
  drawPair,
  type PairDistribution,
  type PairingPolicy,
  pairDistribution,
} from "./policy";

/** Points (the board's 400·log10 scale) per natural log-odds unit. */
const POINTS = SCALE / Math.LN10;

export const IMAGE_TYPES = ["photo", "screenshot", "document", "chart", "diagram"] as const;
/** How often visitors bring each type (a photo-heavy arena, as VisionArena's). */
export const TYPE_RATES = [0.4, 0.2, 0.15, 0.15, 0.1];

export interface Arena {
  /** true strength of each model in natural log-odds units */
  theta: number[];
  /** its effect per image type */
  typeEffect: number[][];
  /** Davidson's tie parameter */
  tie: number;
}

/** Strengths spread as a real board's (sd 0.6 nats ≈ 104 points), the top two 0.25 nats (≈ 43 points) apart. */
export function makeArena(models: number, rand: () => number): Arena {
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const theta = Array.from({ length: models }, () => 0.6 * normal()).sort((a, b) => b - a);
  theta[0] = (theta[1] as number) + 0.25;
  const typeEffect = theta.map(() => IMAGE_TYPES.map(() => 0.1 * normal()));
  return { theta, typeEffect, tie: 0.4 };
}

/** The chances of a win for a and of a tie, for a visitor with an image of `type` (Davidson's model). */
function chances(arena: Arena, a: number, b: number, type: number): { win: number; tie: number } {
  const pa = Math.exp((arena.theta[a] as number) + (arena.typeEffect[a]?.[type] as number));
  const pb = Math.exp((arena.theta[b] as number) + (arena.typeEffect[b]?.[type] as number));
  const tie = arena.tie * Math.sqrt(pa * pb);
  return { win: pa / (pa + pb + tie), tie: tie / (pa + pb + tie) };
}

/**
 * What the live board estimates, its truth: the board fits Bradley–Terry with a tie as half a win each (FastChat),
 * every pair weighted alike (arena-rank's reweighting), so its target is the strength vector whose win chances
 * match the expected scores (win + ½ tie, over the visitors' image types) of every pair equally weighted. It is
 * independent of the design, so one truth serves every policy. Centred; natural log-odds units.
 */
export function boardTruth(arena: Arena): number[] {
  const n = arena.theta.length;
  const tally = new Tally(n);
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) {
      if (a === b) continue;
      const score = TYPE_RATES.reduce((s, r, t) => {
        const { win, tie } = chances(arena, a, b, t);
        return s + r * (win + tie / 2);
      }, 0);
      tally.wins[a * n + b] = score;
      tally.battles[a * n + b] = 1;
    }
  return fitTally(tally, new Array<number>(n).fill(0)).theta;
}

/** One vote of a visitor with an image of `type` on models a and b. */
function vote(arena: Arena, a: number, b: number, type: number, rand: () => number): Winner {
  const { win, tie } = chances(arena, a, b, type);
  const u = rand();
  return u < win ? "model_a" : u < win + tie ? "tie" : "model_b";
}

/**
 * The running tally a policy's state is fitted from: the decisive votes (under Davidson's model a decisive vote is
 * exactly Bradley–Terry in the true strengths, whatever pairs were drawn; ties counted as half a win would make the
 * fit's target depend on the design, which the live board undoes by reweighting pairs). Every vote counts toward a
 * model's battles, as on the board.
 */
class Tally {
  readonly wins: Float64Array;
  readonly battles: Float64Array;
  readonly perModel: Float64Array;
  readonly perType: Float64Array[];
  constructor(readonly size: number) {
    this.wins = new Float64Array(size * size);
    this.battles = new Float64Array(size * size);
    this.perModel = new Float64Array(size);
    this.perType = IMAGE_TYPES.map(() => new Float64Array(size));
  }
  add(a: number, b: number, winner: Winner, type: number) {
    const n = this.size;
    if (winner !== "tie") {
      const score = winner === "model_a" ? 1 : 0;
      this.wins[a * n + b] = (this.wins[a * n + b] as number) + score;
      this.wins[b * n + a] = (this.wins[b * n + a] as number) + 1 - score;
      this.battles[a * n + b] = (this.battles[a * n + b] as number) + 1;
      this.battles[b * n + a] = (this.battles[b * n + a] as number) + 1;
    }
    for (const m of [a, b]) {
      this.perModel[m] = (this.perModel[m] as number) + 1;
      (this.perType[type] as Float64Array)[m] = ((this.perType[type] as Float64Array)[m] as number) + 1;
    }
  }
}

/** The policy's own fit carries a weak prior, N(0, 10²) on each strength: an early tally where a model won every
 *  battle has no finite maximum, and the fit must not run off to it. */
const PRIOR_PRECISION = 0.01;

/** Bradley–Terry by Newton's method from `start`, centred, with each strength's standard error (Fisher, centred). */
export function fitTally(tally: Tally, start: number[]): { theta: number[]; se: number[] } {
  const n = tally.size;
  let theta = start.slice();
  let covariance: Matrix | null = null;
  for (let iteration = 0; iteration < 25; iteration++) {
    const gradient = new Float64Array(n);
    // the information matrix (a graph Laplacian) plus 11ᵀ/n, which fixes the centring; a tiny ridge keeps a model
    // with no battle yet (or a group never compared) solvable, its variance then huge
    const information = Matrix.zeros(n, n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const battles = tally.battles[i * n + j] as number;
        if (i === j || battles === 0) continue;
        const p = 1 / (1 + Math.exp((theta[j] as number) - (theta[i] as number)));
        gradient[i] = (gradient[i] as number) + (tally.wins[i * n + j] as number) - battles * p;
        const w = battles * p * (1 - p);
        information.set(i, i, information.get(i, i) + w);
        information.set(i, j, information.get(i, j) - w);
      }
    }
    for (let i = 0; i < n; i++) {
      gradient[i] = (gradient[i] as number) - PRIOR_PRECISION * (theta[i] as number);
      for (let j = 0; j < n; j++)
        information.set(i, j, information.get(i, j) + 1 / n + (i === j ? PRIOR_PRECISION : 0));
    }
    covariance = inverse(information);
    const step = covariance.mmul(Matrix.columnVector(Array.from(gradient))).to1DArray();
    // at most one unit a step: Newton from far away can overshoot
    const longest = Math.max(...step.map(Math.abs));
    const damping = longest > 1 ? 1 / longest : 1;
    theta = theta.map((t, i) => t + damping * (step[i] as number));
    const mean = theta.reduce((s, t) => s + t, 0) / n;
    theta = theta.map((t) => t - mean);
    if (Math.max(...step.map(Math.abs)) < 1e-6) break;
  }
  const se = theta.map((_, i) => Math.sqrt(Math.max(0, (covariance as Matrix).get(i, i) - 1 / n)));
  return { theta, se };
}

export interface Goals {
  /** votes (after the new model came) until it was listed with a half-width ≤ 40 points */
  newModelListed?: number;
  topSeparated?: number;
  kendall09?: number;
  everyTypeListed?: number;
}

export interface RunOptions {
  policy: PairingPolicy;
  /** stop after this many votes, goals met or not */
  maxVotes: number;
  seed: number;
  /** models that start unplayed and are not counted for the goals until they arrive (the new-model scenario) */
  arrivesAt?: { model: number; votes: number };
  /** the adaptive policy's settings (default ADAPTIVE_DEFAULTS) */
  settings?: AdaptiveSettings;
}

const kendallTau = (x: number[], y: number[]) => {
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = i + 1; j < x.length; j++) {
      pairs++;
      if (Math.sign((x[i] as number) - (x[j] as number)) === Math.sign((y[i] as number) - (y[j] as number)))
        concordant++;
    }
  return (2 * concordant - pairs) / pairs;
};

const HALF_WIDTH_POINTS = 40;

/** One arena run under a policy: the vote counts at which each goal was first met, and the battles. */
export function runArena(arena: Arena, options: RunOptions): { goals: Goals; battles: Battle[]; votes: number } {
  const settings = options.settings ?? ADAPTIVE_DEFAULTS;
  const n = arena.theta.length;
  // one stream for every policy: a new-model run's warm-up (uniform for all) is the same arena for each policy
  const rand = createRandom(options.seed, 1);
  const tally = new Tally(n);
  const battles: Battle[] = [];
  const ids = arena.theta.map((_, m) => `m${m}`);
  const arrival = options.arrivesAt;
  const present = (m: number, votes: number) => !arrival || m !== arrival.model || votes >= arrival.votes;
  let fit = { theta: new Array<number>(n).fill(0), se: new Array<number>(n).fill(Number.POSITIVE_INFINITY) };
  let distributions: PairDistribution[] = [];
  let nextFit = 0;
  const goals: Goals = {};
  // the goals' truth: each model's strength with its type effects at the visitors' rates
  const truth = arena.theta.map(
    (t, m) => t + TYPE_RATES.reduce((s, r, k) => s + r * (arena.typeEffect[m]?.[k] as number), 0),
  );
  const refit = (votes: number) => {
    fit = fitTally(tally, fit.theta);
    const pool: Candidate[] = ids
      .filter((_, m) => present(m, votes))
      .map((id) => ({ id, weight: 1, vision: true, enabled: true, outage: false, battleTargets: [] }));
    const state: BoardState = {
      models: new Map(
        ids.map((id, m) => [
          id,
          {
            battles: tally.perModel[m] as number,
            theta: tally.perModel[m] ? (fit.theta[m] as number) : null,
            se: tally.perModel[m] ? (fit.se[m] as number) : null,
            strata: Object.fromEntries(IMAGE_TYPES.map((t, k) => [t, (tally.perType[k] as Float64Array)[m] as number])),
          },
        ]),
      ),
    };
    const policy = arrival && votes < arrival.votes ? "uniform" : options.policy;
    distributions = IMAGE_TYPES.map((type) => pairDistribution(pool, state, policy, settings, type));
    checkGoals(votes);
    nextFit = Math.max(votes + 50, Math.ceil(votes * 1.02));
  };
  const checkGoals = (votes: number) => {
    const listed = (m: number) => (tally.perModel[m] as number) >= settings.placementVotes;
    if (arrival && votes >= arrival.votes && goals.newModelListed === undefined) {
      const m = arrival.model;
      if (listed(m) && 1.96 * (fit.se[m] as number) * POINTS <= HALF_WIDTH_POINTS)
        goals.newModelListed = votes - arrival.votes;
    }
    if (arrival && votes < arrival.votes) return;
    const order = fit.theta.map((t, m) => [t, m] as const).sort((a, b) => b[0] - a[0]);
    const [top] = order;
    if (goals.topSeparated === undefined && top && listed(top[1])) {
      const lower = top[0] - 1.96 * (fit.se[top[1]] as number);
      if (order.slice(1).every(([t, m]) => t + 1.96 * (fit.se[m] as number) < lower)) goals.topSeparated = votes;
    }
    if (goals.kendall09 === undefined && kendallTau(fit.theta, truth) >= 0.9) goals.kendall09 = votes;
    if (
      goals.everyTypeListed === undefined &&
      tally.perType.every((counts) => counts.every((c) => c >= settings.stratumVotes))
    )
      goals.everyTypeListed = votes;
  };
  const index = new Map(ids.map((id, m) => [id, m]));
  let votes = 0;
  const done = () =>
    arrival
      ? goals.newModelListed !== undefined
      : goals.topSeparated !== undefined && goals.kendall09 !== undefined && goals.everyTypeListed !== undefined;
  for (; votes < options.maxVotes && !done(); votes++) {
    if (votes >= nextFit || (arrival && votes === arrival.votes)) refit(votes);
    // the visitor's image type, at the types' rates
    let u = rand() - (TYPE_RATES[0] as number);
    let type = 0;
    while (type < TYPE_RATES.length - 1 && u >= 0) u -= TYPE_RATES[++type] as number;
    const { pair } = drawPair(distributions[type] as PairDistribution, rand);
    const a = index.get(pair[0]) as number;
    const b = index.get(pair[1]) as number;
    const winner = vote(arena, a, b, type, rand);
    tally.add(a, b, winner, type);
    battles.push({ modelA: pair[0], modelB: pair[1], winner });
  }
  return { goals, battles, votes };
}

/** Of the run's models, how many of the board's own 95% intervals (live method) hold the true strength. */
export async function intervalCoverage(arena: Arena, battles: Battle[]): Promise<{ inside: number; models: number }> {
  const table = BattleTable.from(battles);
  const board = await computeLeaderboard(table, table.allRows(), {
    ci: "sandwich",
    reweighted: true,
    workers: 0,
  });
  const truth = boardTruth(arena);
  const mean = truth.reduce((s, t) => s + t, 0) / truth.length;
  let inside = 0;
  for (const m of board.models) {
    const t = INIT_RATING + POINTS * ((truth[Number(m.model.slice(1))] as number) - mean);
    if (m.ciLower <= t && t <= m.ciUpper) inside++;
  }
  return { inside, models: board.models.length };
}

/**
 * The most any design can gain on a goal that needs every model's interval narrow (Kendall's τ over the whole
 * board): a decisive vote on (a, b) carries p(1 − p) of Fisher information, and a vote is decisive with chance
 * 1 − tie, so a vote informs at most I(0) (an even pair); uniform draws inform at the arena's average over pairs.
 * The sum of the models' information grows by twice a vote's per vote, so reaching a given precision for all of
 * them takes at least (average / I(0)) of uniform's votes. Returns that ratio.
 */
export function informationBound(arena: Arena): number {
  const n = arena.theta.length;
  const information = (a: number, b: number) =>
    TYPE_RATES.reduce((s, r, t) => {
      const { win, tie } = chances(arena, a, b, t);
      const p = win / (1 - tie);
      return s + r * p * (1 - p) * (1 - tie);
    }, 0);
  let sum = 0;
  let pairs = 0;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      sum += information(a, b);
      pairs++;
    }
  // an even pair: p = ½, ties at Davidson's rate for equal strengths
  const evenTie = arena.tie / (2 + arena.tie);
  return sum / pairs / (0.25 * (1 - evenTie));
}
