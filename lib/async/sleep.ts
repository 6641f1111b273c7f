/**
 * Waits `ms`, or less if the signal aborts. The abort listener is removed when the wait ends: loops that wait on one
 * long-lived signal would otherwise pile up a listener per turn (Node warns past ten).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    signal?.addEventListener("abort", stop, { once: true });
  });
}
