// The held-out check of the neighbourhood board (issue 43): generated battles whose pictures fall into kinds (an
// embedding per battle: its kind's centre plus noise) and whose models' strengths depend on the kind, or not. Each
// held-out battle is predicted by the global board and by the board of its neighbourhood among the training
// battles; both are scored by accuracy (decisive outcomes) and log-loss (ties as ½), with the paired difference in
// log-loss and its 95% interval. `npm run bench:neighbourhood` prints it; a unit test holds it.
import { createRandom, unitLength } from "../../../lib/numeric";
import { fitComposite } from "../../../lib/ratings/composite";
import {
  kernelNeighbourhood,
  type NeighbourhoodOptions,
  neighbourhoodBoard,
  pairPrior,
  type ScoredBattles,
  winProbability,
} from "../../../lib/ratings/neighbourhood";

export interface ScenarioOptions {
  seed: number;
  /** strengths differ by the picture's kind */
  dependent: boolean;
  train: number;
  test: number;
  models?: number;
  kinds?: number;
  dimensions?: number;
  /** the spread of an embedding around its kind's centre */
  noise?: number;
}

export interface Scenario {
  models: number;
  train: ScoredBattles & { embeddings: Float64Array[] };
  test: ScoredBattles & { embeddings: Float64Array[] };
}

/** A normal draw (Box–Muller). */
const gaussian = (rand: () => number) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

export function generateScenario(options: ScenarioOptions): Scenario {
  const { seed, dependent, train, test } = options;
  const models = options.models ?? 6;
  const kinds = options.kinds ?? 4;
  const dimensions = options.dimensions ?? 16;
  const noise = options.noise ?? 0.35;
  const rand = createRandom(seed);
  const centres = Array.from({ length: kinds }, () =>
    unitLength(Float64Array.from({ length: dimensions }, () => gaussian(rand))),
  );
  const shared = Array.from({ length: models }, () => gaussian(rand) * 0.6);
  // dependent: each kind its own order of the models (a model good at text, another at counting, …)
  const strength = Array.from({ length: kinds }, () =>
    Array.from({ length: models }, (_, m) => (dependent ? gaussian(rand) * 1.2 : (shared[m] as number))),
  );
  const draw = (n: number) => {
    const a = new Int32Array(n);
    const b = new Int32Array(n);
    const outcome = new Float64Array(n);
    const embeddings: Float64Array[] = [];
    for (let r = 0; r < n; r++) {
      const kind = Math.floor(rand() * kinds);
      const centre = centres[kind] as Float64Array;
      embeddings.push(unitLength(centre.map((x) => x + gaussian(rand) * (noise / Math.sqrt(dimensions)))));
      const x = Math.floor(rand() * models);
      const y = (x + 1 + Math.floor(rand() * (models - 1))) % models;
      const s = strength[kind] as number[];
      const p = 1 / (1 + Math.exp((s[y] as number) - (s[x] as number)));
      a[r] = x;
      b[r] = y;
      outcome[r] = rand() < 0.1 ? 0.5 : rand() < p ? 1 : 0;
    }
    return { a, b, outcome, embeddings };
  };
  return { models, train: draw(train), test: draw(test) };
}

export interface PredictionScore {
  /** share of decisive held-out battles whose winner was predicted */
  accuracy: number;
  /** mean log-loss over all held-out battles (a tie scored ½) */
  logLoss: number;
}

export interface CheckResult {
  heldOut: number;
  global: PredictionScore;
  neighbourhood: PredictionScore;
  /** held-out battles whose neighbourhood had too few effective votes: predicted by the global board there */
  refused: number;
  meanEffectiveVotes: number;
  /** how far, on average, the neighbourhood boards moved from the global one (0 to 1; refused ones aside) */
  meanShrinkage: number;
  /** neighbourhood − global log-loss, paired over the held-out battles, with its 95% interval */
  logLossDifference: { mean: number; ci: [number, number] };
}

function scored(predictions: number[], outcomes: Float64Array): { score: PredictionScore; losses: number[] } {
  let right = 0;
  let decisive = 0;
  const losses = predictions.map((p, k) => {
    const y = outcomes[k] as number;
    const q = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
    if (y !== 0.5) {
      decisive++;
      if ((p > 0.5 ? 1 : 0) === y) right++;
    }
    return -(y * Math.log(q) + (1 - y) * Math.log(1 - q));
  });
  const logLoss = losses.reduce((s, l) => s + l, 0) / Math.max(1, losses.length);
  return { score: { accuracy: decisive ? right / decisive : 0, logLoss }, losses };
}

const dot = (x: Float64Array, y: Float64Array) => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (x[i] as number) * (y[i] as number);
  return s;
};

/** Both boards' predictions of the held-out battles, scored. */
export function heldOutCheck(
  scenario: Scenario,
  options: NeighbourhoodOptions = {},
  onProgress?: (done: number, total: number) => void,
): CheckResult {
  const { train, test, models } = scenario;
  const global = fitComposite(models, [{ a: train.a, b: train.b, outcome: train.outcome, lossWeight: 1 }]);
  const prior = pairPrior(train);
  const globalPredictions: number[] = [];
  const localPredictions: number[] = [];
  let refused = 0;
  let effective = 0;
  let shrinkage = 0;
  for (let k = 0; k < test.a.length; k++) {
    const a = test.a[k] as number;
    const b = test.b[k] as number;
    const query = test.embeddings[k] as Float64Array;
    const similarities = Float64Array.from(train.embeddings, (e) => dot(e, query));
    const hood = kernelNeighbourhood(similarities, options);
    const board = neighbourhoodBoard(models, train, hood, prior, { ...options, global });
    effective += hood.effectiveVotes;
    globalPredictions.push(winProbability(global, a, b));
    if (board.enough) {
      localPredictions.push(winProbability(board.fit, a, b));
      shrinkage += board.shrinkage;
    } else {
      refused++;
      localPredictions.push(winProbability(global, a, b));
    }
    if (k % 50 === 49) onProgress?.(k + 1, test.a.length);
  }
  const g = scored(globalPredictions, test.outcome);
  const l = scored(localPredictions, test.outcome);
  const differences = l.losses.map((x, k) => x - (g.losses[k] as number));
  const n = differences.length;
  const mean = differences.reduce((s, d) => s + d, 0) / n;
  const sd = Math.sqrt(differences.reduce((s, d) => s + (d - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  return {
    heldOut: n,
    global: g.score,
    neighbourhood: l.score,
    refused,
    meanEffectiveVotes: effective / n,
    meanShrinkage: refused < n ? shrinkage / (n - refused) : 0,
    logLossDifference: { mean, ci: [mean - half, mean + half] },
  };
}
