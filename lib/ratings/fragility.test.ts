import { CholeskyDecomposition, Matrix } from "ml-matrix";
import { describe, expect, it } from "vitest";
import { createRandom } from "../numeric";
import { BattleTable } from "./battle-table";
import { boardFragility } from "./fragility";
import { computeLeaderboard } from "./leaderboard";
import { derivatives, type FitSettings, fitPairwise, type PairwiseData } from "./pairwise-fit";
import type { Battle } from "./types";

const battles = (a: string, b: string, winsA: number, winsB: number, ties = 0): Battle[] => [
  ...Array.from({ length: winsA }, () => ({ modelA: a, modelB: b, winner: "model_a" as const })),
  ...Array.from({ length: winsB }, () => ({ modelA: a, modelB: b, winner: "model_b" as const })),
  ...Array.from({ length: ties }, () => ({ modelA: a, modelB: b, winner: "tie" as const })),
];

async function board(list: Battle[], options = {}) {
  const table = BattleTable.from(list);
  return computeLeaderboard(table, table.allRows(), { ci: "sandwich", fragility: true, ...options });
}

describe("fragility (AMIP, confirmed by refit)", () => {
  it("finds the planted near-tie: two of A's wins over B put them level", async () => {
    // A and B met 20 times (11–9) and each beat C as often: removing two of A's wins over B levels them
    const lb = await board([...battles("A", "B", 11, 9), ...battles("A", "C", 30, 10), ...battles("B", "C", 30, 10)]);
    const [first, second, third] = lb.models;
    expect(first?.model).toBe("A");
    expect(first?.fragility).toMatchObject({ votes: 2, with: "B" });
    // a wide gap takes many more votes to close
    expect(second?.model).toBe("B");
    expect(second?.fragility?.with).toBe("C");
    expect(second?.fragility?.votes as number).toBeGreaterThan(10);
    // the last has nobody below it
    expect(third?.fragility).toBeNull();
  });

  it("is confirmed by refitting without the votes it names, and not with one fewer", async () => {
    const list = [...battles("A", "B", 60, 45, 10), ...battles("A", "C", 40, 30), ...battles("B", "C", 40, 28)];
    const lb = await board(list);
    const top = lb.models[0];
    const votes = top?.fragility?.votes as number;
    expect(votes).toBeGreaterThan(0);
    expect(top?.fragility?.approximate).not.toBeNull();
    // the most gap-closing battles are A's wins over B: removing `votes` of them swaps the order, one fewer does not
    const refit = async (removed: number) => {
      const kept = [
        ...battles("A", "B", 60 - removed, 45, 10),
        ...battles("A", "C", 40, 30),
        ...battles("B", "C", 40, 28),
      ];
      const again = await board(kept, { fragility: false });
      const rating = (m: string) => again.models.find((x) => x.model === m)?.rating as number;
      return rating("A") - rating("B");
    };
    expect(await refit(votes)).toBeLessThanOrEqual(1e-9);
    expect(await refit(votes - 1)).toBeGreaterThan(0);
  });

  it("leaves unranked models out: a model under the vote minimum has no rank, no spread and no fragility", async () => {
    const lb = await board([...battles("A", "B", 30, 20), ...battles("B", "C", 25, 25), ...battles("A", "D", 1, 0)], {
      listing: { minVotes: 10 },
    });
    const d = lb.models.find((m) => m.model === "D");
    expect(d).toMatchObject({ ranked: false, rankSpread: null });
    expect(d?.fragility ?? null).toBeNull();
    const ranked = lb.models.filter((m) => m.ranked);
    expect(ranked.map((m) => m.rank).sort()).toEqual(ranked.map((m) => m.rankSpread?.[0]).sort());
    for (const m of ranked) expect(m.rankSpread?.[1] as number).toBeLessThanOrEqual(ranked.length);
    // the fragility of the last ranked model is null: D, below it on the board, is not ranked
    expect(ranked.at(-1)?.fragility).toBeNull();
  });
});

/**
 * The search against a scan: for boards drawn at random (style features, and rows standing for several battles), the
 * fewest battles, removed most gap-closing first, whose removal makes a whole refit put the pair level, found by
 * refitting after each removal in turn. The search (interpolated probes, removals settled by gradient passes) must
 * name exactly that count.
 */
describe("fragility's search finds the scan's count", () => {
  const drawn = (seed: number, features: number, multiplicity: number) => {
    const rand = createRandom(seed);
    const nModels = 4;
    const rows = 300;
    const strength = [0, 0.08, 0.16, 0.9];
    const a = new Int32Array(rows);
    const b = new Int32Array(rows);
    const y = new Float64Array(rows);
    const x = new Float64Array(rows * features);
    const counts = new Float64Array(rows);
    for (let r = 0; r < rows; r++) {
      const i = Math.floor(rand() * nModels);
      const j = (i + 1 + Math.floor(rand() * (nModels - 1))) % nModels;
      a[r] = i;
      b[r] = j;
      let z = (strength[i] as number) - (strength[j] as number);
      for (let f = 0; f < features; f++) {
        const v = rand() - 0.5;
        x[r * features + f] = v;
        z += 0.6 * v;
      }
      const u = rand();
      y[r] = u < 0.1 ? 0.5 : u < 0.1 + 0.9 / (1 + Math.exp(-z)) ? 1 : 0;
      counts[r] = 1 + Math.floor(rand() * multiplicity);
    }
    const data: PairwiseData = { nModels, nFeatures: features, a, b, y, x };
    const settings: FitSettings = { alpha: 1, l2: 0.01, pinned: new Int32Array(0) };
    const weights = counts.slice();
    const { theta } = fitPairwise(data, weights, settings);
    return { data, weights, multiplicity: counts, settings, theta, names: ["m0", "m1", "m2", "m3"] };
  };

  /** The removal order (AMIP effects, most negative first, ties in row order) and the scan over it. */
  const scanned = (input: ReturnType<typeof drawn>, i: number, j: number): number | null => {
    const { data, weights, settings, theta, multiplicity } = input;
    const n = data.nModels + data.nFeatures;
    const g = new Float64Array(n);
    const H = new Float64Array(n * n);
    derivatives(data, weights, theta, settings, g, H);
    const unit = Matrix.columnVector(Array.from({ length: n }, (_, k) => (k === i ? 1 : k === j ? -1 : 0)));
    const u = new CholeskyDecomposition(Matrix.from1DArray(n, n, Array.from(H))).solve(unit).to1DArray();
    const F = data.nFeatures;
    const effect = Array.from(data.a, (ar, r) => {
      const z =
        theta[ar]! -
        theta[data.b[r]!]! +
        Array.from({ length: F }, (_, f) => data.x[r * F + f]! * theta[data.nModels + f]!).reduce((s, v) => s + v, 0);
      const p = 1 / (1 + Math.exp(-z));
      let uv = u[ar]! - u[data.b[r]!]!;
      for (let f = 0; f < F; f++) uv += data.x[r * F + f]! * u[data.nModels + f]!;
      return (weights[r]! / multiplicity[r]!) * (p - data.y[r]!) * uv;
    });
    const order = [...effect.keys()].filter((r) => effect[r]! < 0).sort((p, q) => effect[p]! - effect[q]!);
    const w = weights.slice();
    let votes = 0;
    for (const r of order) {
      for (let one = 0; one < multiplicity[r]!; one++) {
        votes++;
        w[r] = (weights[r]! * (multiplicity[r]! - one - 1)) / multiplicity[r]!;
        const refit = fitPairwise(data, w, settings, theta).theta;
        if (refit[i]! <= refit[j]!) return votes;
      }
    }
    return null;
  };

  it.each([
    [1, 2, 1],
    [2, 3, 1],
    [3, 0, 6],
    [4, 2, 4],
  ])("seed %i, %i style features, up to %i battles a row", (seed, features, multiplicity) => {
    const input = drawn(seed, features, multiplicity);
    const byRating = [0, 1, 2, 3].sort((p, q) => input.theta[q]! - input.theta[p]!);
    const pairs = byRating.slice(0, -1).map((m, k) => [m, byRating[k + 1]] as [number, number]);
    const found = boardFragility(input, pairs);
    const expected = pairs.map(([i, j]) => scanned(input, i, j));
    expect(found.map((f) => f.votes)).toEqual(expected);
    // a real search, not only unreachable pairs
    expect(expected.filter((v) => v !== null && v > 1).length).toBeGreaterThan(0);
  });
});
