// `arena benchmark score`: a ground-truth benchmark's published outputs re-scored exactly as its official code
// scores them, with what decided each verdict and Wilson intervals; no database and no images needed.

import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  BENCHMARK_NAMES,
  type BenchmarkName,
  type BenchmarkReport,
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
  PREDICTION_BENCHMARKS,
  PREDICTION_SOURCES,
  type PredictionBenchmark,
  type PredictionImport,
  type PredictionSource,
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

export const BENCHMARK_HELP = `usage: arena benchmark import ${BENCHMARK_NAMES.join("|")} FILE... [--name NAME] [--images DIR]
       arena benchmark run SET[@VERSION] --model MODEL [--here] [--wait] [--concurrency N]
       arena benchmark report SET[@VERSION]... [--judge MODEL] [--format table|json]
       arena benchmark export SET[@VERSION]... --out DIR
       arena benchmark pairs SET[@VERSION]... --out FILE
       arena benchmark import-predictions ${PREDICTION_BENCHMARKS.join("|")} FILE --from vlmevalkit|lmms-eval --model MODEL [--set SET[@VERSION]]
       arena benchmark score ${BENCHMARK_NAMES.join("|")} --outputs FILE|DIR [--data FILE]... [--judge MODEL] [--format table|json] [--out PATH]

import: the benchmark's own files become prompt sets with provenance and licence — MathVista testmini.json / test.json
(images beside it, or --images) or the Hugging Face Parquet (decoded_image); EMMA's JSON or Parquet (image_1…5),
one set per strategy (emma-cot, emma-direct, the paper's templates); IsoBench's per-task files (named after the task),
as isobench-image, isobench-text (an item per text representation) and isobench-combined (IsoCombination).
import-predictions: a toolkit's prediction file becomes a run of MODEL (registered) on the set (default the newest
mathvista-testmini / emma-cot), scored as the official code scores: VLMEvalKit's prediction table ({model}_{dataset}.xlsx,
.tsv, .csv or .json; index, prediction, and res from its evaluated copy) or lmms-eval's --log_samples JSON Lines (doc,
filtered_resps, and the metric object with its extraction and true_false / is_correct). MathVista takes the file's
extraction where it has one (the official pipeline's extraction step, done by the toolkit's judge), else its quick rules;
EMMA reads the response. Prints our accuracy beside the file's own and every item where they differ; /benchmarks shows
the run beside the native ones. Nothing is written when a record is bad.
run: a registered model answers a set (the evaluation engine: resumable, accounted; queued for the jobs process
unless --here). report: every model's newest run on the sets scored as the benchmark's official code scores (the
verdicts stored with each step), accuracy with 95% Wilson intervals overall and per metadata key, paired bootstrap
differences between models, and the Spearman correlation with the live arena's ratings. --judge MODEL asks a
model of the registry what the rules could not read (MathVista's 5-shot extraction prompt; EMMA's judge prompt
where its rules found no answer); each such verdict records the judge. export: the scored runs' items with every
verdict step as verdicts.jsonl and verdicts.parquet, with a DATASHEET.md naming the source and licence. pairs: the
sets' verdicts as pairwise outcomes in the clean-battle layout (on an item both models answered, right beats wrong;
both right a tie, both wrong a tie (bothbad)), one run per model, for arena leaderboard --component FILE:WEIGHT.

Re-scores a benchmark's outputs as its official code does, item by item, with no database and no images:
  mathvista  MathVista's output layout {pid: {response, extraction?, choices, question_type, answer_type,
             precision, answer?, metadata}}; --data testmini.json (or test.json) supplies answers and metadata the
             outputs lack. An item's own extraction is used as is; otherwise the official quick rules read the
             response (empty, exact choice, int(), float(), The answer is "…".) and what they cannot read is
             reported as undecided (the official code asks GPT-4 there). Then MathVista's normalisation (letter in
             parentheses, choice letter, nearest choice by Levenshtein; int(float(x)); round to precision) and equality.
  emma       EMMA's results layout {pid: {response, answer, type, options, subject, category, task, …}}: its
             fast_extract_answer (letter, number, last \\boxed{}, "the answer is …") and is_equal (text; values
             equal to 2 decimals; symbolic difference 0) against the answer and its option text.
  isobench   outputs {id, task?, representation (image|latex|code|story|fen|pgn|anl|description|…), response,
             extraction?} against the task files (--data graph_maxflow.jsonl … ; the task from the file name or a
             task field). No official parser exists: ours takes a last \boxed{}, else a JSON "answer", else the
             opening words, and reads each task's label from it; graph answers are also computed from the adjacency
             matrices (max-flow, connectivity, isomorphism) and chess moves checked with chess.js. With image and
             text answers to the same items, the modality gap (best text − image) with a paired bootstrap interval.

             IsoBench-Eval's logs (IsoBench/IsoBench-Eval: a model's folder of <task>.json lists with
             evaluation_summary.json, or one such file; no --data): each answer's official verdict recomputed from
             its parsed_prediction (officialCorrect; the file's is_correct beside it) and ours from model_response
             alone (correct, decided_by), keyed <modality>:<sample_index> per task; accuracy pooled per task and
             modality, per group (Math, Science, Algorithm, Game) and overall, with the text − image gap and the
             agreement of our parse with the official one. --judge MODEL (a registry model) is asked what
             IsoBench-Eval's parser asks, word for word, wherever the task has choices; its verdicts record the judge.
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
    out.write(`${BENCHMARK_HELP}\n`);
    if (!sub) throw new UsageError("arena benchmark needs a subcommand: score");
    return;
  }
  const args = [name, ...rest].filter((a): a is string => a !== undefined);
  if (args.includes("--help") || args.includes("-h")) {
    out.write(`${BENCHMARK_HELP}\n`);
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
  if (!name || !(BENCHMARK_NAMES as readonly string[]).includes(name)) {
    throw new UsageError(`arena benchmark score takes ${BENCHMARK_NAMES.join(" or ")}, not '${name ?? ""}'`);
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
    const score = scoreOutputs(name as BenchmarkName, values.outputs, values.data ?? []);
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
  if (!benchmark || !(BENCHMARK_NAMES as readonly string[]).includes(benchmark)) {
    throw new UsageError(`arena benchmark import takes ${BENCHMARK_NAMES.join(", ")}, not '${benchmark ?? ""}'`);
  }
  if (files.length === 0) throw new UsageError("name the benchmark's files");
  const bar = progressBar("records");
  const result = await withDb((db) =>
    importBenchmark(db, benchmark as BenchmarkName, files, {
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
  if (!benchmark || !(PREDICTION_BENCHMARKS as readonly string[]).includes(benchmark))
    throw new UsageError(
      `arena benchmark import-predictions takes ${PREDICTION_BENCHMARKS.join(" or ")}, not '${benchmark ?? ""}'`,
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
      benchmark: benchmark as PredictionBenchmark,
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
