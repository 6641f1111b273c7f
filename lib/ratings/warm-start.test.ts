// A bootstrap round starts from the full-data fit (and reads the rows' terms there, takes the full-data Newton
// steps without the loss, reuses the Hessian in its last pass): it must land where a fit from zero lands.
import { describe, expect, it } from "vitest";
import { syntheticBattles } from "../../tests/support/ratings/synthetic";
import { createRandom, multinomialInto, resampleCounts } from "../numeric";
import { BattleTable } from "./battle-table";
import { runRounds } from "./bootstrap";
import { fitPlain, fitStyle } from "./fit";
import { fitPairwise } from "./pairwise-fit";
import { localModels } from "./problems";
import { SCALE } from "./scale";
import type { StyleFeature } from "./types";

const table = BattleTable.from(syntheticBattles({ models: 12, battles: 20_000, seed: 11 }));
const rows = table.allRows();
const models = localModels(table, rows);
const ROUNDS = 20;

/** the largest difference between two parameter vectors, on the published rating scale */
function ratingGap(x: Float64Array, y: Float64Array): number {
  let gap = 0;
  for (let k = 0; k < x.length; k++) gap = Math.max(gap, Math.abs(SCALE * ((x[k] as number) - (y[k] as number))));
  return gap;
}

describe("warm-started fits", () => {
  for (const features of [
    ["tokens", "headers", "lists", "bold"],
    ["tokens", "bold"],
  ] as StyleFeature[][]) {
    it(`of style-controlled bootstrap rounds (${features.length} features) agree with cold fits to 1e-9 in ratings`, () => {
      const fitted = fitStyle(table, rows, models, [], features);
      const job = { ...fitted.job, seed: 5 };
      const warm = runRounds(job, 0, ROUNDS);
      const n = fitted.theta.length;
      const weights = new Float64Array(job.data.a.length);
      for (let round = 0; round < ROUNDS; round++) {
        resampleCounts(weights.length, createRandom(job.seed, round), weights);
        const cold = fitPairwise(job.data, weights, job.settings);
        expect(cold.converged).toBe(true);
        const gap = ratingGap(warm.subarray(round * n, (round + 1) * n), cold.theta);
        expect(gap).toBeLessThan(1e-9);
        // and the round did move away from the full-data fit: the comparison is not of a point with itself
        expect(ratingGap(cold.theta, fitted.theta)).toBeGreaterThan(0.01);
      }
    });
  }

  it("of plain bootstrap rounds (multinomial over the aggregated battles) agree with cold fits to 1e-9", () => {
    const fitted = fitPlain(table, rows, models, []);
    const job = { ...fitted.job, seed: 9 };
    const warm = runRounds(job, 0, ROUNDS);
    const n = fitted.theta.length;
    const counts = job.counts as Float64Array;
    const draws = counts.reduce((s, c) => s + c, 0);
    const weights = new Float64Array(counts.length);
    for (let round = 0; round < ROUNDS; round++) {
      multinomialInto(weights, draws, counts, createRandom(job.seed, round));
      const cold = fitPairwise(job.data, weights, job.settings).theta;
      // the same centring as the rounds (one model is pinned during the fit)
      let mean = 0;
      for (const v of cold) mean += v / cold.length;
      const centred = cold.map((v) => v - mean);
      expect(ratingGap(warm.subarray(round * n, (round + 1) * n), centred)).toBeLessThan(1e-9);
    }
  });

  it("from yesterday's ratings agree with a fit from zero", () => {
    const fitted = fitStyle(table, rows, models, []);
    const yesterday = fitted.theta.map((v, k) => v + 0.05 * Math.sin(k + 1));
    const weights = new Float64Array(fitted.data.a.length).fill(1);
    const warm = fitPairwise(fitted.data, weights, fitted.settings, yesterday);
    expect(ratingGap(warm.theta, fitted.theta)).toBeLessThan(1e-9);
  });
});
