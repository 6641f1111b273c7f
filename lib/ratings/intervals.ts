// Intervals of a fitted board on the raw (log10-odds) scale: the percentile bootstrap (FastChat's) or the sandwich
// H⁻¹GH⁻¹ (LMArena's since July 2025), at the asked confidence; the point estimate stays the full-data fit.

import { columnQuantiles, normalQuantile } from "../numeric";
import { bootstrap } from "./bootstrap";
import type { Fitted } from "./fit";
import { sandwichCovariance } from "./sandwich";
import type { CiMethod } from "./types";

export interface IntervalOptions {
  rounds: number;
  seed: number;
  confidence: number;
  workers?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function rawIntervals(
  fitted: Fitted,
  ci: CiMethod,
  options: IntervalOptions,
  warnings: string[],
): Promise<{ lower: number[]; upper: number[] }> {
  const point = Array.from(fitted.theta);
  const nParams = point.length;
  const lower = point.slice();
  const upper = point.slice();
  const tail = (1 - options.confidence) / 2;
  if (ci === "bootstrap") {
    const samples = await bootstrap(
      { ...fitted.job, seed: options.seed },
      { rounds: options.rounds, workers: options.workers, onProgress: options.onProgress },
    );
    for (let k = 0; k < nParams; k++) {
      const [lo, hi] = columnQuantiles(samples, nParams, k, [tail, 1 - tail]);
      lower[k] = lo as number;
      upper[k] = hi as number;
    }
  } else if (ci === "sandwich") {
    const cov = sandwichCovariance(
      fitted.data,
      fitted.weights,
      fitted.theta,
      fitted.settings,
      fitted.components,
      fitted.outerWeights,
    );
    const z = -normalQuantile(tail);
    if (!cov) warnings.push("the Hessian is singular: sandwich intervals are not available");
    for (let k = 0; k < nParams; k++) {
      const se = cov ? Math.sqrt(Math.max(0, cov[k * nParams + k] as number)) : Number.NaN;
      lower[k] = (point[k] as number) - z * se;
      upper[k] = (point[k] as number) + z * se;
    }
  }
  return { lower, upper };
}
