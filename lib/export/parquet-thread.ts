// A Parquet file encoded on a worker thread of its own: the export's main thread reads batches and builds records
// while the worker encodes the previous ones (hyparquet-writer's encoding was a third of the export's Node CPU).
// At most WAITING batches wait for the worker, so memory stays flat when it falls behind.
import { Worker } from "node:worker_threads";
import { workerEntry } from "../ratings/worker-entry";
import type { ParquetLayout } from "./parquet-file";

const WAITING = 2;

export class ParquetThread {
  private readonly worker: Worker;
  private readonly replies: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
  private readonly written: Promise<unknown>[] = [];
  private failure: Error | null = null;

  constructor(file: string, layout: ParquetLayout) {
    // a path built at run time, so that bundlers leave the worker (and the loader it registers) alone
    const entry = workerEntry(import.meta.url, "parquet-worker.mjs");
    this.worker = new Worker(/* turbopackIgnore: true */ entry, { workerData: { file, layout } });
    this.worker.on("message", (message: { error?: string }) => {
      const reply = this.replies.shift();
      if (message.error !== undefined) reply?.reject(new Error(`parquet: ${message.error}`));
      else reply?.resolve(message);
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => {
      if (code !== 0) this.fail(new Error(`the parquet worker exited with code ${code}`));
    });
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const reply of this.replies.splice(0)) reply.reject(error);
  }

  private ask(message: unknown): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const reply = new Promise<unknown>((resolve, reject) => this.replies.push({ resolve, reject }));
    this.worker.postMessage(message);
    return reply;
  }

  /** Hands over a batch's JSON Lines; waits only while WAITING batches are already queued. */
  async write(lines: string): Promise<void> {
    const written = this.ask({ lines });
    written.catch(() => {});
    this.written.push(written);
    while (this.written.length > WAITING) await this.written.shift();
  }

  /** Waits for every batch, closes the file; whether a row was written. */
  async finish(): Promise<boolean> {
    try {
      await Promise.all(this.written.splice(0));
      const { finished } = (await this.ask({ finish: true })) as { finished: boolean };
      return finished;
    } finally {
      await this.worker.terminate();
    }
  }

  /** Stops the worker without finishing the file (the export failed). */
  async abandon(): Promise<void> {
    await this.worker.terminate();
  }
}
