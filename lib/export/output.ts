// One exported table (battles or chats) as JSON Lines and Parquet, written a batch of records at a time.
import fs from "node:fs";
import path from "node:path";
import { ParquetFile, type ParquetLayout } from "./parquet-file";
import { ParquetThread } from "./parquet-thread";

/** Where a JSON Lines file goes instead of the folder (the research download streams it into its zip). */
export type TextSink = (fileName: string) => { write(text: string): Promise<void>; end(): Promise<void> };

export interface OutputOptions {
  formats: ("jsonl" | "parquet")[];
  sink?: TextSink;
  /** encode Parquet on a worker thread (the command-line export; the web keeps it in its own thread) */
  parquetThread?: boolean;
}

export class Output {
  private readonly jsonl: { write(text: string): Promise<void>; end(): Promise<void> } | null = null;
  private readonly parquet: ParquetFile | ParquetThread | null = null;
  constructor(
    dir: string,
    private readonly name: ParquetLayout,
    options: OutputOptions,
  ) {
    if (options.formats.includes("jsonl")) {
      this.jsonl = options.sink ? options.sink(`${name}.jsonl`) : fileSink(path.join(dir, `${name}.jsonl`));
    }
    if (options.formats.includes("parquet")) {
      const file = path.join(dir, `${name}.parquet`);
      this.parquet = options.parquetThread ? new ParquetThread(file, name) : new ParquetFile(file, name);
    }
  }

  async write(records: Record<string, unknown>[]): Promise<void> {
    if (records.length === 0) return;
    const parquet = this.parquet;
    if (parquet instanceof ParquetFile) parquet.write(records);
    if (!this.jsonl && !(parquet instanceof ParquetThread)) return;
    // the same text goes to the JSON Lines file and to the Parquet worker
    const lines = `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
    await Promise.all([this.jsonl?.write(lines), parquet instanceof ParquetThread ? parquet.write(lines) : null]);
  }

  /** The files written. */
  async close(): Promise<string[]> {
    const files: string[] = [];
    if (this.jsonl) {
      await this.jsonl.end();
      files.push(`${this.name}.jsonl`);
    }
    if (this.parquet && (await this.parquet.finish())) files.push(`${this.name}.parquet`);
    return files;
  }

  /** Stops a Parquet worker after a failed export (its file stays unfinished). */
  async abandon(): Promise<void> {
    if (this.parquet instanceof ParquetThread) await this.parquet.abandon();
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
