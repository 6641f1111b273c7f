import { parentPort, workerData } from "node:worker_threads";
import { type BootstrapJob, fitNextRound, roundFitter } from "./bootstrap";

// Takes rounds from the counter shared with the other threads until none is left, writing each round's parameters
// into the shared result at the round's place.
const { job, rounds, counter, result } = workerData as {
  job: BootstrapJob;
  rounds: number;
  counter: Int32Array;
  result: Float64Array;
};
const fitRound = roundFitter(job);
while (fitNextRound(fitRound, counter, result, rounds)) parentPort?.postMessage({ round: true });
parentPort?.postMessage({ done: true });
