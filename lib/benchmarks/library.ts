// The benchmark folder staff import from in the console (ARENA_BENCHMARK_DIR): datasets are large, so they are put
// on the server once, not uploaded through a browser; the console only names files inside this folder, and the
// jobs process imports them.
import fs from "node:fs";
import path from "node:path";
import { type Config, config } from "../config";
import { BenchmarkDataError } from "./errors";

const DATA_FILE = /\.(json|jsonl|parquet)$/i;
/** A toolkit's prediction file: VLMEvalKit's tables (xlsx, tsv, csv, json) and lmms-eval's samples (jsonl). */
export const PREDICTION_FILE = /\.(xlsx|tsv|csv|json|jsonl)$/i;

export function benchmarkDir(c: Config = config()): string | null {
  const dir = c.ARENA_BENCHMARK_DIR?.trim();
  return dir ? path.resolve(dir) : null;
}

/** The data files under the folder (three levels deep, image folders skipped), as paths relative to it. */
export function libraryFiles(dir: string, limit = 500, pattern: RegExp = DATA_FILE): string[] {
  const out: string[] = [];
  const walk = (folder: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= limit) return;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory() && depth < 3 && !/^images?$/i.test(entry.name)) walk(full, depth + 1);
      else if (entry.isFile() && pattern.test(entry.name)) out.push(path.relative(dir, full));
    }
  };
  walk(dir, 0);
  return out;
}

/**
 * A file named relative to the folder, refused when it points outside it, is not a data file that exists, or is a
 * link: a symbolic link inside the folder could lead anywhere on the server, so only plain files are read. Errors
 * name the file as the console named it, never the server's own path.
 */
export function libraryFile(dir: string, relative: string, pattern: RegExp = DATA_FILE): string {
  const full = path.resolve(dir, relative);
  if (!full.startsWith(dir + path.sep) || !pattern.test(full)) {
    throw new BenchmarkDataError(`'${relative}' is not a data file in the benchmark folder`);
  }
  let real: string;
  try {
    real = fs.realpathSync(full);
  } catch {
    throw new BenchmarkDataError(`'${relative}' is not in the benchmark folder`);
  }
  const root = fs.realpathSync(dir);
  if (real !== path.join(root, path.relative(dir, full)) || !fs.statSync(real).isFile()) {
    throw new BenchmarkDataError(
      `'${relative}' is a link or not a plain file; put the file itself in the benchmark folder`,
    );
  }
  return full;
}

/**
 * Refuses a prediction file larger than ARENA_PREDICTION_MAX_MB before anything reads it. An .xlsx counts four
 * times its size: measured here, a 16.5 MB workbook of 1.5 M rows took a process to 3.5 GB while a 50 MB TSV took
 * 1.2 GB, so a workbook costs several times what a text table of the same bytes does.
 */
export function checkPredictionSize(full: string, relative: string, c: Config = config()): void {
  const bytes = fs.statSync(full).size;
  const weight = /\.xlsx$/i.test(full) ? 4 : 1;
  const limit = c.ARENA_PREDICTION_MAX_MB * 1048576;
  if (bytes * weight > limit) {
    const shown = `${(bytes / 1048576).toFixed(1)} MB`;
    throw new BenchmarkDataError(
      `'${relative}' is ${shown}; prediction files up to ${(limit / weight / 1048576).toFixed(0)} MB${weight > 1 ? " (as .xlsx)" : ""} are imported here (ARENA_PREDICTION_MAX_MB), larger ones with \`arena benchmark import-predictions\``,
    );
  }
}
