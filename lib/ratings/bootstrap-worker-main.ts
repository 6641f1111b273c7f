import { parentPort, workerData } from "node:worker_threads";
import { type BootstrapJob, roundFitter, takeRound } from "./bootstrap";

// Takes rounds from the counter shared with the other threads until none is left, writing each round's parameters
// into the shared result at the round's place.
const { job, rounds, counter, result } = workerData as {
  job: BootstrapJob;
  rounds: number;
  counter: Int32Array;
  result: Float64Array;
};
const nParams = job.data.nModels + job.data.nFeatures;
const fitRound = roundFitter(job);
for (let round = takeRound(counter, rounds); round >= 0; round = takeRound(counter, rounds)) {
  result.set(fitRound(round), round * nParams);
  parentPort?.postMessage({ round: true });
}
parentPort?.postMessage({ done: true });
