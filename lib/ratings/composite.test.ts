// The composite fit against a direct implementation of arena-rank's CompositeBradleyTerry, written here from its
// source (arena_rank/composite_bradley_terry.py): build_composite_data's aggregation of identical rows (counts,
// opt_weights = counts · weights), loss_function, compute_hessian_and_covariance (the per-row score divided by its
// count) and compute_ratings_and_cis, minimised by plain gradient descent (a different route to the same optimum).
import { inverse, Matrix } from "ml-matrix";
import { describe, expect, it } from "vitest";
import { createRandom } from "../numeric";
import { type CompositeComponent, fitComposite } from "./composite";

interface Rows {
  a: number[];
  b: number[];
  y: number[];
  w: number[];
}

/** build_composite_data for one component: unique (a, b, outcome, weight) rows with their counts. */
function aggregate(rows: Rows) {
  const seen = new Map<string, { a: number; b: number; y: number; w: number; count: number }>();
  rows.a.forEach((a, i) => {
    const key = `${a},${rows.b[i]},${rows.y[i]},${rows.w[i]}`;
    const known = seen.get(key);
    if (known) known.count++;
    else seen.set(key, { a, b: rows.b[i] as number, y: rows.y[i] as number, w: rows.w[i] as number, count: 1 });
  });
  return [...seen.values()].map((r) => ({ ...r, opt: r.count * r.w }));
}

/** arena-rank's objective, gradient, Hessian and covariance, and the ratings with their intervals. */
function arenaRank(models: number, parts: { rows: Rows; lossWeight: number }[], ridge = 1e-5) {
  const data = parts.map((p) => ({ rows: aggregate(p.rows), w: p.lossWeight }));
  const sig = (z: number) => 1 / (1 + Math.exp(-z));
  const gradient = (theta: number[]) => {
    const g = theta.map((t) => ridge * t);
    for (const { rows, w } of data) {
      const n = rows.reduce((s, r) => s + r.opt, 0);
      for (const r of rows) {
        const d = (w / n) * r.opt * (sig((theta[r.a] as number) - (theta[r.b] as number)) - r.y);
        g[r.a] = (g[r.a] as number) + d;
        g[r.b] = (g[r.b] as number) - d;
      }
    }
    return g;
  };
  // gradient descent with Nesterov's momentum and a fixed step: simple, and nothing like the Newton steps under test
  let theta = new Array(models).fill(0) as number[];
  let previous = theta;
  for (let k = 0; k < 200_000; k++) {
    const look = theta.map((t, i) => t + (k / (k + 3)) * (t - (previous[i] as number)));
    const g = gradient(look);
    if (Math.max(...gradient(theta).map(Math.abs)) < 1e-14) break;
    previous = theta;
    theta = look.map((t, i) => t - 2 * (g[i] as number));
  }
  const H = Matrix.zeros(models, models);
  const B = Matrix.zeros(models, models);
  const pairwise = (m: Matrix, v: number, a: number, b: number) => {
    m.set(a, a, m.get(a, a) + v);
    m.set(b, b, m.get(b, b) + v);
    m.set(a, b, m.get(a, b) - v);
    m.set(b, a, m.get(b, a) - v);
  };
  for (const { rows, w } of data) {
    const n = rows.reduce((s, r) => s + r.opt, 0);
    const Hk = Matrix.zeros(models, models);
    const second = Matrix.zeros(models, models);
    const mean = new Array(models).fill(0) as number[];
    for (const r of rows) {
      const p = sig((theta[r.a] as number) - (theta[r.b] as number));
      pairwise(Hk, p * (1 - p) * r.opt, r.a, r.b);
      const grad = (p - r.y) * r.opt;
      mean[r.a] = (mean[r.a] as number) + grad / n;
      mean[r.b] = (mean[r.b] as number) - grad / n;
      pairwise(second, (grad * grad) / r.count, r.a, r.b);
    }
    H.add(Hk.mul(w / n));
    const sigma = second.div(n).sub(Matrix.columnVector(mean).mmul(Matrix.rowVector(mean)));
    B.add(sigma.mul((w * w) / n));
  }
  H.add(Matrix.eye(models).mul(ridge));
  const Hi = inverse(H);
  const cov = Hi.mmul(B).mmul(Hi);
  const alpha = 400 / Math.log(10);
  const z = 1.959963984540054; // scipy.stats.norm.ppf(0.975)
  return theta.map((t, i) => {
    const width = z * Math.sqrt(Math.max(cov.get(i, i), 0));
    return { rating: t * alpha + 1000, lower: (t - width) * alpha + 1000, upper: (t + width) * alpha + 1000 };
  });
}

/** Battles between `models` models with strengths `strength`, ties now and then, each with an observation weight. */
function battles(seed: number, models: number, count: number, strength: number[], ties = true, weights = false): Rows {
  const rand = createRandom(seed);
  const rows: Rows = { a: [], b: [], y: [], w: [] };
  for (let k = 0; k < count; k++) {
    const a = Math.floor(rand() * models);
    const b = (a + 1 + Math.floor(rand() * (models - 1))) % models;
    const p = 1 / (1 + Math.exp((strength[b] as number) - (strength[a] as number)));
    const u = rand();
    rows.a.push(a);
    rows.b.push(b);
    rows.y.push(ties && u > 0.9 ? 0.5 : rand() < p ? 1 : 0);
    rows.w.push(weights ? ([0.5, 1, 2][Math.floor(rand() * 3)] as number) : 1);
  }
  return rows;
}

const component = (rows: Rows, lossWeight: number): CompositeComponent => ({
  a: Int32Array.from(rows.a),
  b: Int32Array.from(rows.b),
  outcome: Float64Array.from(rows.y),
  weight: Float64Array.from(rows.w),
  lossWeight,
});

function expectSame(models: number, parts: { rows: Rows; lossWeight: number }[]) {
  const ours = fitComposite(
    models,
    parts.map((p) => component(p.rows, p.lossWeight)),
  );
  const theirs = arenaRank(models, parts);
  // to 1e-6 on the rating scale (issue 43)
  theirs.forEach((t, i) => {
    expect(Math.abs((ours.ratings[i] as number) - t.rating)).toBeLessThan(1e-6);
    expect(Math.abs((ours.lower[i] as number) - t.lower)).toBeLessThan(1e-6);
    expect(Math.abs((ours.upper[i] as number) - t.upper)).toBeLessThan(1e-6);
  });
  return ours;
}

describe("the composite Bradley–Terry fit (arena-rank's CompositeBradleyTerry)", () => {
  it("equals a direct implementation of arena-rank's formula, ratings and sandwich intervals, with two components", () => {
    const human = battles(1, 5, 600, [0.8, 0.4, 0, -0.3, -0.6]);
    // ground truth: per item, right-vs-wrong wins and equal verdicts tie, with another order of strengths
    const truth = battles(2, 5, 300, [0.2, 0.9, 0.1, -0.5, -0.2], true);
    const fit = expectSame(5, [
      { rows: human, lossWeight: 1 },
      { rows: truth, lossWeight: 0.5 },
    ]);
    expect(fit.iterations).toBeLessThan(30);
  });

  it("equals it with three components, observation weights among them, and a model one component never saw", () => {
    const human = battles(3, 6, 800, [1, 0.5, 0, 0, -0.5, -1]);
    const mathvista = battles(4, 5, 250, [0.3, 0.6, 0, -0.2, 0.1], true, true); // model 5 has no ground truth
    const emma = battles(5, 6, 150, [0, 0.2, 0.4, -0.4, 0, 0.3], false);
    expectSame(6, [
      { rows: human, lossWeight: 1 },
      { rows: mathvista, lossWeight: 0.3 },
      { rows: emma, lossWeight: 0.2 },
    ]);
  });

  it("reduces to the human board when the ground truth's weight is 0", () => {
    const human = battles(6, 4, 500, [0.6, 0.2, -0.1, -0.7]);
    const truth = battles(7, 4, 400, [-1, 1, 0.5, 0]);
    const alone = fitComposite(4, [component(human, 1)]);
    const withZero = fitComposite(4, [component(human, 1), component(truth, 0)]);
    for (let i = 0; i < 4; i++) {
      expect(withZero.ratings[i]).toBeCloseTo(alone.ratings[i] as number, 9);
      expect(withZero.lower[i]).toBeCloseTo(alone.lower[i] as number, 9);
      expect(withZero.upper[i]).toBeCloseTo(alone.upper[i] as number, 9);
    }
    // and the weight matters when it is not 0: the ground truth's order pulls model 1 up
    const weighted = fitComposite(4, [component(human, 1), component(truth, 1)]);
    expect((weighted.ratings[1] as number) - (alone.ratings[1] as number)).toBeGreaterThan(20);
  });

  it("gives the same fit from identical rows aggregated with their counts as from the rows one by one", () => {
    const rows = battles(8, 4, 600, [0.5, 0.1, -0.2, -0.4], true, true);
    const groups = new Map<string, { a: number; b: number; y: number; w: number; c: number }>();
    rows.a.forEach((a, k) => {
      const key = `${a},${rows.b[k]},${rows.y[k]},${rows.w[k]}`;
      const group = groups.get(key) ?? {
        a,
        b: rows.b[k] as number,
        y: rows.y[k] as number,
        w: rows.w[k] as number,
        c: 0,
      };
      group.c++;
      groups.set(key, group);
    });
    const g = [...groups.values()];
    expect(g.length).toBeLessThan(rows.a.length / 4);
    const aggregated: CompositeComponent = {
      a: Int32Array.from(g.map((x) => x.a)),
      b: Int32Array.from(g.map((x) => x.b)),
      outcome: Float64Array.from(g.map((x) => x.y)),
      weight: Float64Array.from(g.map((x) => x.c * x.w)),
      count: Float64Array.from(g.map((x) => x.c)),
      lossWeight: 1,
    };
    const one = fitComposite(4, [component(rows, 1)]);
    const many = fitComposite(4, [aggregated]);
    // to 1e-6 on the rating scale, the tolerance (the sums run in another order)
    for (let i = 0; i < 4; i++) {
      for (const bound of ["ratings", "lower", "upper"] as const) {
        expect(Math.abs((many[bound][i] as number) - (one[bound][i] as number))).toBeLessThan(1e-6);
      }
    }
  });
});
