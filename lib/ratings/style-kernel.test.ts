// The WebAssembly passes of four-feature fits: the module is its text's compilation, its exp is Math.exp's to
// 2 ulp, and the gradient and Hessian are those of the model written out directly.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileKernel, embeddedKernelSource } from "../../scripts/kernels/compile";
import { syntheticBattles } from "../../tests/support/ratings/synthetic";
import { createRandom, resampleCounts } from "../numeric";
import { BattleTable } from "./battle-table";
import { fitStyle } from "./fit";
import { derivatives, type PairwiseData, rowTerms } from "./pairwise-fit";
import { localModels } from "./problems";
import { kernelExpNegative } from "./style-kernel";

const dir = path.join(import.meta.dirname, "kernels");

function ulpsApart(x: number, y: number): number {
  const view = new DataView(new ArrayBuffer(16));
  view.setFloat64(0, x);
  view.setFloat64(8, y);
  return Number(view.getBigInt64(0) - view.getBigInt64(8));
}

/** The gradient and (full, symmetric) Hessian of the unpenalised loss, term by term. */
function directDerivatives(data: PairwiseData, weights: Float64Array, theta: Float64Array, alpha: number) {
  const { nModels: M, nFeatures: F, a, b, y, x } = data;
  const n = M + F;
  const g = new Float64Array(n);
  const H = new Float64Array(n * n);
  for (let i = 0; i < a.length; i++) {
    const w = weights[i] as number;
    const grad = new Float64Array(n);
    grad[a[i] as number] = alpha;
    grad[b[i] as number] = -alpha;
    for (let f = 0; f < F; f++) grad[M + f] = x[i * F + f] as number;
    let z = 0;
    for (let k = 0; k < n; k++) z += (grad[k] as number) * (theta[k] as number);
    const p = 1 / (1 + Math.exp(-z));
    for (let k = 0; k < n; k++) {
      g[k] = (g[k] as number) + w * (p - (y[i] as number)) * (grad[k] as number);
      for (let l = 0; l < n; l++)
        H[k * n + l] = (H[k * n + l] as number) + w * p * (1 - p) * (grad[k] as number) * (grad[l] as number);
    }
  }
  return { g, H };
}

function relativeGap(x: Float64Array, y: Float64Array): number {
  let scale = 0;
  let gap = 0;
  for (let k = 0; k < x.length; k++) {
    scale = Math.max(scale, Math.abs(y[k] as number));
    gap = Math.max(gap, Math.abs((x[k] as number) - (y[k] as number)));
  }
  return gap / scale;
}

describe("the four-feature WebAssembly kernel", () => {
  it("is embedded as the compilation of its text", async () => {
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".wat"))) {
      const name = file.replace(/\.wat$/, "");
      const bytes = await compileKernel(fs.readFileSync(path.join(dir, file), "utf8"), file);
      expect(fs.readFileSync(path.join(dir, `${name}-wasm.ts`), "utf8")).toBe(embeddedKernelSource(name, bytes));
    }
  });

  it("computes e^x within 2 ulp of Math.exp for x ≤ 0, and a negligible e^x below −700", () => {
    const random = createRandom(3, 0);
    let worst = 0;
    for (let k = 0; k < 200_000; k++) {
      // logits of battles are mostly small; the reduction's every branch point (multiples of ln 2) is crossed
      const x = k < 100_000 ? -20 * random() : -700 * random();
      worst = Math.max(worst, Math.abs(ulpsApart(kernelExpNegative(x), Math.exp(x))));
    }
    for (const x of [0, -0, -Math.LN2, -0.5 * Math.LN2, -1e-300, -699.999]) {
      worst = Math.max(worst, Math.abs(ulpsApart(kernelExpNegative(x), Math.exp(x))));
    }
    expect(worst).toBeLessThanOrEqual(2);
    expect(kernelExpNegative(-1e6)).toBeLessThan(1e-300);
    expect(kernelExpNegative(Number.NEGATIVE_INFINITY)).toBeLessThan(1e-300);
  });

  it("gives the gradient and Hessian of the model, from computed or given probabilities, board after board", () => {
    for (const seed of [1, 2, 1]) {
      const table = BattleTable.from(syntheticBattles({ models: 7 + seed, battles: 3_000, seed }));
      const rows = table.allRows();
      const fitted = fitStyle(table, rows, localModels(table, rows), []);
      const data = fitted.data;
      const n = data.nModels + 4;
      const theta = fitted.theta.map((v, k) => v + 0.03 * Math.cos(k));
      const weights = new Float64Array(data.a.length);
      resampleCounts(weights.length, createRandom(seed, 4), weights);
      expect(weights.includes(0)).toBe(true);
      const settings = { ...fitted.settings, l2: 0 };
      const direct = directDerivatives(data, weights, theta, settings.alpha);
      const g = new Float64Array(n);
      const H = new Float64Array(n * n);
      derivatives(data, weights, theta, settings, g, H);
      expect(relativeGap(g, direct.g)).toBeLessThan(1e-12);
      expect(relativeGap(H, direct.H)).toBeLessThan(1e-12);
      const gGiven = new Float64Array(n);
      const HGiven = new Float64Array(n * n);
      derivatives(data, weights, theta, settings, gGiven, HGiven, rowTerms(data, theta, settings.alpha));
      expect(relativeGap(gGiven, direct.g)).toBeLessThan(1e-12);
      expect(relativeGap(HGiven, direct.H)).toBeLessThan(1e-12);
      const gradientOnly = new Float64Array(n);
      derivatives(data, weights, theta, settings, gradientOnly);
      expect(relativeGap(gradientOnly, direct.g)).toBeLessThan(1e-12);
    }
  });

  it("computes the rows' probabilities two at a time with the bits of the scalar formula, for odd and even counts", () => {
    const table = BattleTable.from(syntheticBattles({ models: 9, battles: 2_001, seed: 5 }));
    const rows = table.allRows();
    const fitted = fitStyle(table, rows, localModels(table, rows), []);
    const { data } = fitted;
    const { nModels: M, a, b, x } = data;
    const n = M + 4;
    const alpha = fitted.settings.alpha;
    const theta = fitted.theta.map((v, k) => v + 0.2 * Math.sin(k));
    // the kernel's logit and probability, term by term in its order, with its own exp
    const scalar = new Float64Array(a.length);
    for (let i = 0; i < a.length; i++) {
      const d = alpha * ((theta[a[i] as number] as number) - (theta[b[i] as number] as number));
      let z = d;
      for (let f = 0; f < 4; f++) z += (x[i * 4 + f] as number) * (theta[M + f] as number);
      const e = kernelExpNegative(-Math.abs(z));
      scalar[i] = (z >= 0 ? 1 : e) / (1 + e);
    }
    const settings = { ...fitted.settings, l2: 0 };
    const parities = new Set<number>();
    for (const zeroed of [0, 2]) {
      // a third of the rows weighted 0, and row 1 too the second time: the rows visited are even, then odd in number
      const weights = new Float64Array(a.length).map((_, i) => (i % 3 === 0 || i < zeroed ? 0 : 1 + (i % 4)));
      parities.add(weights.filter((w) => w !== 0).length % 2);
      const computed = { g: new Float64Array(n), H: new Float64Array(n * n) };
      const given = { g: new Float64Array(n), H: new Float64Array(n * n) };
      derivatives(data, weights, theta, settings, computed.g, computed.H);
      derivatives(data, weights, theta, settings, given.g, given.H, { p: scalar });
      expect(Buffer.from(computed.g.buffer).equals(Buffer.from(given.g.buffer))).toBe(true);
      expect(Buffer.from(computed.H.buffer).equals(Buffer.from(given.H.buffer))).toBe(true);
      const gradientOnly = new Float64Array(n);
      derivatives(data, weights, theta, settings, gradientOnly);
      expect(Buffer.from(gradientOnly.buffer).equals(Buffer.from(given.g.buffer))).toBe(true);
    }
    expect([...parities].sort()).toEqual([0, 1]);
  });
});
