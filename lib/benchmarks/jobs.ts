// The benchmark folder's imports run in the jobs process: the console names files, this checks them and queues the
// import, and the handler reads them (datasets are large; a web request never parses one).
import { type EnqueueOptions, enqueue, type JobHandlers, type Payload } from "../jobs";
import { BenchmarkDataError } from "./errors";
import { importBenchmark } from "./import";
import { benchmarkDir, libraryFile } from "./library";
import { runPredictionImport } from "./prediction-imports";
import { type BenchmarkName, benchmarkNamed } from "./registry";

export type ImportJob = Payload<"benchmark-import"> & { benchmark: BenchmarkName };

/** Checks the files here (a bad name is refused before anything is queued); the jobs process imports them. */
export async function queueBenchmarkImport(job: ImportJob, options: EnqueueOptions = {}): Promise<string | null> {
  const dir = benchmarkDir();
  if (!dir) throw new BenchmarkDataError("no benchmark folder: set ARENA_BENCHMARK_DIR");
  for (const file of job.files) libraryFile(dir, file);
  return enqueue("benchmark-import", job, options);
}

export const benchmarkJobs: JobHandlers = {
  "benchmark-import": async ([job], { db, log }) => {
    if (!job) return;
    const dir = benchmarkDir();
    if (!dir) throw new BenchmarkDataError("no benchmark folder: set ARENA_BENCHMARK_DIR");
    if (!benchmarkNamed(job.data.benchmark)) {
      throw new BenchmarkDataError(`'${job.data.benchmark}' is not a benchmark that can be imported`);
    }
    const files = job.data.files.map((file) => libraryFile(dir, file));
    try {
      const result = await importBenchmark(db, job.data.benchmark, files, {
        name: job.data.name,
      });
      log(`benchmarks: imported ${result.sets.map((s) => `${s.name}@${s.version} (${s.items})`).join(", ")}`);
    } catch (error) {
      log(`benchmarks: import of ${job.data.files.join(", ")} refused: ${(error as Error).message}`);
      throw error;
    }
  },
  "prediction-import": async ([job], { db, log }) => {
    if (!job) return;
    await runPredictionImport(db, job.data.importId);
    const row = await db.prisma.predictionImport.findUnique({ where: { id: job.data.importId } });
    log(
      `benchmarks: predictions ${row?.file ?? job.data.importId}: ${row?.status}${row?.error ? ` (${row.error})` : ""}`,
    );
  },
};
