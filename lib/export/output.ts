// One exported table (battles or chats) as JSON Lines and Parquet, written a batch of records at a time.
import fs from "node:fs";
import path from "node:path";
import { columnsOf, linesOf } from "./encoded-batch";
import { ParquetFile, type ParquetLayout } from "./parquet-file";
import { ParquetThread } from "./parquet-thread";

/** Where a JSON Lines file goes instead of the folder (the research download streams it into its zip). */
export type TextSink = (fileName: string) => { write(text: string): Promise<void>; end(): Promise<void> };

export interface OutputOptions {
  formats: ("jsonl" | "parquet")[];
  sink?: TextSink;
  /** the Parquet file encoded on a thread of its own (a large export: the thread's start is worth it) */
  parquetThread?: boolean;
}

export class Output {
  private readonly jsonl: { write(text: string): Promise<void>; end(): Promise<void> } | null = null;
  /** the JSON Lines file, written by the Parquet thread */
  private readonly jsonlByThread: boolean = false;
  private readonly parquet: ParquetFile | null = null;
  private readonly parquetThread: ParquetThread | null = null;
  constructor(
    dir: string,
    private readonly name: ParquetLayout,
    options: OutputOptions,
  ) {
    const jsonlFile = path.join(dir, `${name}.jsonl`);
    const jsonl = options.formats.includes("jsonl");
    // a file beside the Parquet file is written by its thread, where the text is made
    this.jsonlByThread = jsonl && !options.sink && options.formats.includes("parquet") && !!options.parquetThread;
    if (jsonl && !this.jsonlByThread) this.jsonl = options.sink ? options.sink(`${name}.jsonl`) : fileSink(jsonlFile);
    if (options.formats.includes("parquet")) {
      // on a thread of its own the export of 1M battles took 57.7 s against 70.4–74.9 on the export's thread (the
      // same bytes). Before the export read its battles through sorted queries (./snapshot-batches) PostgreSQL
      // kept the second core busy, and a thread lost: 144 s against 99
      const file = path.join(dir, `${name}.parquet`);
      // the thread also puts the JSON Lines text together: written to its file there, or handed back to the sink
      const sink = this.jsonl;
      if (options.parquetThread) {
        const lines = this.jsonlByThread ? { file: jsonlFile } : sink ? (text: string) => sink.write(text) : null;
        this.parquetThread = new ParquetThread(file, name, lines);
      } else this.parquet = new ParquetFile(file, name);
    }
  }

  async write(records: Record<string, unknown>[]): Promise<void> {
    if (records.length === 0) return;
    const columns = columnsOf(records, this.name);
    if (this.parquetThread) return this.parquetThread.write(columns);
    this.parquet?.write(columns);
    await this.jsonl?.write(linesOf(columns, this.name));
  }

  /** Stops writing after a failure: the Parquet thread ends (what was written stays, incomplete). */
  async abort(): Promise<void> {
    await this.parquetThread?.abort();
  }

  /** The files written. */
  async close(): Promise<string[]> {
    const files: string[] = [];
    // the Parquet thread first: the last batches' lines come from it
    const parquet = this.parquetThread ?? this.parquet;
    const parquetWritten = parquet ? await parquet.finish() : false;
    if (this.jsonl) await this.jsonl.end();
    if (this.jsonl || this.jsonlByThread) files.push(`${this.name}.jsonl`);
    if (parquetWritten) files.push(`${this.name}.parquet`);
    return files;
  }
}

function fileSink(file: string) {
  const stream = fs.createWriteStream(file);
  return {
    write: async (text: string) => {
      if (!stream.write(text)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
    },
    end: () => new Promise<void>((resolve) => stream.end(() => resolve())),
  };
}
