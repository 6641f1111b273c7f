// How many calls each provider gets at once, and when it must wait: a counting gate per provider that a 429 with
// Retry-After closes for everyone until the time has passed.
export class ProviderGates {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();
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
      await new Promise<void>((resolve) => this.waiting.set(key, [...(this.waiting.get(key) ?? []), resolve]));
    }
  }

  private release(key: string): void {
    this.active.set(key, (this.active.get(key) ?? 1) - 1);
    const queue = this.waiting.get(key) ?? [];
    queue.shift()?.();
  }
}
