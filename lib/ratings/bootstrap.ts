// Percentile bootstrap: refit on resampled data, round after round. Plain Bradley–Terry resamples the counts of
// the aggregated rows (a multinomial draw of n battles, as FastChat's compute_bootstrap_bt); style control
// resamples battles. Every round warm-starts from the full fit and has its own random stream, so the result
// is the same however the rounds are spread over threads.
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
  const fitRound = roundFitter(job);
  for (let round = start; round < end; round++) {
    out.set(fitRound(round), (round - start) * nParams);
    onRound?.();
  }
  return out;
}

/** A function fitting any one round: what every round needs (its arrays, the rows' terms at the full fit) is made
 *  once, when it is made. */
export function roundFitter(job: BootstrapJob): (round: number) => Float64Array {
  const rows = job.data.a.length;
  const counts = job.kind === "multinomial" ? (job.counts as Float64Array) : null;
  const draws = counts ? counts.reduce((s, c) => s + c, 0) : rows;
  const weights = new Float64Array(rows);
  // a resample's counts: 4 bytes a battle rather than 8 keeps its random increments in cache (10–25 ms a million
  // draws, then 3 ms to copy, against 36–62 ms straight into a Float64Array; measured on this 2-core machine)
  const drawnCounts = new Uint32Array(counts ? 0 : rows);
  // every round starts from the full-data fit: its rows' terms there are computed once
  const terms = rowTerms(job.data, job.init, job.settings.alpha);
  return (round) => {
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
    return theta;
  };
}

function drewEveryRow(weights: Float64Array, counts: Float64Array): boolean {
  for (let k = 0; k < counts.length; k++) if ((counts[k] as number) > 0 && !((weights[k] as number) > 0)) return false;
  return true;
}

export interface BootstrapOptions {
  rounds: number;
  /** threads fitting rounds, this one included (0 or 1: this thread alone); default: one per core when the work is
   *  large enough to pay off */
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

  // This thread fits rounds too, beside workers - 1 threads: its code is warm from the full fit and it has the
  // kernel loaded, where a new thread first loads its modules and receives the data (~0.1 s before its first round
  // on 200k battles). Rounds are taken one at a time from a counter the threads share, so a late start costs only
  // the rounds it did not take, and written into shared memory at their own place: the result is the same whichever
  // thread fits which round. `arena leaderboard --style-control --bootstrap 100` on 200k battles, fit and bootstrap:
  // 665–756 ms with two new threads and this one waiting, 599–682 with this one and one new (nine runs each,
  // alternating, this 2-core machine).
  const nParams = job.data.nModels + job.data.nFeatures;
  const result = new Float64Array(new SharedArrayBuffer(rounds * nParams * 8));
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const threads: Promise<void>[] = [];
  for (let w = 1; w < workers; w++) {
    threads.push(
      new Promise<void>((resolve, reject) => {
        // a path built at run time, so that bundlers leave the worker (and the loader it registers) alone
        const entry = workerEntry(import.meta.url, "bootstrap-worker.mjs");
        const worker = new Worker(/* turbopackIgnore: true */ entry, {
          workerData: { job, rounds, counter, result },
        });
        worker.on("message", (message: { round?: true; done?: true }) => {
          if (message.round) tick();
          if (message.done) {
            void worker.terminate();
            resolve();
          }
        });
        worker.on("error", reject);
        // after its rounds it is ended (resolved first); an end before them is a failure
        worker.on("exit", (code) => reject(new Error(`a bootstrap thread ended (code ${code}) before its rounds`)));
      }),
    );
  }
  let failure: unknown = null;
  const allDone = Promise.all(threads).catch((error: unknown) => {
    failure ??= error;
  });
  // between rounds this thread lets the threads' messages (progress, failures) through
  const fitRound = roundFitter(job);
  while (!failure && fitNextRound(fitRound, counter, result, rounds)) {
    tick();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await allDone;
  if (failure) throw failure;
  return result;
}

/**
 * Takes the next round nobody has taken from the shared counter and fits it into `result` at its place (rounds × the
 * parameters); false when every round is taken.
 */
export function fitNextRound(
  fitRound: (round: number) => Float64Array,
  counter: Int32Array,
  result: Float64Array,
  rounds: number,
): boolean {
  const round = Atomics.add(counter, 0, 1);
  if (round >= rounds) return false;
  const theta = fitRound(round);
  result.set(theta, round * theta.length);
  return true;
}
