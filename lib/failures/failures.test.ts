import { describe, expect, it } from "vitest";
import { type FailureCaseView, failureGrid } from "./cases";

const failure = (id: string, status: FailureCaseView["status"], verdicts: [string, boolean][]): FailureCaseView => ({
  id,
  conversationId: `c-${id}`,
  status,
  note: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: new Date(0),
  prompt: `prompt ${id}`,
  images: [],
  models: { a: "alpha", b: "beta" },
  ranks: { a: 1, b: 2 },
  verdicts: verdicts.map(([modelId, solved]) => ({ modelId, solved, source: "vote", answer: null })),
});

describe("the failure grid (VisionArena Table 6)", () => {
  it("marks each accepted case O or X per model, blank without a verdict, and names who failed them all", () => {
    const grid = failureGrid([
      failure("1", "accepted", [
        ["beta", false],
        ["alpha", false],
      ]),
      failure("2", "accepted", [
        ["alpha", true],
        ["gamma", false],
      ]),
      failure("3", "candidate", [["delta", true]]),
    ]);
    expect(grid.models).toEqual(["alpha", "beta", "gamma"]);
    expect(grid.rows.map((r) => r.marks)).toEqual([
      ["X", "X", null],
      ["O", null, "X"],
    ]);
    expect(grid.failedAll).toEqual(["beta", "gamma"]);
  });
});
