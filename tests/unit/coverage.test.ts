import { describe, expect, it } from "vitest";
import { COVERAGE_SETTINGS, simulateCoverage } from "../support/ratings/coverage";
import published from "../support/ratings/coverage-table.json";

describe("interval coverage (the table in docs/statistics.md)", () => {
  it("holds every method's published coverage within 1.5 points on the fixed simulation", async () => {
    // the published table's own simulation (same seed and replicates), on three of its sizes to keep the run short
    const votesPerModel = [10, 100, 1000];
    const cells = await simulateCoverage({ ...COVERAGE_SETTINGS, votesPerModel });
    const table = published.cells.filter((c) => votesPerModel.includes(c.votesPerModel));
    expect(cells).toHaveLength(table.length);
    for (const expected of table) {
      const got = cells.find(
        (c) =>
          c.design === expected.design && c.votesPerModel === expected.votesPerModel && c.method === expected.method,
      );
      expect(got?.coverage, `${expected.design} ${expected.votesPerModel} ${expected.method}`).toBeGreaterThanOrEqual(
        expected.coverage - 1.5,
      );
    }
    // the measured reasons for the defaults: sandwich reaches 95% from 30 votes per model, nothing reaches 93% at 10
    const at = (design: string, votes: number, method: string) =>
      published.cells.find((c) => c.design === design && c.votesPerModel === votes && c.method === method)?.coverage ??
      0;
    for (const design of ["balanced", "skewed"]) {
      expect(at(design, 30, "sandwich+reweighted")).toBeGreaterThanOrEqual(93);
      expect(
        Math.max(
          ...published.cells.filter((c) => c.design === design && c.votesPerModel === 10).map((c) => c.coverage),
        ),
      ).toBeLessThan(93.5);
    }
  }, 120_000);
});
