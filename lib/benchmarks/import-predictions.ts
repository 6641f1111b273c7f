// A toolkit's prediction file (VLMEvalKit, lmms-eval) as a run of a registered model on an imported benchmark set:
// one answer per item it predicts, scored as the benchmark's official code scores (the same scorer as native runs),
// with the toolkit's own verdicts kept beside ours so the report can show where the two differ. The run, its answers
// and its verdicts are written in one transaction: a bad file leaves nothing behind.
import path from "node:path";
import type { Db } from "../db/context";
import { findPromptSet } from "../evals";
import type { Problem } from "./definition";
import { BenchmarkDataError } from "./errors";
import { type Prediction, type PredictionSource, readPredictions } from "./predictions";
import { type BenchmarkName, benchmarkDefinition } from "./registry";
import { labelledVerdict, writeVerdicts } from "./verdicts";
import { type Tally, tally } from "./wilson";

export interface PredictionImport {
  runId: string;
  model: string;
  set: string;
  from: PredictionSource;
  file: string;
  /** our verdicts over the items the file predicts */
  ours: Tally;
  /** the toolkit's own verdicts, over the items that carry one */
  reported: Tally | null;
  /** items where the toolkit's verdict and ours differ */
  differences: {
    pid: string;
    reported: boolean;
    ours: boolean;
    prediction: string | null;
    truth: string | null;
    decidedBy: string;
  }[];
  /** items of the set the file has no prediction for */
  unanswered: number;
  warnings: string[];
}

function takingPredictions(benchmark: BenchmarkName) {
  const definition = benchmarkDefinition(benchmark);
  if (!definition.predictions) throw new BenchmarkDataError(`${benchmark} takes no toolkit predictions`);
  return { ...definition, predictions: definition.predictions };
}

async function setFor(db: Db, benchmark: BenchmarkName, ref?: string) {
  const { defaultSets } = takingPredictions(benchmark).predictions;
  if (ref) return findPromptSet(db, ref);
  for (const name of defaultSets) {
    const set = await db.prisma.promptSet.findFirst({ where: { name }, orderBy: { version: "desc" } });
    if (set) return set;
  }
  throw new BenchmarkDataError(
    `no imported ${benchmark} set (${defaultSets.join(" or ")}): run arena benchmark import ${benchmark} first, or name one with --set`,
  );
}

/** Refuses an unknown model or set before any file is read; returns the set the predictions would go to. */
export async function predictionTarget(
  db: Db,
  input: { benchmark: BenchmarkName; model: string; set?: string },
): Promise<{ id: string; name: string; version: number }> {
  const model = await db.prisma.model.findUnique({ where: { id: input.model }, select: { id: true } });
  if (!model)
    throw new BenchmarkDataError(
      `unknown model '${input.model}': add it to the models file first (it may stay disabled)`,
    );
  return setFor(db, input.benchmark, input.set);
}

export async function importPredictions(
  db: Db,
  input: { benchmark: BenchmarkName; file: string; from: PredictionSource; model: string; set?: string },
): Promise<PredictionImport> {
  // the model and the set are checked before the file is read: a wrong name costs nothing
  const set = await predictionTarget(db, input);
  const predictions = await readPredictions(input.file, input.from);
  const { scorer, predictions: taken } = takingPredictions(input.benchmark);
  const items = await db.prisma.promptItem.findMany({
    where: { setId: set.id },
    select: { id: true, questionId: true, metadata: true },
  });
  const byPid = new Map(items.map((i) => [i.questionId, i]));
  if (items.some((i) => (i.metadata as Problem | null)?.benchmark !== input.benchmark))
    throw new BenchmarkDataError(`set ${set.name}@${set.version} is not a ${input.benchmark} set`);
  const unknown = predictions.filter((p) => !byPid.has(p.pid));
  if (unknown.length === predictions.length)
    throw new BenchmarkDataError(
      `${input.file}: none of its ${predictions.length} items is in ${set.name}@${set.version} (first: ${unknown[0]?.pid})`,
    );
  const matched = predictions.filter((p) => byPid.has(p.pid));
  const warnings: string[] = [];
  if (unknown.length)
    warnings.push(
      `${unknown.length} items of the file are not in ${set.name}@${set.version} (left out; first: ${unknown[0]?.pid})`,
    );

  // whether the toolkit's extraction counts is the benchmark's to say (./definitions)
  const useExtraction = taken.fileExtractionCounts;
  const verdicts = matched.map((p) => {
    const item = byPid.get(p.pid) as (typeof items)[number];
    const problem = {
      ...(item.metadata as Problem),
      response: p.response,
      ...(useExtraction && p.extraction !== undefined ? { extraction: p.extraction } : {}),
    } as Problem;
    return { p, item, verdict: labelledVerdict(scorer.score(problem), input.from) };
  });

  const runId = await db.prisma.$transaction(async (tx) => {
    const run = await tx.evalRun.create({
      data: {
        setId: set.id,
        modelId: input.model,
        status: "done",
        startedAt: new Date(),
        finishedAt: new Date(),
        settings: {
          imported: {
            from: input.from,
            file: path.basename(input.file),
            predictions: matched.length,
            // kept so a later rescoring (a new scorer version) reads the same extractions and shows the same
            // reported verdicts
            extractions: Object.fromEntries(
              matched
                .filter((p: Prediction) => useExtraction && p.extraction !== undefined)
                .map((p) => [p.pid, p.extraction]),
            ),
            reported: Object.fromEntries(
              matched.filter((p) => p.reported !== undefined).map((p) => [p.pid, p.reported as boolean]),
            ),
          },
        },
      },
    });
    await tx.evalAnswer.createMany({
      data: matched.map((p) => ({
        runId: run.id,
        itemId: (byPid.get(p.pid) as (typeof items)[number]).id,
        turns: [p.response],
        finishReason: "stop",
      })),
    });
    await writeVerdicts(
      tx,
      run.id,
      verdicts.map(({ item, verdict }) => ({ itemId: item.id, verdict })),
    );
    return run.id;
  });

  const withReported = verdicts.filter(({ p }) => p.reported !== undefined);
  return {
    runId,
    model: input.model,
    set: `${set.name}@${set.version}`,
    from: input.from,
    file: input.file,
    ours: tally(verdicts.filter((v) => v.verdict.correct).length, verdicts.length),
    reported: withReported.length
      ? tally(withReported.filter(({ p }) => p.reported).length, withReported.length)
      : null,
    differences: withReported
      .filter(({ p, verdict }) => p.reported !== verdict.correct)
      .map(({ p, verdict }) => ({
        pid: p.pid,
        reported: p.reported as boolean,
        ours: verdict.correct,
        prediction: verdict.prediction,
        truth: verdict.truth ?? null,
        decidedBy: verdict.decided_by,
      })),
    unanswered: items.length - matched.length,
    warnings,
  };
}
