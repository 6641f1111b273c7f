import { describe, expect, it } from "vitest";
import { createRandom } from "../../numeric";
import { boardTruth, makeArena, runArena, TYPE_RATES } from "./simulate";

describe("the pairing simulation", () => {
  it("places a newcomer in an established arena in far fewer votes under `adaptive` than under `uniform`", () => {
    const arena = makeArena(12, createRandom(3, 12));
    const warm = 600 * 11;
    const votesFor = (policy: "uniform" | "adaptive") =>
      runArena(arena, { policy, seed: 3, maxVotes: warm + 50_000, arrivesAt: { model: 6, votes: warm } }).goals
        .newModelListed as number;
    const uniform = votesFor("uniform");
    const adaptive = votesFor("adaptive");
    expect(uniform).toBeGreaterThan(0);
    expect(adaptive).toBeLessThan(uniform / 2);
  });

  it("the board's truth (ties as half, pairs alike) keeps the true order and is centred", () => {
    const arena = makeArena(6, createRandom(1, 6));
    const truth = boardTruth(arena);
    const order = (xs: number[]) =>
      xs
        .map((x, i) => [x, i] as const)
        .sort((a, b) => b[0] - a[0])
        .map(([, i]) => i);
    // the order of the strengths with each model's type effects at the visitors' rates
    const overall = arena.theta.map(
      (t, m) => t + TYPE_RATES.reduce((s, r, k) => s + r * (arena.typeEffect[m]?.[k] as number), 0),
    );
    expect(order(truth)).toEqual(order(overall));
    expect(Math.abs(truth.reduce((s, t) => s + t, 0))).toBeLessThan(1e-9);
  });
});
