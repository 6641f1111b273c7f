// How often a 95% interval holds the truth: boards simulated from known Bradley–Terry strengths, fitted by the
// engine itself (computeLeaderboard), each interval method checked against the truth it should cover. The votes per
// model run from a handful to ten thousand, and the pairs are drawn either evenly or skewed as a live arena's are (a
// few pairs get most battles). No ties are simulated: with ties scored ½ the fitted strength is not the one the
// outcomes were drawn from, and the check would measure that gap instead of the interval.

import { binomial, createRandom, multinomialInto } from "../../../lib/numeric";
import { BattleTable } from "../../../lib/ratings/battle-table";
import { computeLeaderboard } from "../../../lib/ratings/leaderboard";
import { BASE, INIT_RATING, SCALE } from "../../../lib/ratings/scale";
import type { Battle } from "../../../lib/ratings/types";

export type Design = "balanced" | "skewed";
export interface CoverageMethod {
  ci: "bootstrap" | "sandwich";
  reweighted: boolean;
}
export const COVERAGE_METHODS: CoverageMethod[] = [
  { ci: "bootstrap", reweighted: false },
  { ci: "bootstrap", reweighted: true },
  { ci: "sandwich", reweighted: false },
  { ci: "sandwich", reweighted: true },
];
export const methodName = (m: CoverageMethod) => `${m.ci}${m.reweighted ? "+reweighted" : ""}`;

export interface CoverageSettings {
  models: number;
  /** spread of the true ratings: evenly from 1000 − spread/2 to 1000 + spread/2 */
  spread: number;
  votesPerModel: number[];
  designs: Design[];
  replicates: number;
  bootstrapRounds: number;
  seed: number;
}

export const COVERAGE_SETTINGS: CoverageSettings = {
  models: 8,
  spread: 200,
  votesPerModel: [10, 30, 100, 300, 1000, 3000, 10000],
  designs: ["balanced", "skewed"],
  replicates: 200,
  bootstrapRounds: 100,
  seed: 20261126,
};

export interface CoverageCell {
  design: Design;
  votesPerModel: number;
  method: string;
  /** share of (model, replicate) whose true rating lies inside its interval, in percent */
  coverage: number;
  /** mean interval width in rating points */
  width: number;
}

/** Each pair's share of the battles: all equal, or 1/k for the k-th pair (a few pairs dominate, as live). */
function pairShares(pairs: number, design: Design): number[] {
  return Array.from({ length: pairs }, (_, k) => (design === "balanced" ? 1 : 1 / (k + 1)));
}

function simulateBattles(truth: number[], design: Design, votes: number, rand: () => number) {
  const M = truth.length;
  const pairs: [number, number][] = [];
  for (let i = 0; i < M; i++) for (let j = i + 1; j < M; j++) pairs.push([i, j]);
  // the skewed design's heavy pairs are spread over the models by a fixed shuffle of the pair order
  const order = pairs.map((_, k) => k).sort((p, q) => ((p * 7919) % 31) - ((q * 7919) % 31) || p - q);
  const shares = pairShares(pairs.length, design);
  const perPair = new Float64Array(pairs.length);
  multinomialInto(perPair, Math.round((votes * M) / 2), shares, rand);
  const battles: Battle[] = [];
  order.forEach((pairIndex, k) => {
    const [i, j] = pairs[pairIndex] as [number, number];
    const n = perPair[k] as number;
    const p = 1 / (1 + BASE ** (((truth[j] as number) - (truth[i] as number)) / SCALE));
    const wins = binomial(n, p, rand);
    for (let w = 0; w < n; w++) {
      battles.push({ modelA: `m${i}`, modelB: `m${j}`, winner: w < wins ? "model_a" : "model_b" });
    }
  });
  return battles;
}

/** The coverage of every method on every design and size of `settings`. */
export async function simulateCoverage(
  settings: CoverageSettings = COVERAGE_SETTINGS,
  onCell?: (done: number, total: number) => void,
): Promise<CoverageCell[]> {
  const M = settings.models;
  const truth = Array.from(
    { length: M },
    (_, m) => INIT_RATING - settings.spread / 2 + (settings.spread * m) / (M - 1),
  );
  const cells: CoverageCell[] = [];
  const total = settings.designs.length * settings.votesPerModel.length;
  for (const design of settings.designs) {
    for (const votes of settings.votesPerModel) {
      const hits = new Map<string, { in: number; all: number; width: number }>();
      for (let r = 0; r < settings.replicates; r++) {
        const rand = createRandom(settings.seed, votes * 1000 + r + (design === "skewed" ? 1e8 : 0));
        const battles = simulateBattles(truth, design, votes, rand);
        const table = BattleTable.from(battles);
        for (const method of COVERAGE_METHODS) {
          const board = await computeLeaderboard(table, table.allRows(), {
            ci: method.ci,
            reweighted: method.reweighted,
            bootstrapRounds: settings.bootstrapRounds,
            seed: r,
            workers: 0,
          });
          // the board is centred on 1000 within each group, as the truth is when every model was compared
          const connected = board.components === 1 && board.models.length === M;
          const tally = hits.get(methodName(method)) ?? { in: 0, all: 0, width: 0 };
          for (const m of board.models) {
            const t = truth[Number(m.model.slice(1))] as number;
            tally.all++;
            tally.width += Number.isFinite(m.ciUpper - m.ciLower) ? m.ciUpper - m.ciLower : 0;
            if (connected && m.ciLower <= t && t <= m.ciUpper) tally.in++;
          }
          // a model never compared is a miss for every method
          tally.all += M - board.models.length;
          hits.set(methodName(method), tally);
        }
      }
      for (const [method, t] of hits) {
        cells.push({
          design,
          votesPerModel: votes,
          method,
          coverage: Number(((100 * t.in) / t.all).toFixed(1)),
          width: Number((t.width / t.all).toFixed(1)),
        });
      }
      onCell?.(cells.length / COVERAGE_METHODS.length, total);
    }
  }
  return cells;
}
