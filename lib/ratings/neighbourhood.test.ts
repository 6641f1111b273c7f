// The neighbourhood board (issue 43): kernel weights and their effective votes, and the refusal below the minimum.
// The held-out check (tests/unit/neighbourhood-check.test.ts) holds its predictions.
import { describe, expect, it } from "vitest";
import { kernelNeighbourhood, neighbourhoodBoard, pairPrior } from "./neighbourhood";

describe("the neighbourhood board", () => {
  it("weighs the nearest battles most, counts Kish's effective votes, and keeps the far ones out", () => {
    const similarities = Float64Array.from([1, 0.99, 0.98, 0.5, -0.2]);
    const hood = kernelNeighbourhood(similarities, { bandwidthNeighbours: 3 });
    expect([...hood.rows]).toEqual([0, 1, 2]); // 0.5 and −0.2 are many bandwidths away
    expect(hood.weights[0]).toBe(1);
    expect(hood.weights[1]).toBeGreaterThan(hood.weights[2] as number);
    const sum = hood.weights.reduce((x, y) => x + y, 0);
    const squares = hood.weights.reduce((x, y) => x + y * y, 0);
    expect(hood.effectiveVotes).toBeCloseTo((sum * sum) / squares, 12);
    expect(hood.effectiveVotes).toBeLessThan(3);
  });

  it("says there are too few similar votes rather than fitting them", () => {
    const battles = { a: Int32Array.from([0, 1]), b: Int32Array.from([1, 0]), outcome: Float64Array.from([1, 1]) };
    const hood = kernelNeighbourhood(Float64Array.from([1, 1]));
    const board = neighbourhoodBoard(2, battles, hood, pairPrior(battles));
    expect(board.enough).toBe(false);
    expect(board.neighbourhood.effectiveVotes).toBeCloseTo(2, 9);
  });
});
