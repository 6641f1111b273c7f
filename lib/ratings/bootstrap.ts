// Percentile bootstrap: refit on resampled data, round after round. Plain Bradley–Terry resamples the counts of
// the aggregated rows (a multinomial draw of n battles, as FastChat's compute_bootstrap_bt); style control
// resamples battles. Every round warm-starts from the full fit and has its own random stream, so the result
// is the same however the rounds are spread over worker threads.
import os from "node:os";
import { Worker } from "node:worker_threads";
import { createRandom, drawResample, multinomialInto } from "../numeric";
import { identifiability } from "./graph";
import { type FitSettings, fitPairwise, type PairwiseData, rowTerms } from "./pairwise-fit";
import { workerEntry } from "./worker-entry";

export interface BootstrapJob {
  data: PairwiseData;
  /** multinomial over `counts` (aggregated rows), or an ordinary resample of the rows */
  kind: "multinomial" | "resample";
  counts?: Float64Array;
  settings: FitSettings;
  init: Float64Array;
  /** component of each model: ratings are recentred on 0 within each component after a fit (plain BT) */
  components?: Int32Array;
  /** ridge used for a round whose data do not identify finite ratings (plain BT) */
  finiteRidge?: number;
  /** a weight per row multiplying each round's drawn counts: arena-rank's inverse pair frequency when reweighted */
  rowWeights?: Float64Array;
  seed: number;
}

export function recentre(theta: Float64Array, components: Int32Array): void {
  const sums = new Map<number, [number, number]>();
  for (let m = 0; m < components.length; m++) {
    const c = components[m] as number;
    const entry = sums.get(c) ?? [0, 0];
    entry[0] += theta[m] as number;
    entry[1] += 1;
    sums.set(c, entry);
  }
  for (let m = 0; m < components.length; m++) {
    const [sum, count] = sums.get(components[m] as number) as [number, number];
    theta[m] = (theta[m] as number) - sum / count;
  }
}

/** Fits rounds [start, end) in this thread; returns their parameters, one row per round. */
export function runRounds(job: BootstrapJob, start: number, end: number, onRound?: () => void): Float64Array {
  const nParams = job.data.nModels + job.data.nFeatures;
  const out = new Float64Array((end - start) * nParams);
  const rows = job.data.a.length;
  const counts = job.kind === "multinomial" ? (job.counts as Float64Array) : null;
  const draws = counts ? counts.reduce((s, c) => s + c, 0) : rows;
  const weights = new Float64Array(rows);
  // a resample's counts: 4 bytes a battle rather than 8 keeps its random increments in cache (10–25 ms a million
  // draws, then 3 ms to copy, against 36–62 ms straight into a Float64Array; measured on this 2-core machine)
  const drawnCounts = new Uint32Array(counts ? 0 : rows);
  // every round starts from the full-data fit: its rows' terms there are computed once
  const terms = rowTerms(job.data, job.init, job.settings.alpha);
  for (let round = start; round < end; round++) {
    if (counts) {
      multinomialInto(weights, draws, counts, createRandom(job.seed, round));
    } else {
      drawResample(drawnCounts, job.seed, round);
      weights.set(drawnCounts);
    }
    if (job.rowWeights)
      for (let i = 0; i < rows; i++) weights[i] = (weights[i] as number) * (job.rowWeights[i] as number);
    let settings: FitSettings = job.settings;
    // a round that drew every aggregated row has the full data's comparisons, which are finite (l2 = 0)
    if (job.finiteRidge && settings.l2 === 0 && !(counts && drewEveryRow(weights, counts))) {
      const { finite } = identifiability(job.data.nModels, job.data.a, job.data.b, job.data.y, weights);
      if (!finite) settings = { ...settings, l2: job.finiteRidge };
    }
    const { theta } = fitPairwise(job.data, weights, settings, job.init, terms);
    if (job.components) recentre(theta, job.components);
    out.set(theta, (round - start) * nParams);
    onRound?.();
  }
  return out;
}

function drewEveryRow(weights: Float64Array, counts: Float64Array): boolean {
  for (let k = 0; k < counts.length; k++) if ((counts[k] as number) > 0 && !((weights[k] as number) > 0)) return false;
  return true;
}

export interface BootstrapOptions {
  rounds: number;
  /** worker threads; 0 fits in this thread; default: one per core when the work is large enough to pay off */
  workers?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Worth starting threads (about half a second each to load) only for large jobs. */
function defaultWorkers(job: BootstrapJob, rounds: number): number {
  const work = job.data.a.length * (job.data.nFeatures + 1) * rounds;
  if (work < 20_000_000) return 0;
  return Math.min(rounds, Math.max(1, os.availableParallelism()));
}

export async function bootstrap(job: BootstrapJob, options: BootstrapOptions): Promise<Float64Array> {
  const { rounds } = options;
  const workers = Math.min(options.workers ?? defaultWorkers(job, rounds), rounds);
  let done = 0;
  const tick = () => options.onProgress?.(++done, rounds);
  if (workers <= 1) return runRounds(job, 0, rounds, tick);

  const nParams = job.data.nModels + job.data.nFeatures;
  const result = new Float64Array(rounds * nParams);
  const per = Math.ceil(rounds / workers);
  const tasks: Promise<void>[] = [];
  for (let w = 0; w < workers; w++) {
    const start = w * per;
    const end = Math.min(rounds, start + per);
    if (start >= end) break;
    tasks.push(
      new Promise<void>((resolve, reject) => {
        // a path built at run time, so that bundlers leave the worker (and the loader it registers) alone
        const entry = workerEntry(import.meta.url, "bootstrap-worker.mjs");
        const worker = new Worker(/* turbopackIgnore: true */ entry, {
          workerData: { job, start, end },
        });
        worker.on("message", (message: { round?: true; result?: Float64Array }) => {
          if (message.round) tick();
          if (message.result) {
            result.set(message.result, start * nParams);
            void worker.terminate();
            resolve();
          }
        });
        worker.on("error", reject);
        worker.on("exit", (code) => {
          if (code !== 0 && code !== 1) reject(new Error(`bootstrap worker exited with code ${code}`));
        });
      }),
    );
  }
  await Promise.all(tasks);
  return result;
}
