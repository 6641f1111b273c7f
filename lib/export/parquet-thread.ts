// A Parquet file encoded on a thread of its own, from the columns of ./encoded-batch (JSON columns as their JSON
// text), and the batches' JSON Lines text put together there too: the export's thread, which reads the database and
// builds the records, is the one that bounds an export (at 1M battles it was busy throughout while this one idled
// 40 s of 62). The file is the one ParquetFile writes on the export's thread, byte for byte (parquet-thread.test.ts).
// At most two batches wait for the thread; past that, `write` waits. Each batch's lines go to `onLines` in order, and
// a batch counts as waiting until they are taken.
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { runtimeRequire } from "../process/runtime-require";
import { workerEntry } from "../ratings/worker-entry";
import type { Columns, ParquetLayout } from "./parquet-file";
import type { ParquetThreadData, ParquetThreadMessage, ParquetThreadReply } from "./parquet-worker-main";

const MAX_WAITING = 2;

/**
 * The thread's young generation (V8 splits it in three: two semi-spaces of a third each, and large objects). A
 * batch's columns live through several of the default 16 MB semi-space's collections, each copying them: at 1M
 * battles the thread made 747 such collections, 5.7 s of pauses and 4.0 s of helper threads' work; with 64 MB
 * semi-spaces 163, 1.6 s and 0.8 s (--trace-gc-nvp, same run otherwise), for ~130 MB more at most.
 */
const YOUNG_GENERATION_MB = 192;

/** The thread's entry: beside this module (tsx) or the compiled CLI, else in the app's folder (the web's bundle). */
function entry(): string {
  try {
    const beside = workerEntry(import.meta.url, "parquet-worker.mjs");
    if (fs.existsSync(beside)) return beside;
  } catch {
    // a bundle's module URL need not be a file's
  }
  return runtimeRequire.resolve("./lib/export/parquet-worker.mjs");
}

export class ParquetThread {
  private readonly worker: Worker;
  private waiting = 0;
  private failure: Error | null = null;
  /** whoever waits for the thread's next word (a reply, an error, its end) */
  private waiters: (() => void)[] = [];
  private finished: ((written: boolean) => void) | null = null;
  /** the lines handed to `onLines` so far, in order */
  private linesTaken: Promise<void> = Promise.resolve();
  private readonly onLines: ((lines: string) => Promise<void>) | null;
  /** the JSON Lines file the thread writes itself (its descriptor, closed here) */
  private linesFd: number | null = null;

  /**
   * `lines` takes each batch's JSON Lines text, or names the file the thread writes it to (none is made without
   * either). Written there, the text is neither copied back to this thread nor encoded here: at 1M battles that was
   * ~0.9 GB of text cloned between threads, then encoded again for the file.
   */
  constructor(
    file: string,
    layout: ParquetLayout,
    lines: ((lines: string) => Promise<void>) | { file: string } | null = null,
  ) {
    this.onLines = typeof lines === "function" ? lines : null;
    // opened here, so that it is closed here however the thread ends
    if (lines !== null && typeof lines === "object") this.linesFd = fs.openSync(lines.file, "w");
    try {
      this.worker = new Worker(/* turbopackIgnore: true */ entry(), {
        workerData: { file: path.resolve(file), layout, linesFd: this.linesFd } satisfies ParquetThreadData,
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
    } catch (error) {
      if (this.linesFd !== null) fs.closeSync(this.linesFd);
      throw error;
    }
    this.worker.on("message", (message: ParquetThreadReply) => {
      if ("error" in message) {
        const file = message.file === "jsonl" ? "JSON Lines" : "Parquet";
        this.failure ??= new Error(`the ${file} file could not be written: ${message.error}`);
      }
      if ("written" in message) {
        if (message.lines !== undefined && this.onLines) this.pass(message.lines, this.onLines);
        else this.waiting--;
      }
      if ("finished" in message) this.finished?.(message.finished);
      this.wake();
    });
    this.worker.on("error", (error) => {
      this.failure ??= error;
      this.wake();
    });
    this.worker.on("exit", (code) => {
      if (code !== 0) this.failure ??= new Error(`the Parquet thread exited with code ${code}`);
      this.wake();
    });
  }

  /** Sends a batch's columns; waits while MAX_WAITING batches are still being written. */
  async write(columns: Columns): Promise<void> {
    while (this.waiting >= MAX_WAITING && !this.failure) await this.next();
    if (this.failure) throw this.failure;
    this.waiting++;
    this.worker.postMessage({ columns, lines: this.onLines !== null } satisfies ParquetThreadMessage);
  }

  /** Whether a row was written (no file otherwise), once every batch's lines were taken; the thread ends. */
  async finish(): Promise<boolean> {
    try {
      while (this.waiting > 0 && !this.failure) await this.next();
      if (this.failure) throw this.failure;
      const written = new Promise<boolean>((resolve) => (this.finished = resolve));
      this.worker.postMessage({ finish: true } satisfies ParquetThreadMessage);
      while (!this.failure) {
        const done = await Promise.race([written, this.next().then(() => null)]);
        if (done !== null) return done;
      }
      throw this.failure;
    } finally {
      await this.end();
    }
  }

  /** Ends the thread without finishing the file. */
  async abort(): Promise<void> {
    await this.end();
  }

  private async end(): Promise<void> {
    await this.worker.terminate();
    if (this.linesFd !== null) fs.closeSync(this.linesFd);
    this.linesFd = null;
  }

  /** Hands a batch's lines on after those before them; the batch stops waiting once they are taken. */
  private pass(lines: string, onLines: (lines: string) => Promise<void>): void {
    this.linesTaken = this.linesTaken.then(() => onLines(lines));
    this.linesTaken.then(
      () => {
        this.waiting--;
        this.wake();
      },
      (error: Error) => {
        this.failure ??= error;
        this.wake();
      },
    );
  }

  private next(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
