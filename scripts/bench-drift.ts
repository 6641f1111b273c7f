// npm run bench:drift — the drift alarm's rule put through simulation (lib/drift/two-proportion.ts): how often it
// alarms for models that never change (per run, and per model over a year of daily runs) and how often it catches a
// real fall, at the defaults (ARENA_DRIFT_ALPHA, a slice of DEFAULT_CANARY_SIZE items, ARENA_DRIFT_BASELINE_RUNS).
// Seeded: the figures in docs/statistics.md come from this script. Prints JSON.
// With --fit-votes N it also times the jobs process's hourly monthly fit (lib/drift/human-periods.ts) on N synthetic
// votes spread over 24 months between 60 models: each month fitted on its own with 50 bootstrap rounds, as there.
//   npm run bench:drift [-- --alpha 0.0001 --items 60 --baseline-runs 3 --models 20000 --fit-votes 1000000]
import { parseArgs } from "node:util";
import { DEFAULT_CANARY_SIZE, simulateFalseAlarms, simulatePower } from "../lib/drift";
import { createRandom } from "../lib/numeric";
import { BattleTableBuilder, computeLeaderboard, type Winner } from "../lib/ratings";

/** Seconds (wall and CPU) the monthly fit takes on `votes` synthetic votes over 24 months. */
async function timeMonthlyFit(votes: number) {
  const rand = createRandom(7, 73);
  const strength = Array.from({ length: 60 }, () => (rand() - 0.5) * 3);
  const months = 24;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let m = 0; m < months; m++) {
    const builder = new BattleTableBuilder();
    const n = Math.round(votes / months);
    for (let k = 0; k < n; k++) {
      const a = (rand() * 60) | 0;
      const b = (a + 1 + ((rand() * 59) | 0)) % 60;
      const p = 1 / (1 + Math.exp((strength[b] as number) - (strength[a] as number)));
      const u = rand();
      const winner: Winner = u < 0.1 ? "tie" : u < 0.1 + 0.9 * p ? "model_a" : "model_b";
      builder.add({ modelA: `m${a}`, modelB: `m${b}`, winner, anony: true });
    }
    await computeLeaderboard(
      builder.build(),
      Uint32Array.from({ length: n }, (_, i) => i),
      {
        bootstrapRounds: 50,
        seed: 7,
      },
    );
  }
  const used = process.cpuUsage(cpu);
  return {
    votes,
    months,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(1)),
  };
}

const { values } = parseArgs({
  options: {
    alpha: { type: "string", default: "0.0001" },
    items: { type: "string", default: String(DEFAULT_CANARY_SIZE) },
    "baseline-runs": { type: "string", default: "3" },
    models: { type: "string", default: "20000" },
    runs: { type: "string", default: "365" },
    "fit-votes": { type: "string", default: "0" },
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
      ...(Number(values["fit-votes"]) > 0 ? { monthlyFit: await timeMonthlyFit(Number(values["fit-votes"])) } : {}),
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    null,
    2,
  ),
);
