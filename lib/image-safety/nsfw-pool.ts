// The NSFW classifier off the web process's event loop: ~65 ms of CPU per image on the main thread (TensorFlow.js;
// ~8 ms on onnxruntime now, from the pixels the upload's normalisation made) made every stream of a busy server wait behind it (first-token p99 4.6 s at 100
// battles, bench:arena).
// Images go to worker threads, one image per thread at a time, and verdicts are kept by image hash, so the same
// picture (a preset, a re-upload) is classified once per process. Failing closed stays the caller's rule: no
// model sees an image before its scores are back, and a thread that fails rejects its image.
import crypto from "node:crypto";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { observeImageQueue, setImageQueueLength } from "../metrics";
import { runtimeRequire } from "../process/runtime-require";
import type { NsfwScores } from "./nsfw";

/** What a thread is sent: a warm-up, an image's encoded bytes, or the 224×224 pixels its upload's normalisation made
 *  (then the thread decodes nothing). */
export type NsfwThreadMessage =
  | { id: number; warm: true }
  | { id: number; bytes: Uint8Array }
  | { id: number; pixels: Uint8Array };

interface Job {
  id: number;
  /** a warm-up: load the model and build the graph, no image */
  warm?: true;
  bytes: Uint8Array;
  /** the classifier's pixels when the upload's normalisation made them (the thread then decodes nothing) */
  pixels?: Uint8Array;
  resolve: (scores: NsfwScores) => void;
  reject: (error: Error) => void;
  /** when it joined the queue (performance.now()), for the classifier's queue-wait histogram */
  queuedAt: number;
}

/** Verdicts remembered per process (5 numbers each). */
const CACHE_SIZE = 10_000;

class NsfwPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly running = new Map<Worker, Job>();
  private nextId = 0;
  readonly size: number;
  private started = 0;
  /** when each running job was handed to its thread, for the time per image */
  private readonly sentAt = new Map<Worker, number>();
  /**
   * Measured time per image on a thread (an exponential average of the last ~20), what admission estimates a new
   * upload's wait from. Until one is measured: 8 ms, bench:image-safety's p50 (inference on the pixels the
   * upload's normalisation made; 15 ms when the thread decodes the stored bytes).
   */
  msPerImage = 8;

  constructor(size: number) {
    this.size = Math.max(1, size);
  }

  classify(bytes: Uint8Array, pixels?: Uint8Array): Promise<NsfwScores> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes, pixels, resolve, reject, queuedAt: performance.now() });
      this.dispatch();
      setImageQueueLength(this.queue.length);
    });
  }

  /** Starts every thread and has each load its model: resolves when all can classify at once. */
  warm(): Promise<void> {
    const threads = Array.from({ length: this.size }, () => {
      const worker = this.started < this.size ? this.spawn() : null;
      if (!worker) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const job: Job = {
          id: this.nextId++,
          warm: true,
          bytes: new Uint8Array(0),
          resolve: () => resolve(),
          reject,
          queuedAt: performance.now(),
        };
        this.running.set(worker, job);
        worker.ref();
        worker.postMessage({ id: job.id, warm: true } satisfies NsfwThreadMessage);
      });
    });
    return Promise.all(threads).then(() => undefined);
  }

  private spawn(): Worker {
    // from the app's folder, resolved out of the bundler's sight (Turbopack would otherwise trace the entry and
    // tsx's esbuild binary into the server bundle)
    const entry = runtimeRequire.resolve("./lib/image-safety/nsfw-worker.mjs");
    const worker = new Worker(/* turbopackIgnore: true */ entry);
    this.started++;
    worker.unref();
    worker.on("message", (message: { id: number; scores?: NsfwScores; error?: string }) => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      this.idle.push(worker);
      const sent = this.sentAt.get(worker);
      this.sentAt.delete(worker);
      if (job && !job.warm && sent !== undefined && message.scores)
        this.msPerImage += (performance.now() - sent - this.msPerImage) / 20;
      if (job) {
        if (job.warm && !message.error) job.resolve({} as NsfwScores);
        else if (message.scores) job.resolve(message.scores);
        else job.reject(new Error(message.error ?? "the image classifier failed"));
      }
      this.dispatch();
    });
    let gone = false;
    // a failing thread reports an error and then its exit: it is counted out once
    const lost = (error: Error) => {
      if (gone) return;
      gone = true;
      const job = this.running.get(worker);
      this.running.delete(worker);
      this.started--;
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      job?.reject(error);
      this.dispatch();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the image classifier thread exited (${code})`)));
    return worker;
  }

  /** How long an image queued now would wait before its thread starts on it, in milliseconds. */
  estimatedWaitMs(): number {
    const busy = this.queue.length + this.running.size;
    return busy < this.size ? 0 : ((busy - this.size + 1) / this.size) * this.msPerImage;
  }

  private dispatch() {
    while (this.queue.length) {
      let worker = this.idle.pop();
      if (!worker && this.started < this.size) worker = this.spawn();
      if (!worker) return;
      const job = this.queue.shift() as Job;
      observeImageQueue(performance.now() - job.queuedAt, this.queue.length);
      this.running.set(worker, job);
      this.sentAt.set(worker, performance.now());
      worker.ref();
      const message: NsfwThreadMessage = job.pixels
        ? { id: job.id, pixels: job.pixels }
        : { id: job.id, bytes: job.bytes };
      worker.postMessage(message);
    }
    // idle threads do not keep a process (a CLI, a test) alive
    for (const worker of this.idle) worker.unref();
  }
}

// One pool per process, whichever copy of this module asks first: Next's server bundle and the front door's direct
// routes each carry one, and two pools would load the model twice. One thread per core but one, leaving a core to
// the event loop (at least one thread).
const POOL = Symbol.for("vision-arena.nsfw-pool");
const shared = globalThis as { [POOL]?: { pool: NsfwPool; cache: Map<string, Promise<NsfwScores>>; warm?: Warmth } };
type Warmth = { state: "warming" | "ready" | "failed"; done: Promise<void> };

function processPool() {
  shared[POOL] ??= { pool: new NsfwPool(os.availableParallelism() - 1), cache: new Map() };
  return shared[POOL];
}

/**
 * Loads the classifier in every thread now (the web process's start, the readiness probe), so no upload waits
 * for it; "ready" once every thread can classify. A failure is reported and tried again on the next call.
 */
export function warmNsfwPool(): Warmth {
  const at = processPool();
  if (at.warm && at.warm.state !== "failed") return at.warm;
  const warmth: Warmth = { state: "warming", done: Promise.resolve() };
  warmth.done = at.pool.warm().then(
    () => {
      warmth.state = "ready";
    },
    (error: Error) => {
      warmth.state = "failed";
      console.error(`[arena] the image classifier did not start: ${error.message}`);
    },
  );
  at.warm = warmth;
  return warmth;
}

/**
 * The classifier's scores for an image, from a worker thread; the same bytes are classified once. `pixels`, when
 * the upload's normalisation made them, spare the thread decoding the image again.
 */
export function pooledNsfwScores(bytes: Uint8Array, pixels?: Uint8Array): Promise<NsfwScores> {
  const { pool, cache } = processPool();
  const key = crypto.createHash("sha256").update(bytes).digest("hex");
  const known = cache.get(key);
  if (known) {
    // most recently used last, so the oldest is dropped first
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const scores = pool.classify(bytes, pixels);
  cache.set(key, scores);
  scores.catch(() => cache.delete(key));
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return scores;
}

/**
 * The classifier's load now: how long a new image would wait (0 when a thread is free), the measured time per
 * image, and the threads, for admission to project the wait of uploads not queued yet.
 */
export function classifierLoad(): { waitMs: number; msPerImage: number; threads: number } {
  const { pool } = processPool();
  return { waitMs: pool.estimatedWaitMs(), msPerImage: pool.msPerImage, threads: pool.size };
}
