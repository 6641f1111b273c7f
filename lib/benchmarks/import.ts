// `arena benchmark import`: a benchmark's own files become versioned prompt sets with provenance and licence —
// MathVista (testmini.json / test.json with its images folder, or the Hugging Face Parquet with decoded_image),
// EMMA (its Hugging Face layout, JSON or Parquet, image_1…image_5; one set per prompting strategy) and IsoBench
// (per-task files; one set for image prompts, one for text prompts — an item per text representation — one for
// IsoCombination and one for IsoScratchPad: describe the image, then answer from that description alone). Every record is checked and every image stored before a set is written; a bad record is
// one line naming the file, the record and the field.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/context";
import { createPromptSetVersion, type NewPromptItem } from "../evals";
import { ImageRejected, ingestImage } from "../images";
import type { BenchmarkRecord as Rec } from "./definition";
import { BenchmarkDataError } from "./errors";
import { type BenchmarkName, benchmarkDefinition } from "./registry";

interface RecordAt {
  where: string;
  record: Rec;
}

/** A JSON object keyed by id, a JSON list, JSON Lines, or Parquet (Hugging Face's layout). */
export async function readRecords(file: string): Promise<RecordAt[]> {
  if (!fs.existsSync(file)) throw new BenchmarkDataError(`${file}: no such file`);
  if (file.endsWith(".parquet")) {
    const { asyncBufferFromFile, parquetReadObjects } = await import("hyparquet");
    try {
      // utf8 off: unannotated byte arrays (Hugging Face's image bytes) stay bytes; STRING columns are still text
      const rows = await parquetReadObjects({ file: await asyncBufferFromFile(file), utf8: false });
      return rows.map((record, i) => ({ where: `${file}: record ${i + 1}`, record: record as Rec }));
    } catch (error) {
      throw new BenchmarkDataError(`${file}: not a readable Parquet file: ${(error as Error).message}`);
    }
  }
  const text = fs.readFileSync(file, "utf8");
  try {
    const parsed = JSON.parse(text) as unknown;
    if (Array.isArray(parsed))
      return parsed.map((record, i) => ({ where: `${file}: record ${i + 1}`, record: record as Rec }));
    if (parsed && typeof parsed === "object") {
      return Object.entries(parsed as Record<string, Rec>).map(([key, record]) => ({
        where: `${file}: record ${key}`,
        record: { pid: key, ...record },
      }));
    }
  } catch {
    // JSON Lines
  }
  return text
    .split("\n")
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim())
    .map(({ line, i }) => {
      try {
        return { where: `${file}: line ${i + 1}`, record: JSON.parse(line) as Rec };
      } catch (error) {
        throw new BenchmarkDataError(`${file}: line ${i + 1}: not valid JSON: ${(error as Error).message}`);
      }
    });
}

/** An image as the layouts carry it: a path (relative to the file's folder or --images), bytes, or {bytes, path}. */
function imageBytes(value: unknown, dirs: string[]): Uint8Array | null {
  if (value instanceof Uint8Array) return value;
  if (typeof value === "string" && value) {
    for (const dir of dirs) {
      for (const candidate of [path.resolve(dir, value), path.resolve(dir, path.basename(value))]) {
        if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return fs.readFileSync(candidate);
      }
    }
    return null;
  }
  if (value && typeof value === "object") {
    const v = value as { bytes?: unknown; path?: unknown };
    if (v.bytes instanceof Uint8Array) return v.bytes;
    if (typeof v.bytes === "string" && v.bytes) return Buffer.from(v.bytes, "base64");
    if (Array.isArray(v.bytes)) return Uint8Array.from(v.bytes as number[]);
    if (typeof v.path === "string") return imageBytes(v.path, dirs);
  }
  return null;
}

async function storeImage(db: Db, where: string, field: string, value: unknown, dirs: string[]): Promise<string> {
  const bytes = imageBytes(value, dirs);
  if (!bytes)
    throw new BenchmarkDataError(
      `${where}: field ${field}: image not found (${typeof value === "string" ? value : "no bytes or path"})`,
    );
  try {
    return (await ingestImage(db.pool, `${field}.png`, bytes)).sha256;
  } catch (error) {
    if (error instanceof ImageRejected) throw new BenchmarkDataError(`${where}: field ${field}: ${error.message}`);
    throw error;
  }
}

export interface ImportOptions {
  /** the set name (MathVista) or prefix (EMMA, IsoBench) */
  name?: string;
  imagesDir?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface ImportResult {
  sets: { name: string; version: number; items: number }[];
}

/** Reads every record of the files, builds each benchmark's prompt sets, and stores each as a new version. */
export async function importBenchmark(
  db: Db,
  benchmark: BenchmarkName,
  files: string[],
  options: ImportOptions = {},
): Promise<ImportResult> {
  const definition = benchmarkDefinition(benchmark);
  if (files.length === 0) throw new BenchmarkDataError("name the benchmark's files");
  const records: (RecordAt & { file: string })[] = [];
  for (const file of files) for (const r of await readRecords(file)) records.push({ ...r, file });
  if (records.length === 0) throw new BenchmarkDataError(`${files.join(", ")}: no records`);
  const sets = new Map<string, NewPromptItem[]>();
  const add = (set: string, item: NewPromptItem) => {
    const items = sets.get(set);
    if (items) items.push(item);
    else sets.set(set, [item]);
  };
  let done = 0;
  for (const { where, record, file } of records) {
    const provenance = { file: path.resolve(file), record: where.slice(file.length + 2) };
    const imageDirs = [options.imagesDir, path.dirname(file)].filter(Boolean) as string[];
    const image = (field: string, value: unknown) => storeImage(db, where, field, value, imageDirs);
    await definition.addRecord({ where, record, file, provenance, name: options.name, image, add });
    options.onProgress?.(++done, records.length);
  }
  const written: ImportResult["sets"] = [];
  for (const [name, items] of sets) {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.questionId)) throw new BenchmarkDataError(`${name}: item ${item.questionId} appears twice`);
      seen.add(item.questionId);
    }
    const set = await createPromptSetVersion(
      db,
      {
        name,
        description: `${benchmark} imported from ${files.map((f) => path.basename(f)).join(", ")}`,
        licence: definition.licence,
        source: `benchmark:${benchmark}`,
        metadata: { benchmark, files: files.map((f) => path.resolve(f)) },
      },
      items,
    );
    written.push({ name: set.name, version: set.version, items: items.length });
  }
  return { sets: written };
}
