// A Parquet file encoded on a thread of its own, from the columns of ./encoded-batch (JSON columns as their JSON
// text): encoding is a third of an export's own CPU (dictionaries, snappy), and the export's thread is the one that
// reads the database and builds the records. The file is the one ParquetFile writes on the export's thread, byte for
// byte (parquet-thread.test.ts). At most two batches wait for the thread; past that, `write` waits.
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { runtimeRequire } from "../image-safety/runtime-require";
import { workerEntry } from "../ratings/worker-entry";
import type { ParquetLayout } from "./parquet-file";
import type { ParquetThreadMessage, ParquetThreadReply } from "./parquet-worker-main";

const MAX_WAITING = 2;

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

  constructor(file: string, layout: ParquetLayout) {
    this.worker = new Worker(/* turbopackIgnore: true */ entry(), { workerData: { file: path.resolve(file), layout } });
    this.worker.on("message", (message: ParquetThreadReply) => {
      if ("error" in message) this.failure ??= new Error(`the Parquet file could not be written: ${message.error}`);
      if ("written" in message) this.waiting--;
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
  async write(columns: unknown[][]): Promise<void> {
    while (this.waiting >= MAX_WAITING && !this.failure) await this.next();
    if (this.failure) throw this.failure;
    this.waiting++;
    this.worker.postMessage({ columns } satisfies ParquetThreadMessage);
  }

  /** Whether a row was written (no file otherwise); the thread ends. */
  async finish(): Promise<boolean> {
    try {
      const written = new Promise<boolean>((resolve) => (this.finished = resolve));
      this.worker.postMessage({ finish: true } satisfies ParquetThreadMessage);
      while (!this.failure) {
        const done = await Promise.race([written, this.next().then(() => null)]);
        if (done !== null) return done;
      }
      throw this.failure;
    } finally {
      await this.worker.terminate();
    }
  }

  /** Ends the thread without finishing the file. */
  async abort(): Promise<void> {
    await this.worker.terminate();
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
