// One exported table (battles or chats) as JSON Lines and Parquet, written a batch of records at a time.
import fs from "node:fs";
import path from "node:path";
import { ParquetFile, type ParquetLayout } from "./parquet-file";

/** Where a JSON Lines file goes instead of the folder (the research download streams it into its zip). */
export type TextSink = (fileName: string) => { write(text: string): Promise<void>; end(): Promise<void> };

export interface OutputOptions {
  formats: ("jsonl" | "parquet")[];
  sink?: TextSink;
}

export class Output {
  private readonly jsonl: { write(text: string): Promise<void>; end(): Promise<void> } | null = null;
  private readonly parquet: ParquetFile | null = null;
  constructor(
    dir: string,
    private readonly name: ParquetLayout,
    options: OutputOptions,
  ) {
    if (options.formats.includes("jsonl")) {
      this.jsonl = options.sink ? options.sink(`${name}.jsonl`) : fileSink(path.join(dir, `${name}.jsonl`));
    }
    if (options.formats.includes("parquet")) {
      // encoded in this thread: on a worker of its own (the batch's JSON Lines handed over) the export of 1M battles
      // took 144 s against 99 s here, two cores being shared with PostgreSQL and the records' building
      this.parquet = new ParquetFile(path.join(dir, `${name}.parquet`), name);
    }
  }

  async write(records: Record<string, unknown>[]): Promise<void> {
    if (records.length === 0) return;
    this.parquet?.write(records);
    if (this.jsonl) await this.jsonl.write(`${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
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
