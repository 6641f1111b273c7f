// `arena benchmark import`: a benchmark's own files become versioned prompt sets with provenance and licence —
// MathVista (testmini.json / test.json with its images folder, or the Hugging Face Parquet with decoded_image),
// EMMA (its Hugging Face layout, JSON or Parquet, image_1…image_5; one set per prompting strategy) and IsoBench
// (per-task files; one set for image prompts, one for text prompts — an item per text representation — one for
// IsoCombination and one for IsoScratchPad: describe the image, then answer from that description alone). Every record is checked and every image stored before a set is written; a bad record is
// one line naming the file, the record and the field.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/context";
import { createPromptSetVersion, DESCRIPTION_SLOT, type NewPromptItem } from "../evals";
import { ImageRejected, ingestImage } from "../images";
import { ISOBENCH_TASKS, isIsoTask } from "./isobench";
import { BenchmarkDataError } from "./mathvista";
import {
  EMMA_STRATEGIES,
  type EmmaStrategy,
  emmaQuery,
  ISO_DESCRIBE_PROMPT,
  ISOBENCH_PROMPTS,
  isoCombinedPrompt,
  isoImagePrompt,
  isoScratchpadPrompt,
  isoTextPrompt,
  mathVistaQuery,
} from "./prompts";

type Rec = Record<string, unknown>;
export const IMPORTABLE = ["mathvista", "emma", "isobench"] as const;
export type ImportableBenchmark = (typeof IMPORTABLE)[number];

export const LICENCES: Record<ImportableBenchmark, string> = {
  mathvista: "CC BY-SA 4.0 (MathVista, AI4Math/MathVista; attribution and share-alike apply to exports)",
  emma: "CC BY-SA 4.0 (EMMA, luckychao/EMMA; attribution and share-alike apply to exports)",
  isobench: "as the IsoBench dataset card states (isobench/IsoBench on Hugging Face)",
};

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
    return (await ingestImage(db.prisma, `${field}.png`, bytes)).sha256;
  } catch (error) {
    if (error instanceof ImageRejected) throw new BenchmarkDataError(`${where}: field ${field}: ${error.message}`);
    throw error;
  }
}

const required = (where: string, record: Rec, field: string) => {
  const value = record[field];
  if (value === undefined || value === null || value === "")
    throw new BenchmarkDataError(`${where}: field ${field} is missing`);
  return value;
};

/** What an item keeps for scoring: the record without its image bytes. */
const withoutImages = (record: Rec) =>
  Object.fromEntries(
    Object.entries(record).filter(
      ([key, value]) => !(value instanceof Uint8Array) && !/^(decoded_image|image(_\d)?)$/.test(key),
    ),
  );

export interface ImportOptions {
  /** the set name (MathVista) or prefix (EMMA, IsoBench) */
  name?: string;
  imagesDir?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface ImportResult {
  sets: { name: string; version: number; items: number }[];
}

/** One record read from a benchmark file, where it stands, and what it adds to which prompt set. */
interface RecordContext {
  db: Db;
  where: string;
  record: Rec;
  file: string;
  provenance: { file: string; record: string };
  /** where its image files may be: --images, else beside the file */
  imageDirs: string[];
  name: string | undefined;
  add: (set: string, item: NewPromptItem) => void;
}

/** MathVista: one item per problem, in mathvista-<split>, asked with the official query. */
async function addMathVista({ db, where, record, file, provenance, imageDirs, name, add }: RecordContext) {
  const benchmark = "mathvista";
  const pid = String(required(where, record, "pid"));
  required(where, record, "question_type");
  required(where, record, "answer_type");
  required(where, record, "answer");
  const sha = await storeImage(
    db,
    where,
    record.decoded_image ? "decoded_image" : "image",
    record.decoded_image ?? record.image,
    imageDirs,
  );
  const split = /test(?:mini)?/.exec(path.basename(file))?.[0] ?? "testmini";
  add(name ?? `mathvista-${split}`, {
    questionId: pid,
    category:
      typeof (record.metadata as Rec | undefined)?.category === "string"
        ? ((record.metadata as Rec).category as string)
        : null,
    turns: [{ content: mathVistaQuery(record) }],
    metadata: { benchmark, ...withoutImages(record) },
    provenance,
    imageShas: [sha],
  });
}

/** EMMA: one item per problem in each strategy's set (direct, CoT), its images in their order. */
async function addEmma({ db, where, record, provenance, imageDirs, name, add }: RecordContext) {
  const benchmark = "emma";
  const pid = String(required(where, record, "pid"));
  required(where, record, "question");
  const answer = String(required(where, record, "answer"));
  const type = String(required(where, record, "type"));
  const shas: string[] = [];
  for (let n = 1; n <= 5; n++) {
    const value = record[`image_${n}`];
    if (value !== undefined && value !== null && value !== "")
      shas.push(await storeImage(db, where, `image_${n}`, value, imageDirs));
  }
  const options_ = Array.isArray(record.options) ? record.options.map(String) : [];
  if (type.toLowerCase() === "multiple choice" && !options_[answer.toUpperCase().charCodeAt(0) - 65]) {
    throw new BenchmarkDataError(`${where}: field answer: '${answer}' is not one of the options' letters`);
  }
  const gtContent =
    type.toLowerCase() === "multiple choice" ? options_[answer.toUpperCase().charCodeAt(0) - 65] : answer;
  for (const strategy of Object.keys(EMMA_STRATEGIES) as EmmaStrategy[]) {
    add(`${name ?? "emma"}-${strategy}`, {
      questionId: pid,
      category: typeof record.subject === "string" ? record.subject : null,
      // <image_n> placeholders stay in the text; the images follow in their order
      turns: [{ content: emmaQuery(record, strategy) }],
      metadata: { benchmark, strategy, ...withoutImages(record), gt_content: gtContent },
      provenance,
      imageShas: shas,
    });
  }
}

/** IsoBench: each item as an image, as each text representation, as a scratchpad and combined. */
async function addIsoBench({ db, where, record, file, provenance, imageDirs, name, add }: RecordContext) {
  const benchmark = "isobench";
  const fileTask = Object.keys(ISOBENCH_TASKS).find((t) => path.basename(file).startsWith(t));
  const task = typeof record.task === "string" ? record.task : fileTask;
  if (!task || !isIsoTask(task))
    throw new BenchmarkDataError(`${where}: field task: name the task in the file name or a task field`);
  const id = String(required(where, record, "id"));
  if (record.label === undefined || record.label === null)
    throw new BenchmarkDataError(`${where}: field label is missing`);
  const sha = await storeImage(db, where, "image", record.image, imageDirs);
  const kept = { benchmark, task, domain: ISOBENCH_TASKS[task], ...withoutImages(record), id };
  const prefix = name ?? "isobench";
  add(`${prefix}-image`, {
    questionId: `${task}/${id}`,
    category: task,
    turns: [{ content: isoImagePrompt(task, record) }],
    metadata: { ...kept, representation: "image" },
    provenance,
    imageShas: [sha],
  });
  for (const [field] of ISOBENCH_PROMPTS[task]?.texts ?? []) {
    if (record[field] === undefined || record[field] === null || record[field] === "") continue;
    add(`${prefix}-text`, {
      questionId: `${task}/${id}/${field}`,
      category: task,
      turns: [{ content: isoTextPrompt(task, record, field) }],
      metadata: { ...kept, representation: field },
      provenance,
      imageShas: [],
    });
  }
  add(`${prefix}-scratchpad`, {
    questionId: `${task}/${id}`,
    category: task,
    turns: [{ content: ISO_DESCRIBE_PROMPT }, { content: isoScratchpadPrompt(task, record, DESCRIPTION_SLOT) }],
    metadata: { ...kept, representation: "scratchpad", mode: "scratchpad" },
    provenance,
    imageShas: [sha],
  });
  add(`${prefix}-combined`, {
    questionId: `${task}/${id}`,
    category: task,
    turns: [{ content: isoCombinedPrompt(task, record) }],
    metadata: { ...kept, representation: "combined" },
    provenance,
    imageShas: [sha],
  });
}

const ADD_RECORD: Record<ImportableBenchmark, (context: RecordContext) => Promise<void>> = {
  mathvista: addMathVista,
  emma: addEmma,
  isobench: addIsoBench,
};

/** Reads every record of the files, builds each benchmark's prompt sets, and stores each as a new version. */
export async function importBenchmark(
  db: Db,
  benchmark: ImportableBenchmark,
  files: string[],
  options: ImportOptions = {},
): Promise<ImportResult> {
  if (files.length === 0) throw new BenchmarkDataError("name the benchmark's files");
  const records: (RecordAt & { file: string })[] = [];
  for (const file of files) for (const r of await readRecords(file)) records.push({ ...r, file });
  if (records.length === 0) throw new BenchmarkDataError(`${files.join(", ")}: no records`);
  const sets = new Map<string, NewPromptItem[]>();
  const add = (set: string, item: NewPromptItem) => sets.set(set, [...(sets.get(set) ?? []), item]);
  let done = 0;
  for (const { where, record, file } of records) {
    const provenance = { file: path.resolve(file), record: where.slice(file.length + 2) };
    const imageDirs = [options.imagesDir, path.dirname(file)].filter(Boolean) as string[];
    await ADD_RECORD[benchmark]({ db, where, record, file, provenance, imageDirs, name: options.name, add });
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
        licence: LICENCES[benchmark],
        source: `benchmark:${benchmark}`,
        metadata: { benchmark, files: files.map((f) => path.resolve(f)) },
      },
      items,
    );
    written.push({ name: set.name, version: set.version, items: items.length });
  }
  return { sets: written };
}
