// A toolkit's prediction file imported from the console. The web checks what is cheap to check (the file is a plain
// file inside the benchmark folder and under the size cap, the model and the set exist), writes a PredictionImport
// row and queues it; the jobs process reads and scores the file (a workbook of a million rows must not take a web
// worker's memory) and writes the outcome to the row, which the console polls.
import type { Db } from "../db/context";
import { enqueue } from "../jobs";
import { BenchmarkDataError } from "./errors";
import { importPredictions, predictionTarget } from "./import-predictions";
import { benchmarkDir, checkPredictionSize, libraryFile, PREDICTION_FILE } from "./library";
import type { PredictionSource } from "./predictions";
import type { BenchmarkName } from "./registry";

export interface PredictionImportRequest {
  benchmark: BenchmarkName;
  /** relative to ARENA_BENCHMARK_DIR */
  file: string;
  from: PredictionSource;
  model: string;
  set?: string;
}

function folder(): string {
  const dir = benchmarkDir();
  if (!dir) throw new BenchmarkDataError("no benchmark folder: set ARENA_BENCHMARK_DIR");
  return dir;
}

/** The checked file's full path (refusals name it as the console did). */
function checkedFile(relative: string): string {
  const full = libraryFile(folder(), relative, PREDICTION_FILE);
  checkPredictionSize(full, relative);
  return full;
}

/** Checks the request, records it and queues it; a refusal here writes and queues nothing. */
export async function queuePredictionImport(
  db: Db,
  request: PredictionImportRequest,
  requestedBy: string | null,
): Promise<{ importId: string }> {
  checkedFile(request.file);
  await predictionTarget(db, request);
  const row = await db.prisma.predictionImport.create({
    data: {
      benchmark: request.benchmark,
      source: request.from,
      file: request.file,
      modelId: request.model,
      setRef: request.set ?? null,
      requestedBy,
    },
    select: { id: true },
  });
  await enqueue("prediction-import", { importId: row.id });
  return { importId: row.id };
}

/** The jobs process's side: reads, scores and records the outcome (a refusal is an outcome, not a retry). */
export async function runPredictionImport(db: Db, importId: string): Promise<void> {
  // taken once: a job delivered twice finds the row no longer queued
  const taken = await db.prisma.predictionImport.updateMany({
    where: { id: importId, status: "queued" },
    data: { status: "running" },
  });
  if (taken.count === 0) return;
  const row = await db.prisma.predictionImport.findUniqueOrThrow({ where: { id: importId } });
  let full = "";
  try {
    full = checkedFile(row.file);
    const result = await importPredictions(db, {
      benchmark: row.benchmark,
      file: full,
      from: row.source as PredictionSource,
      model: row.modelId,
      set: row.setRef ?? undefined,
    });
    await db.prisma.predictionImport.update({
      where: { id: importId },
      data: {
        status: "done",
        result: JSON.parse(JSON.stringify({ ...result, file: row.file })),
        finishedAt: new Date(),
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // the reader names the file by its full path: the console sees it as it named it
    const shown = full ? message.split(full).join(row.file) : message;
    await db.prisma.predictionImport.update({
      where: { id: importId },
      data: { status: "failed", error: shown.slice(0, 2000), finishedAt: new Date() },
    });
    if (!(error instanceof BenchmarkDataError)) throw error;
  }
}

export interface PredictionImportStatus {
  id: string;
  benchmark: string;
  source: string;
  file: string;
  model: string;
  status: string;
  result: unknown;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The newest imports, for the console. */
export async function recentPredictionImports(db: Db, take = 10): Promise<PredictionImportStatus[]> {
  const rows = await db.prisma.predictionImport.findMany({ orderBy: { createdAt: "desc" }, take });
  return rows.map(({ modelId, setRef: _s, requestedBy: _r, ...row }) => ({ ...row, model: modelId }));
}
