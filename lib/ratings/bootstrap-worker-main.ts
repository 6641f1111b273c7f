import { parentPort, workerData } from "node:worker_threads";
import { type BootstrapJob, runRounds } from "./bootstrap";

const { job, start, end } = workerData as { job: BootstrapJob; start: number; end: number };
const result = runRounds(job, start, end, () => parentPort?.postMessage({ round: true }));
parentPort?.postMessage({ result }, [result.buffer as ArrayBuffer]);
