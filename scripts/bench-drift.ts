// npm run bench:drift — the drift alarm's rule put through simulation (lib/drift/two-proportion.ts): how often it
// alarms for models that never change (per run, and per model over a year of daily runs) and how often it catches a
// real fall, at the defaults (ARENA_DRIFT_ALPHA, a slice of DEFAULT_CANARY_SIZE items, ARENA_DRIFT_BASELINE_RUNS).
// Seeded: the figures in docs/statistics.md come from this script. Prints JSON.
//   npm run bench:drift [-- --alpha 0.0001 --items 60 --baseline-runs 3 --models 20000]
import { parseArgs } from "node:util";
import { DEFAULT_CANARY_SIZE, simulateFalseAlarms, simulatePower } from "../lib/drift";

const { values } = parseArgs({
  options: {
    alpha: { type: "string", default: "0.0001" },
    items: { type: "string", default: String(DEFAULT_CANARY_SIZE) },
    "baseline-runs": { type: "string", default: "3" },
    models: { type: "string", default: "20000" },
    runs: { type: "string", default: "365" },
  },
});
const alpha = Number(values.alpha);
const items = Number(values.items);
const baselineRuns = Number(values["baseline-runs"]);
const models = Number(values.models);
const runs = Number(values.runs);
const started = performance.now();
const falseAlarms = [0.3, 0.5, 0.7, 0.85, 0.95].map((accuracy) => {
  const r = simulateFalseAlarms({ accuracy, items, baselineRuns, runs, alpha, models, seed: 71 });
  return { accuracy, perRun: Number(r.perRun.toExponential(2)), perModelYear: Number(r.perModel.toFixed(4)) };
});
const power = [
  [0.8, 0.5],
  [0.8, 0.6],
  [0.8, 0.7],
  [0.6, 0.3],
  [0.9, 0.7],
].map(([from, to]) => ({
  from,
  to,
  alarmedAtFirstRun: simulatePower({
    from: from as number,
    to: to as number,
    items,
    baselineRuns,
    alpha,
    trials: 20_000,
    seed: 72,
  }),
}));
console.log(
  JSON.stringify(
    {
      rule: { test: "one-sided pooled two-proportion z-test", alpha, items, baselineRuns, runsPerModel: runs, models },
      falseAlarms,
      power,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    null,
    2,
  ),
);
