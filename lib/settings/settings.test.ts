import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { SETTINGS } from "./settings";

describe("the console's settings", () => {
  it("fall back to the environment: the composite weights to null (each benchmark's own) when none are named", () => {
    expect(SETTINGS["board.compositeWeights"].fromEnv(parseConfig({}))).toBeNull();
    expect(
      SETTINGS["board.compositeWeights"].fromEnv(parseConfig({ ARENA_COMPOSITE_WEIGHTS: "human=2,mathvista=0.5" })),
    ).toEqual({ human: 2, benchmarks: { mathvista: 0.5 } });
    expect(SETTINGS["arena.pairing"].fromEnv(parseConfig({}))).toEqual({ policy: "uniform", exploration: 0.2 });
  });

  it("check what an admin stores", () => {
    const weights = SETTINGS["board.compositeWeights"].schema;
    expect(weights.safeParse({ human: 1, benchmarks: { "chart-qa": 0.3 } }).success).toBe(true);
    expect(weights.safeParse({ human: 1, benchmarks: { "Chart QA": 0.3 } }).success).toBe(false);
    expect(weights.safeParse({ human: 101, benchmarks: {} }).success).toBe(false);
    expect(weights.safeParse({ human: 1, benchmarks: {}, extra: 1 }).success).toBe(false);
    expect(SETTINGS["arena.pairing"].schema.safeParse({ policy: "adaptive", exploration: 0.01 }).success).toBe(false);
    expect(SETTINGS["votes.dailyCountedCap"].schema.safeParse(0).success).toBe(false);
  });
});
