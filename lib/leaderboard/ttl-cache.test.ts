import { afterEach, describe, expect, it } from "vitest";
import { cached, cacheMs, clearCache } from "./ttl-cache";

afterEach(() => {
  clearCache();
  delete process.env.ARENA_LEADERBOARD_CACHE_MS;
});

describe("the leaderboard read cache", () => {
  it("shares one load among concurrent readers and keeps the value for the TTL", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cached("k", load), cached("k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cached("k", load)).toBe(1);
  });

  it("reloads after the TTL, never keeps a failure, and is off at 0", async () => {
    process.env.ARENA_LEADERBOARD_CACHE_MS = "20";
    let loads = 0;
    await cached("k", async () => ++loads);
    await new Promise((r) => setTimeout(r, 30));
    expect(await cached("k", async () => ++loads)).toBe(2);
    await expect(cached("bad", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cached("bad", async () => "up")).toBe("up");
    process.env.ARENA_LEADERBOARD_CACHE_MS = "0";
    expect(cacheMs()).toBe(0);
    expect(await cached("k", async () => ++loads)).toBe(3);
  });
});
