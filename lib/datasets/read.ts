import fs from "node:fs";
import type { BattleTable } from "../ratings/battle-table";
import { BattleTableBuilder } from "../ratings/battle-table";
import { normaliseBattle, RowError } from "./normalise";
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
}

export interface SkippedRow {
  position: number;
  reason: string;
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

/** Reads a battle file (FastChat clean-battle JSON, JSON Lines, CSV or Parquet; .gz for the text formats). */
export async function readBattles(file: string, options: ReadOptions = {}): Promise<ReadResult> {
  const detected = detectFormat(file);
  const gzip = detected.gzip;
  let format = detected.format;
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new DatasetError(`${file} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    throw new DatasetError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
    );
  }
  const builder = new BattleTableBuilder();
  const skippedExamples: SkippedRow[] = [];
  let skipped = 0;
  let bytes = 0;
  const onBytes = (n: number) => {
    bytes += n;
    options.onProgress?.(Math.min(bytes, size), size);
  };
  try {
    if (format === "json" && (await sniffJsonLines(file, gzip))) format = "jsonl";
    for await (const record of records(file, format, gzip, onBytes)) {
      let reason = record.error;
      if (reason === undefined) {
        try {
          builder.add(normaliseBattle(record.value));
          continue;
        } catch (error) {
          if (!(error instanceof RowError)) throw error;
          reason = error.message;
        }
      }
      if (options.strict) throw new DatasetError(`${file}, ${unitOf(format)} ${record.position}: ${reason}`);
      skipped++;
      if (skippedExamples.length < 20) skippedExamples.push({ position: record.position, reason });
    }
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR") throw new DatasetError(`${file} is not valid gzip data`);
    throw error;
  }
  return { table: builder.build(), format, rows: builder.size, skipped, skippedExamples };
}

export { DatasetError, detectFormat, type Format } from "./sources";
