import { z } from "zod";
import { staffRoute } from "@/lib/auth/session";
import {
  benchChoices,
  judgingStatuses,
  planJudgings,
  publishBench,
  queueBenchBoard,
  queueCuration,
  queueJudging,
} from "@/lib/bench";
import {
  benchmarkDir,
  benchmarkNamed,
  libraryFiles,
  PREDICTION_SOURCES,
  queueBenchmarkImport,
  queuePredictionImport,
  recentPredictionImports,
} from "@/lib/benchmarks";
import { createRun, listPromptSets, queueRun, runStatuses } from "@/lib/evals";

export const dynamic = "force-dynamic";

/** Progress and cost of every offline run and judging, the sets and the benches that can be shown. */
export const GET = staffRoute("admin", async ({ db }) => {
  const [runs, judgings, sets, choices, predictionImports] = await Promise.all([
    runStatuses(db),
    judgingStatuses(db),
    listPromptSets(db),
    benchChoices(db),
    recentPredictionImports(db),
  ]);
  const dir = benchmarkDir();
  return Response.json({ runs, judgings, sets, choices, predictionImports, library: dir ? libraryFiles(dir) : null });
});

const id = z.string().trim().min(1).max(200);
const body = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("curate"),
    name: z.string().trim().min(1).max(100).optional(),
    size: z.number().int().min(1).max(10_000).optional(),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31)
      .optional(),
    embedder: id.optional(),
  }),
  z.object({ action: z.literal("run"), set: id, model: id }),
  z.object({ action: z.literal("judge"), set: id, anchor: id, judge: id }),
  z.object({ action: z.literal("publish"), set: id, anchor: id, judge: id }),
  z.object({
    action: z.literal("import"),
    benchmark: z.string().refine((name) => Boolean(benchmarkNamed(name)), "is not a registered benchmark"),
    files: z.array(z.string().trim().min(1).max(500)).min(1).max(50),
    name: z.string().trim().min(1).max(100).optional(),
  }),
  z.object({
    action: z.literal("import-predictions"),
    benchmark: z
      .string()
      .refine(
        (name) => Boolean(benchmarkNamed(name)?.predictions),
        "is not a benchmark that takes toolkit predictions",
      ),
    file: z.string().trim().min(1).max(500),
    from: z.enum(PREDICTION_SOURCES),
    model: id,
    set: id.optional(),
  }),
]);

/** Starts curation, a run or a judging (each in the jobs process), or chooses the bench /bench shows. */
export const POST = staffRoute("admin", body, async ({ db, input, audit, user }) => {
  if (input.action === "publish") {
    const selection = { set: input.set, anchor: input.anchor, judge: input.judge };
    await publishBench(db, selection);
    await queueBenchBoard(selection); // fresh scores for it, from the jobs process
    await audit("bench.publish", `${input.set} · ${input.anchor} · ${input.judge}`);
    return Response.json({ published: input });
  }
  if (input.action === "import-predictions") {
    // checked here, read and scored in the jobs process; the console polls GET for the outcome
    const { action: _a, ...request } = input;
    const queued = await queuePredictionImport(db, request, user.email ?? null);
    await audit("benchmarks.import-predictions", `${input.model} · ${input.from} · ${input.file}`);
    return Response.json({ queued: "predictions", ...queued }, { status: 202 });
  }
  if (input.action === "import") {
    await queueBenchmarkImport({
      benchmark: input.benchmark,
      files: input.files,
      name: input.name,
    });
    await audit("benchmarks.import", `${input.benchmark}: ${input.files.join(", ")}`);
    return Response.json({ queued: "import" }, { status: 202 });
  }
  // validate before anything is queued, so a bad request changes nothing
  const run = input.action === "run" ? await createRun(db, { set: input.set, model: input.model }) : null;
  const planned =
    input.action === "judge"
      ? await planJudgings(db, { set: input.set, anchor: input.anchor, judge: input.judge })
      : null;
  if (input.action === "curate") {
    const { action: _a, ...job } = input;
    await queueCuration(job);
    await audit("bench.curate", job.name ?? "visionarena-bench");
    return Response.json({ queued: "curation" }, { status: 202 });
  }
  if (run) {
    await queueRun(run.id);
    await audit("evals.run", run.id);
    return Response.json({ queued: "run", runId: run.id }, { status: 202 });
  }
  const judgings = planned?.judgings ?? [];
  for (const { judging } of judgings) await queueJudging(judging.id);
  await audit("bench.judge", judgings.map((j) => j.judging.id).join(","));
  return Response.json({ queued: "judging", judgings: judgings.map((j) => j.judging.id) }, { status: 202 });
});
