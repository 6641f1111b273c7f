// The one job runner: the jobs process (scripts/jobs.ts) starts it, registers every feature's handlers and
// schedules, and stops it on a signal. Payloads are checked against their queue's schema before a handler sees them.
import type PgBoss from "pg-boss";
import { sleep } from "../async/sleep";
import type { Db } from "../db/context";
import { ensureQueue, newBoss } from "./connection";
import { shareAsSender } from "./enqueue";
import type { Job, JobContext, JobHandler, JobHandlers, Log, Schedule } from "./handlers";
import { QUEUES, type QueueName } from "./queues";

export interface RunnerOptions {
  db: Db;
  log?: Log;
  /** per-queue changes to the table's options (tests shorten retry delays) */
  overrides?: Partial<Record<QueueName, Partial<PgBoss.Queue>>>;
}

export class JobRunner {
  private readonly controller = new AbortController();
  private readonly loops: Promise<void>[] = [];

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: RunnerOptions,
    private readonly unshare: () => void,
  ) {}

  static async start(url: string, options: RunnerOptions): Promise<JobRunner> {
    const boss = newBoss(url, "runner");
    await boss.start();
    return new JobRunner(boss, options, shareAsSender(url, boss));
  }

  get context(): JobContext {
    return { db: this.options.db, log: this.options.log ?? (() => {}), signal: this.controller.signal };
  }

  /** Starts a worker for each queue the handlers name. */
  async handle(handlers: JobHandlers): Promise<void> {
    for (const queue of Object.keys(handlers) as QueueName[]) {
      await this.work(queue, handlers[queue] as JobHandler<typeof queue>);
    }
  }

  private async work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): Promise<void> {
    await ensureQueue(this.boss, queue, this.options.overrides?.[queue]);
    const definition = QUEUES[queue];
    await this.boss.work<unknown>(queue, definition.fetch, async (jobs) => {
      const valid: Job<Q>[] = [];
      for (const job of jobs) {
        const parsed = definition.payload.safeParse(job.data);
        if (parsed.success) valid.push({ id: job.id, data: parsed.data as Job<Q>["data"] });
        else {
          this.context.log(`${queue}: job ${job.id} has a payload its queue does not take; failed`);
          await this.boss.fail(queue, job.id, { message: `invalid payload: ${parsed.error.issues[0]?.message}` });
        }
      }
      if (valid.length === 0) return;
      await handler(valid, {
        ...this.context,
        fail: async (job, message) => {
          await this.boss.fail(queue, job.id, { message });
        },
      });
    });
  }

  /** Runs the schedule until the runner stops. */
  every(schedule: Schedule): void {
    const { signal } = this.controller;
    this.loops.push(
      (async () => {
        while (!signal.aborted) {
          try {
            await schedule.run(this.context);
          } catch (error) {
            this.context.log(`${schedule.name}: failed, will retry: ${error instanceof Error ? error.message : error}`);
          }
          await sleep(schedule.everyMs, signal);
        }
      })(),
    );
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  private stopping: Promise<void> | undefined;

  /** Stops the schedules and the workers; work in flight gets `timeoutMs` to finish. Asked twice, it stops once. */
  stop(timeoutMs = 5000): Promise<void> {
    this.stopping ??= (async () => {
      this.controller.abort();
      this.unshare();
      await Promise.all(this.loops);
      await this.boss.stop({ graceful: timeoutMs > 0, timeout: Math.max(timeoutMs, 1000) });
    })();
    return this.stopping;
  }

  /** Resolves when the runner is asked to stop and its schedules have ended. */
  async stopped(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.controller.signal.aborted ? resolve() : this.controller.signal.addEventListener("abort", () => resolve()),
    );
    await Promise.all(this.loops);
  }
}
