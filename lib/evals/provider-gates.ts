// How many calls each provider gets at once, and when it must wait: a counting gate per provider that a 429 with
// Retry-After closes for everyone until the time has passed.
import { config } from "../config";

/** A first-in first-out queue with O(1) push and shift: thousands of items wait at a gate at once. */
class Waiters {
  private items: (() => void)[] = [];
  private head = 0;
  push(item: () => void) {
    this.items.push(item);
  }
  shift(): (() => void) | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

export class ProviderGates {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, Waiters>();
  private readonly pausedUntil = new Map<string, number>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error("the concurrency per provider must be ≥ 1");
  }

  /** Runs `work` when the provider has a free slot and is not paused. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(key);
    try {
      return await work();
    } finally {
      this.release(key);
    }
  }

  /** No new call to `key` starts for `ms` (calls already running finish). */
  pause(key: string, ms: number): void {
    const until = Date.now() + Math.max(0, ms);
    if (until > (this.pausedUntil.get(key) ?? 0)) this.pausedUntil.set(key, until);
  }

  inFlight(key: string): number {
    return this.active.get(key) ?? 0;
  }

  private async acquire(key: string): Promise<void> {
    for (;;) {
      const wait = (this.pausedUntil.get(key) ?? 0) - Date.now();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      if ((this.active.get(key) ?? 0) < this.limit) {
        this.active.set(key, (this.active.get(key) ?? 0) + 1);
        return;
      }
      let queue = this.waiting.get(key);
      if (!queue) {
        queue = new Waiters();
        this.waiting.set(key, queue);
      }
      const waiters = queue;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  private release(key: string): void {
    this.active.set(key, (this.active.get(key) ?? 1) - 1);
    this.waiting.get(key)?.shift()?.();
  }
}

/** The gates a run or a judging uses: the caller's, else new ones at the asked or configured concurrency. */
export function gatesFrom(options: { gates?: ProviderGates; concurrency?: number }): ProviderGates {
  return options.gates ?? new ProviderGates(options.concurrency ?? config().ARENA_EVAL_CONCURRENCY);
}
