import { describe, expect, it } from "vitest";
import { sleep } from "./sleep";

describe("sleep", () => {
  it("ends early on abort and leaves no listener behind", async () => {
    const controller = new AbortController();
    let listeners = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners++;
      return add(...args);
    }) as typeof add;
    controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listeners--;
      return remove(...args);
    }) as typeof remove;
    for (let i = 0; i < 20; i++) await sleep(1, controller.signal);
    expect(listeners).toBe(0);
    const started = Date.now();
    const waiting = sleep(10_000, controller.signal);
    controller.abort();
    await waiting;
    // a 10 s sleep that ends on abort; 5 s leaves a loaded machine room
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
