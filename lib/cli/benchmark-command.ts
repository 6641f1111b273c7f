// `arena benchmark score`: a ground-truth benchmark's published outputs re-scored exactly as its official code
// scores them, with what decided each verdict and Wilson intervals; no database and no images needed.

import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type BenchmarkReport,
  benchmarkDefinition,
  benchmarkNames,
  benchmarkPairs,
  benchmarkReport,
  exportBenchmarkVerdicts,
  type FileScore,
  importBenchmark,
  importPredictions,
  isIsoBenchEvalLayout,
  isoBenchEvalTable,
  type Judge,
  judgeFrom,
  PREDICTION_SOURCES,
  type PredictionImport,
  type PredictionSource,
  predictionBenchmarkNames,
  scoreBenchmarkRun,
  scoreIsoBenchEval,
  scoreIsoBenchEvalWithJudge,
  scoreOutputs,
  type Tally,
} from "../benchmarks";
import type { Db } from "../db/context";
import { createRun, executeRun, findPromptSet, queueRun, runStatuses } from "../evals";
import { closeSenders } from "../jobs";
import { flags, intOption, switches } from "./options";
import { progressBar } from "./progress";
import { UsageError } from "./usage";
import { withDb } from "./with-db";

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/** Each registered benchmark's lines, from its definition: what import takes, how score reads its outputs. */
const perBenchmark = (part: "files" | "outputs") =>
  benchmarkNames()
    .map((name) => `  ${name.padEnd(10)} ${indent(benchmarkDefinition(name).help[part], " ".repeat(13))}`)
    .join("\n");

const predictionHelp = () =>
  predictionBenchmarkNames()
    .map((name) => {
      const { title, predictions } = benchmarkDefinition(name);
      return `${title} (default set: the newest ${predictions?.defaultSets.join(" / ")}) ${
        predictions?.fileExtractionCounts
          ? "takes the file's extraction where it has one (the official pipeline's extraction step, done by the toolkit's judge), else its quick rules"
          : "reads the response itself"
      }.`;
    })
    .join(" ");

/** The help, written when asked: a benchmark registered at run time is in it. */
export const benchmarkHelp =
  () => `usage: arena benchmark import ${benchmarkNames().join("|")} FILE... [--name NAME] [--images DIR]
       arena benchmark run SET[@VERSION] --model MODEL [--here] [--wait] [--concurrency N]
       arena benchmark report SET[@VERSION]... [--judge MODEL] [--format table|json]
       arena benchmark export SET[@VERSION]... --out DIR
       arena benchmark pairs SET[@VERSION]... --out FILE
       arena benchmark import-predictions ${predictionBenchmarkNames().join("|")} FILE --from vlmevalkit|lmms-eval --model MODEL [--set SET[@VERSION]]
       arena benchmark score ${benchmarkNames().join("|")} --outputs FILE|DIR [--data FILE]... [--judge MODEL] [--format table|json] [--out PATH]

import: the benchmark's own files become prompt sets with provenance and licence:
${perBenchmark("files")}
import-predictions: a toolkit's prediction file becomes a run of MODEL (registered) on the set, scored as the official
code scores: VLMEvalKit's prediction table ({model}_{dataset}.xlsx, .tsv, .csv or .json; index, prediction, and res
from its evaluated copy) or lmms-eval's --log_samples JSON Lines (doc, filtered_resps, and the metric object with its
extraction and true_false / is_correct). ${predictionHelp()} Prints our accuracy beside the file's own and every item
where they differ; /benchmarks shows the run beside the native ones. Nothing is written when a record is bad.
run: a registered model answers a set (the evaluation engine: resumable, accounted; queued for the jobs process
unless --here). report: every model's newest run on the sets scored as the benchmark's official code scores (the
verdicts stored with each step), accuracy with 95% Wilson intervals overall and per metadata key, paired bootstrap
differences between models, and the Spearman correlation with the live arena's ratings. --judge MODEL asks a
model of the registry what the rules could not read, with the benchmark's own judge prompt; each such verdict
records the judge. export: the scored runs' items with every verdict step as verdicts.jsonl and verdicts.parquet,
with a DATASHEET.md naming the source and licence. pairs: the sets' verdicts as pairwise outcomes in the
clean-battle layout (on an item both models answered, right beats wrong; both right a tie, both wrong a tie
(bothbad)), one run per model, for arena leaderboard --component FILE:WEIGHT.

Re-scores a benchmark's outputs as its official code does, item by item, with no database and no images:
${perBenchmark("outputs")}
  --format table|json  JSON: {"items": {pid: {correct, prediction, extraction, decided_by}}, "accuracy": {"overall":
                       {correct, total, accuracy, ci}, "<metadata key>": {"<value>": {…}}}, "undecided", "warnings"}
  --out PATH           write there instead of stdout`;

const pct = (t: Tally) =>
  `${(t.accuracy * 100).toFixed(2)}% (${t.correct}/${t.total}; 95% CI ${(t.ci[0] * 100).toFixed(1)}–${(t.ci[1] * 100).toFixed(1)})`;

export function benchmarkTable(score: FileScore): string {
  const lines = [`${score.benchmark}: ${pct(score.accuracy.overall)}`];
  for (const [key, groups] of Object.entries(score.accuracy)) {
    if (key === "overall") continue;
    lines.push("", key);
    for (const [value, t] of Object.entries(groups as Record<string, Tally>))
      lines.push(`  ${value.padEnd(32)} ${pct(t)}`);
  }
  const gap = score.modalityGap;
  if (gap) {
    const signed = (v: number) => `${v >= 0 ? "+" : ""}${(v * 100).toFixed(1)}`;
    lines.push(
      "",
      `modality gap (best text − image) over ${gap.pairs} items: ${signed(gap.gap)} points ` +
        `(95% CI ${signed(gap.ci[0])} to ${signed(gap.ci[1])}); image ${(gap.image * 100).toFixed(1)}%, text ${(gap.text * 100).toFixed(1)}%`,
    );
  }
  for (const warning of score.warnings) lines.push(`warning: ${warning}`);
  return `${lines.join("\n")}\n`;
}

export async function benchmarkCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const [sub, name, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    out.write(`${benchmarkHelp()}\n`);
    if (!sub) throw new UsageError("arena benchmark needs a subcommand: score");
    return;
  }
  const args = [name, ...rest].filter((a): a is string => a !== undefined);
  if (args.includes("--help") || args.includes("-h")) {
    out.write(`${benchmarkHelp()}\n`);
    return;
  }
  const subcommands: Record<string, (argv: string[], out: NodeJS.WritableStream) => Promise<void>> = {
    import: importCommand,
    "import-predictions": importPredictionsCommand,
    run: runCommand,
    report: reportCommand,
    export: exportCommand,
    pairs: pairsCommand,
  };
  const subcommand = subcommands[sub];
  if (subcommand) return subcommand(args, out);
  if (sub !== "score")
    throw new UsageError(
      `unknown benchmark subcommand '${sub}' (import, import-predictions, run, report, score, export, pairs)`,
    );
  if (!name || !benchmarkNames().includes(name)) {
    throw new UsageError(`arena benchmark score takes ${benchmarkNames().join(" or ")}, not '${name ?? ""}'`);
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      data: { type: "string", multiple: true },
      outputs: { type: "string" },
      format: { type: "string", default: "table" },
      ...flags("out", "judge"),
    },
  });
  if (!values.outputs) throw new UsageError("--outputs FILE is required");
  if (!["table", "json"].includes(values.format as string)) {
    throw new UsageError(`--format takes table or json, not '${values.format}'`);
  }
  let text: string;
  const isoBenchEval = name === "isobench" && isIsoBenchEvalLayout(values.outputs);
  if (values.judge && !isoBenchEval)
    throw new UsageError("--judge here reads IsoBench-Eval's logs; for runs, arena benchmark report --judge MODEL");
  if (isoBenchEval) {
    // IsoBench-Eval's own logs carry their ground truth: no --data
    const outputs = values.outputs;
    const judgeId = values.judge;
    const score = judgeId
      ? await withDb(async (db) => {
          const model = await db.prisma.model.findUnique({ where: { id: judgeId }, include: { provider: true } });
          if (!model) throw new UsageError(`no judge model '${judgeId}' in the registry`);
          return scoreIsoBenchEvalWithJudge(outputs, judgeFrom(model));
        })
      : scoreIsoBenchEval(outputs);
    text = values.format === "json" ? `${JSON.stringify(score, null, 2)}\n` : isoBenchEvalTable(score);
  } else {
    const score = scoreOutputs(name, values.outputs, values.data ?? []);
    text = values.format === "json" ? `${JSON.stringify(score, null, 2)}\n` : benchmarkTable(score);
  }
  if (values.out) fs.writeFileSync(values.out, text);
  else out.write(text);
}

async function importCommand(argv: string[], out: NodeJS.WritableStream) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: "string" }, images: { type: "string" } },
  });
  const [benchmark, ...files] = positionals;
  if (!benchmark || !benchmarkNames().includes(benchmark)) {
    throw new UsageError(`arena benchmark import takes ${benchmarkNames().join(", ")}, not '${benchmark ?? ""}'`);
  }
  if (files.length === 0) throw new UsageError("name the benchmark's files");
  const bar = progressBar("records");
  const result = await withDb((db) =>
    importBenchmark(db, benchmark, files, {
      name: values.name,
      imagesDir: values.images,
      onProgress: (d, t) => bar.update(d, t),
    }),
  );
  bar.done();
  for (const set of result.sets) out.write(`${set.name}@${set.version}: ${set.items} items\n`);
}

async function importPredictionsCommand(argv: string[], out: NodeJS.WritableStream) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...flags("from", "model", "set"),
      format: { type: "string", default: "table" },
    },
  });
  const [benchmark, file, ...extra] = positionals;
  if (!benchmark || !predictionBenchmarkNames().includes(benchmark))
    throw new UsageError(
      `arena benchmark import-predictions takes ${predictionBenchmarkNames().join(" or ")}, not '${benchmark ?? ""}'`,
    );
  if (!file || extra.length) throw new UsageError("name one prediction file");
  if (!values.from || !(PREDICTION_SOURCES as readonly string[]).includes(values.from))
    throw new UsageError(
      `--from takes ${PREDICTION_SOURCES.join(" or ")}${values.from ? `, not '${values.from}'` : ""}`,
    );
  if (!values.model)
    throw new UsageError("--model MODEL is required: the registered model whose predictions these are");
  if (!["table", "json"].includes(values.format as string))
    throw new UsageError(`--format takes table or json, not '${values.format}'`);
  const result = await withDb((db) =>
    importPredictions(db, {
      benchmark,
      file,
      from: values.from as PredictionSource,
      model: values.model as string,
      set: values.set,
    }),
  );
  out.write(values.format === "json" ? `${JSON.stringify(result, null, 2)}\n` : predictionsTable(result));
}

export function predictionsTable(r: PredictionImport): string {
  const lines = [
    `${r.model} on ${r.set}, from ${r.from} predictions (${path.basename(r.file)}): run ${r.runId}`,
    `  ours (the official scoring)   ${pct(r.ours)}`,
    `  as the file reports           ${r.reported ? pct(r.reported) : "— (the file carries no per-item verdict)"}`,
  ];
  if (r.unanswered) lines.push(`  ${r.unanswered} items of the set have no prediction in the file`);
  if (r.differences.length) {
    lines.push(`  ${r.differences.length} items where the file's verdict and ours differ:`);
    for (const d of r.differences.slice(0, 20))
      lines.push(
        `    ${d.pid.padEnd(10)} file ${d.reported ? "correct" : "wrong"}, ours ${d.ours ? "correct" : "wrong"} (prediction ${JSON.stringify(d.prediction)}, answer ${JSON.stringify(d.truth)}; ${d.decidedBy})`,
      );
    if (r.differences.length > 20) lines.push(`    … ${r.differences.length - 20} more (--format json lists them all)`);
  }
  for (const warning of r.warnings) lines.push(`warning: ${warning}`);
  return `${lines.join("\n")}\n`;
}

async function runCommand(argv: string[], out: NodeJS.WritableStream) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      model: { type: "string" },
      ...switches("here", "wait"),
      concurrency: { type: "string" },
    },
  });
  if (positionals.length !== 1 || !values.model)
    throw new UsageError("arena benchmark run needs SET and --model MODEL");
  await withDb(async (db, url) => {
    const run = await createRun(db, { set: positionals[0] as string, model: values.model as string });
    out.write(`run ${run.id}: ${values.model} on ${positionals[0]}\n`);
    if (values.here) {
      const bar = progressBar("answers");
      const result = await executeRun(db, run.id, {
        concurrency: intOption(values.concurrency, "concurrency", undefined, 1),
        onProgress: (d, t) => bar.update(d, t),
      });
      bar.done();
      const scored = await scoreBenchmarkRun(db, run.id);
      out.write(`${result.status}: ${result.answered} answered, ${result.failed} failed; ${scored} verdicts\n`);
      return;
    }
    try {
      await queueRun(run.id, { url });
    } finally {
      await closeSenders();
    }
    out.write("queued for the jobs process (arena benchmark report SET scores it when it is done)\n");
    if (values.wait) {
      const bar = progressBar("answers");
      for (;;) {
        const [status] = await runStatuses(db, run.id);
        if (!status) break;
        bar.update(status.answered + status.failed, status.items);
        if (["done", "failed", "cancelled"].includes(status.status)) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      bar.done();
    }
  });
}

const share = (t: Tally) =>
  `${(t.accuracy * 100).toFixed(1)}% [${(t.ci[0] * 100).toFixed(1)}, ${(t.ci[1] * 100).toFixed(1)}]`;

export function reportTable(report: BenchmarkReport): string {
  const width = Math.max(5, ...report.models.map((m) => m.model.length));
  const lines = [`${report.benchmark} · ${report.sets.join(", ")} · accuracy with 95% Wilson intervals`];
  for (const m of report.models) {
    const decided = Object.entries(m.decidedBy)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    lines.push(
      `${m.model.padEnd(width)}  ${share(m.overall)}  ${m.overall.correct}/${m.overall.total}` +
        `${m.arenaRating !== undefined ? `  arena ${Math.round(m.arenaRating)}` : ""}  (${decided})`,
    );
  }
  for (const d of report.differences) {
    const pts = (v: number) => `${v >= 0 ? "+" : ""}${(v * 100).toFixed(1)}`;
    lines.push(`${d.a} − ${d.b}: ${pts(d.difference)} points [${pts(d.ci[0])}, ${pts(d.ci[1])}] over ${d.items} items`);
  }
  if (report.random)
    lines.push(`random guess: ${(report.random.accuracy * 100).toFixed(1)}% (${report.random.source})`);
  for (const a of report.arena) {
    lines.push(
      `beside the arena (${a.category}): Spearman ${a.spearman.toFixed(3)} [${a.ci[0].toFixed(3)}, ${a.ci[1].toFixed(3)}] over ${a.models} models`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function reportCommand(argv: string[], out: NodeJS.WritableStream) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: "string", default: "table" }, judge: { type: "string" } },
  });
  if (positionals.length === 0) throw new UsageError("name the benchmark's prompt sets (arena evals sets list)");
  const report = await withDb(async (db) => {
    const sets = await setIdsOf(db, positionals);
    let judge: Judge | undefined;
    if (values.judge) {
      const model = await db.prisma.model.findUnique({ where: { id: values.judge }, include: { provider: true } });
      if (!model) throw new UsageError(`no judge model '${values.judge}' in the registry`);
      judge = judgeFrom(model);
    }
    return benchmarkReport(db, sets, { judge });
  });
  out.write(values.format === "json" ? `${JSON.stringify(report, null, 2)}\n` : reportTable(report));
}

/** The ids of the sets named SET[@VERSION], each checked to exist. */
async function setIdsOf(db: Db, refs: string[]): Promise<string[]> {
  const ids = [];
  for (const ref of refs) ids.push((await findPromptSet(db, ref)).id);
  return ids;
}

/** SET... and --out PATH, the arguments of the subcommands that write the sets' verdicts somewhere. */
function setsAndOut(argv: string[], usage: string): { sets: string[]; out: string } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: "string" } },
  });
  if (positionals.length === 0 || !values.out) throw new UsageError(usage);
  return { sets: positionals, out: values.out };
}

async function exportCommand(argv: string[], out: NodeJS.WritableStream) {
  const target = setsAndOut(argv, "arena benchmark export needs SET... and --out DIR");
  const written = await withDb(async (db) => exportBenchmarkVerdicts(db, await setIdsOf(db, target.sets), target.out));
  out.write(`wrote ${written.rows} verdicts to ${target.out}: ${written.files.join(", ")}\n`);
}

/** The sets' verdicts as pairwise outcomes in the clean-battle layout: a component for `arena leaderboard --component`. */
async function pairsCommand(argv: string[], out: NodeJS.WritableStream) {
  const target = setsAndOut(argv, "arena benchmark pairs needs SET... and --out FILE");
  const battles = await withDb(async (db) => benchmarkPairs(db, await setIdsOf(db, target.sets)));
  fs.writeFileSync(target.out, `${JSON.stringify(battles)}\n`);
  out.write(`wrote ${battles.length} pairwise outcomes to ${target.out}\n`);
}
