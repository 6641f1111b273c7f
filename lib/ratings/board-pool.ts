// Whole boards on worker threads, one board per thread at a time, over one table in shared memory. A recompute fits
// some thirty boards of very different sizes: run whole, largest first, they keep every core busy from the first
// point fit to the last bootstrap round, where splitting each board's rounds left the cores idle during point fits,
// small boards and thread start-ups.
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { BattleTable } from "./battle-table";
import { ratingsError } from "./errors";
import type { Leaderboard, LeaderboardOptions } from "./leaderboard";
import { workerEntry } from "./worker-entry";

export class BoardError extends ratingsError("internal", "rating_worker_failed") {}

interface Pending {
  resolve: (board: Leaderboard) => void;
  reject: (error: Error) => void;
}

export class BoardPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { id: number; rows: Uint32Array; options: LeaderboardOptions }[] = [];
  private readonly pending = new Map<number, Pending>();
  /** each busy thread's board and when it was handed over */
  private readonly busy = new Map<Worker, { id: number; style: boolean; since: number }>();
  /** seconds the threads spent on plain and on style-controlled boards */
  readonly threadSeconds = { plainBoards: 0, styleBoards: 0 };
  private nextId = 0;
  private failure: Error | null = null;

  /** `size` threads (default one per core). They start at once (about a second, loading the rating code), so a
   *  pool made before the battles are read is ready when they are. */
  constructor(size = os.availableParallelism()) {
    // a path built at run time, so that bundlers leave the worker (and the loader it registers) alone
    const entry = workerEntry(import.meta.url, "board-worker.mjs");
    for (let w = 0; w < Math.max(1, size); w++) {
      const worker = new Worker(/* turbopackIgnore: true */ entry);
      worker.on("message", (message: { id: number; board?: Leaderboard; error?: string }) => {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        const job = this.busy.get(worker);
        if (job)
          this.threadSeconds[job.style ? "styleBoards" : "plainBoards"] += (performance.now() - job.since) / 1000;
        this.busy.delete(worker);
        this.idle.push(worker);
        if (message.error !== undefined) waiting?.reject(new BoardError(message.error));
        else waiting?.resolve(message.board as Leaderboard);
        this.dispatch();
      });
      worker.on("error", (error) => this.fail(error));
      worker.on("exit", (code) => {
        if (code !== 0) this.fail(new Error(`board worker exited with code ${code}`));
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /** The table the next boards are of: its columns are moved to shared memory once and shared with every thread. */
  shareTable(table: BattleTable): void {
    const shared = table.shared();
    for (const worker of this.workers) worker.postMessage({ table: shared });
  }

  /** The board of `rows` of the table in use, fitted on the next free thread; boards are started in the order they
   *  are asked for. */
  compute(rows: Uint32Array, options: LeaderboardOptions): Promise<Leaderboard> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const { onProgress: _onProgress, ...sendable } = options;
    const result = new Promise<Leaderboard>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.queue.push({ id, rows, options: sendable });
    this.dispatch();
    return result;
  }

  private dispatch() {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.pop() as Worker;
      const job = this.queue.shift() as (typeof this.queue)[number];
      this.busy.set(worker, { id: job.id, style: Boolean(job.options.styleControl), since: performance.now() });
      worker.postMessage(job);
    }
  }

  /** A thread that died fails what it was fitting and everything still waiting. */
  private fail(error: Error) {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.queue.length = 0;
  }

  async close(): Promise<void> {
    this.failure ??= new Error("the board pool is closed");
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
