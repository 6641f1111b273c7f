import { describe, expect, it } from "vitest";
import { ProviderGates } from "./provider-gates";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("ProviderGates", () => {
  it("lets at most `limit` calls of one provider run at once, and other providers alongside", async () => {
    const gates = new ProviderGates(2);
    let peak = 0;
    let otherPeak = 0;
    const work = (key: string) =>
      gates.run(key, async () => {
        if (key === "a") peak = Math.max(peak, gates.inFlight("a"));
        else otherPeak = Math.max(otherPeak, gates.inFlight("b"));
        await tick(5);
      });
    await Promise.all([...Array.from({ length: 8 }, () => work("a")), ...Array.from({ length: 3 }, () => work("b"))]);
    expect(peak).toBe(2);
    expect(otherPeak).toBe(2);
    expect(gates.inFlight("a")).toBe(0);
  });

  it("holds new calls of a paused provider until the pause ends", async () => {
    const gates = new ProviderGates(4);
    gates.pause("a", 60);
    const started = Date.now();
    let ranAt = 0;
    await Promise.all([
      gates.run("a", async () => {
        ranAt = Date.now();
      }),
      gates.run("b", async () => undefined),
    ]);
    expect(ranAt - started).toBeGreaterThanOrEqual(55);
  });

  it("releases the slot when the work throws", async () => {
    const gates = new ProviderGates(1);
    await expect(gates.run("a", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gates.run("a", async () => "next")).toBe("next");
  });
});
