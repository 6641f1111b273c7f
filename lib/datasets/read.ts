import fs from "node:fs";
import type { BattleTable } from "../ratings/battle-table";
import { BattleTableBuilder } from "../ratings/battle-table";
import { readJsonLinesInParts, worthParallel } from "./parallel-read";
import { addRecords, Skipped, type SkippedRow } from "./records";
import {
  csvRows,
  DatasetError,
  detectFormat,
  type Format,
  jsonArray,
  jsonLines,
  openText,
  parquetRows,
  type RawRecord,
} from "./sources";

export interface ReadOptions {
  /** fail on the first malformed battle instead of skipping and counting it */
  strict?: boolean;
  /** called as the file is read, with bytes read so far (of the file on disk) and its size */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
  /**
   * read a large plain JSON Lines file in parts on worker threads (one per core, at most 4), each part parsed and
   * normalised where it is read; the table is the one a single reader builds (./parallel-read)
   */
  parallel?: boolean;
}

export interface ReadResult {
  table: BattleTable;
  format: Format;
  /** battles read */
  rows: number;
  skipped: number;
  /** the first malformed rows, with where they are */
  skippedExamples: SkippedRow[];
}

const unitOf = (format: Format) => (format === "json" ? "element" : format === "parquet" ? "row" : "line");

function records(file: string, format: Format, gzip: boolean, onBytes: (n: number) => void): AsyncGenerator<RawRecord> {
  if (format === "parquet") return parquetRows(file, onBytes);
  const stream = openText(file, gzip, onBytes);
  if (format === "jsonl") return jsonLines(stream);
  if (format === "csv") return csvRows(stream);
  return jsonArray(stream);
}

/** A .json file whose first character is `{` holds JSON Lines, as many arena dumps do. */
async function sniffJsonLines(file: string, gzip: boolean): Promise<boolean> {
  const stream = openText(file, gzip);
  for await (const chunk of stream as AsyncIterable<string>) {
    const first = chunk.search(/\S/);
    if (first === -1) continue;
    stream.destroy();
    return chunk[first] === "{";
  }
  return false;
}

/** A file's size, or a DatasetError saying why it cannot be read. */
function sizeOf(file: string): number {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new DatasetError(`${file} is not a file`);
    return stat.size;
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    throw new DatasetError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
    );
  }
}

/** Reads a battle file (FastChat clean-battle JSON, JSON Lines, CSV or Parquet; .gz for the text formats). */
export async function readBattles(file: string, options: ReadOptions = {}): Promise<ReadResult> {
  const detected = detectFormat(file);
  const gzip = detected.gzip;
  let format = detected.format;
  const size = sizeOf(file);
  const strict = (row: SkippedRow): never => {
    throw new DatasetError(`${file}, ${unitOf(format)} ${row.position}: ${row.reason}`);
  };
  let bytes = 0;
  const onBytes = (n: number) => {
    bytes += n;
    options.onProgress?.(Math.min(bytes, size), size);
  };
  try {
    if (format === "json" && (await sniffJsonLines(file, gzip))) format = "jsonl";
    if (options.parallel && format === "jsonl" && !gzip && worthParallel(size)) {
      const read = await readJsonLinesInParts(file, size, onBytes);
      if (options.strict && read.skipped.examples[0]) strict(read.skipped.examples[0]);
      return result(read.table, format, read.skipped);
    }
    const builder = new BattleTableBuilder();
    const skipped = new Skipped();
    await addRecords(records(file, format, gzip, onBytes), builder, skipped, options.strict ? strict : undefined);
    return result(builder.build(), format, skipped);
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR") throw new DatasetError(`${file} is not valid gzip data`);
    throw error;
  }
}

const result = (table: BattleTable, format: Format, skipped: Skipped): ReadResult => ({
  table,
  format,
  rows: table.size,
  skipped: skipped.count,
  skippedExamples: skipped.examples,
});

export type { SkippedRow } from "./records";
export { DatasetError, detectFormat, type Format } from "./sources";
