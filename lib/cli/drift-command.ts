// `arena drift`: the drift watch from the command line — choose a benchmark's canary slice once, run the canary runs
// that are due now (in this process, with a progress bar), and list what the watch has seen.
import { parseArgs } from "node:util";
import { benchmarkNames } from "../benchmarks/registry";
import { config } from "../config";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { chooseCanarySlice, latestDriftStates, queueDueCanaryRuns, runCanary, webhookSink } from "../drift";
import { flags, help, intOption } from "./options";
import { progressBar } from "./progress";
import { UsageError } from "./usage";

/** The help, written when asked: a benchmark registered at run time is in it. */
export const driftHelp = () => `usage: arena drift canary --benchmark NAME [--set NAME[@VERSION]] [--size N] [--seed N]
       arena drift run [--all]
       arena drift status

canary   chooses the benchmark's canary slice (${benchmarkNames().join(", ")}) once, by a seeded hash of its items'
         ids, from its newest imported set (or --set), and records it; asked again it prints the slice it keeps.
         60 items unless --size; the seed is ARENA_DRIFT_SEED unless --seed.
run      runs now, in this process, the canary runs that are due (every listed vision model on every slice whose
         last run is older than ARENA_DRIFT_INTERVAL_H; --all: every one, due or not), scores them and tests each
         against the model's baseline. The jobs process does the same on its own schedule.
status   each model's newest check per benchmark: accuracy, p-value and what the rule said.`;

export async function driftCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...flags("benchmark", "set", "size", "seed"), all: { type: "boolean" }, help },
  });
  const action = positionals[0];
  if (values.help || !action) {
    process.stdout.write(`${driftHelp()}\n`);
    if (!values.help) throw new UsageError("arena drift takes canary, run or status");
    return;
  }
  if (!["canary", "run", "status"].includes(action)) throw new UsageError(`unknown drift action '${action}'`);
  const settings = config();
  if (action === "canary" && !values.benchmark) throw new UsageError("arena drift canary needs --benchmark");
  const database = await prepareDatabase();
  const db = createDb(database.url);
  try {
    if (action === "canary") {
      const { slice, created } = await chooseCanarySlice(db, {
        benchmark: values.benchmark as string,
        set: values.set,
        size: intOption(values.size, "size", undefined, 5),
        seed: intOption(values.seed, "seed", settings.ARENA_DRIFT_SEED),
      });
      process.stdout.write(
        `${created ? "chose" : "keeps"} ${slice.name}: ${slice.questionIds.length} items of ${slice.from} (seed ${slice.seed})\n`,
      );
      return;
    }
    if (action === "run") {
      const intervalMs = values.all ? 0 : settings.ARENA_DRIFT_INTERVAL_H * 3_600_000;
      const runs = await queueDueCanaryRuns(db, { intervalMs, seed: settings.ARENA_DRIFT_SEED }, { queue: false });
      if (runs.length === 0) process.stdout.write("no canary run is due\n");
      const rule = { alpha: settings.ARENA_DRIFT_ALPHA, baselineRuns: settings.ARENA_DRIFT_BASELINE_RUNS };
      const sink = settings.ARENA_DRIFT_WEBHOOK_URL ? webhookSink(settings.ARENA_DRIFT_WEBHOOK_URL) : undefined;
      for (const [k, runId] of runs.entries()) {
        const bar = progressBar(`canary run ${k + 1}/${runs.length}`);
        const check = await runCanary(db, runId, rule, sink, (done, total) => bar.update(done, total));
        bar.done();
        process.stdout.write(
          check
            ? `${runId}  ${check.correct}/${check.total}  ${check.status}\n`
            : `${runId}  not checked (failed run)\n`,
        );
      }
      return;
    }
    const states = await latestDriftStates(db);
    if (states.length === 0) process.stdout.write("the drift watch has checked no run yet\n");
    for (const s of states) {
      const p = s.pValue === null ? "   —   " : s.pValue.toExponential(1);
      process.stdout.write(
        `${s.model.padEnd(32)} ${s.benchmark.padEnd(10)} ${(s.accuracy * 100).toFixed(1).padStart(5)}%  p ${p}  ${s.status}  ${s.ranAt.toISOString()}\n`,
      );
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
