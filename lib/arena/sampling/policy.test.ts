import { describe, expect, it } from "vitest";
import { samplePair } from "./fastchat";
import { ADAPTIVE_DEFAULTS, type BoardState, drawPair, type ModelState, pairDistribution } from "./policy";
import { candidate, seeded } from "./test-candidates";

const model = (id: string, weight = 1, battleTargets: string[] = []) => candidate(id, { weight, battleTargets });

const listed = (theta: number, se = 0.05, strata?: Record<string, number>): ModelState => ({
  battles: 5000,
  theta,
  se,
  strata,
});

const probabilityOf = (d: ReturnType<typeof pairDistribution>, a: string, b: string) =>
  d.probability[d.pairs.findIndex(([x, y]) => (x === a && y === b) || (x === b && y === a))] as number;

describe("pairing policies", () => {
  const pool = [model("a", 2, ["c"]), model("b"), model("c"), model("d", 0.5)];
  // equal weights, so what the adaptive parts add is not mixed with the weights' own preferences
  const even = ["a", "b", "c", "d"].map((id) => model(id));

  it("`uniform` is FastChat's draw, battle targets included: its probabilities match 200,000 draws of samplePair", () => {
    const d = pairDistribution(pool, { models: new Map() }, "uniform");
    expect(d.probability.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    const rand = seeded(7);
    const counts = new Map<string, number>();
    const draws = 200_000;
    for (let k = 0; k < draws; k++) {
      const key = samplePair(pool, { hasImage: true, rand }).sort().join("|");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [k, [a, b]] of d.pairs.entries()) {
      const seen = (counts.get([a, b].sort().join("|")) ?? 0) / draws;
      const p = d.probability[k] as number;
      // within 4 standard errors of a binomial share
      expect(Math.abs(seen - p), `${a}-${b}`).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / draws));
    }
  });

  it("`adaptive` gives a model under the listing threshold its placement share, against rivals of its strength", () => {
    const state: BoardState = {
      models: new Map([
        ["a", listed(1)],
        ["b", listed(0.2)],
        ["c", listed(-0.4)],
        ["d", { battles: 10, theta: 0.1, se: 0.6 }],
      ]),
    };
    const d = pairDistribution(even, state, "adaptive");
    const withNew = ["a", "b", "c"].reduce((s, other) => s + probabilityOf(d, "d", other), 0);
    const uniform = pairDistribution(even, state, "uniform");
    const uniformWithNew = ["a", "b", "c"].reduce((s, other) => s + probabilityOf(uniform, "d", other), 0);
    expect(withNew).toBeGreaterThanOrEqual(ADAPTIVE_DEFAULTS.placementShare);
    expect(withNew).toBeGreaterThan(uniformWithNew + 0.15);
    // its closest rival in strength (b, 0.2 against 0.1) is drawn more than the farthest (a, 1.0)
    expect(probabilityOf(d, "d", "b")).toBeGreaterThan(probabilityOf(d, "d", "a"));
  });

  it("keeps the exploration floor on every pair, and spends the rest on unresolved neighbours", () => {
    const state: BoardState = {
      models: new Map([
        ["a", listed(2)],
        ["b", listed(0.03)],
        ["c", listed(0)],
        ["d", listed(-2)],
      ]),
    };
    const d = pairDistribution(pool, state, "adaptive");
    const uniform = pairDistribution(pool, state, "uniform");
    for (const [k] of d.pairs.entries())
      expect(d.probability[k] as number).toBeGreaterThanOrEqual(
        ADAPTIVE_DEFAULTS.exploration * (uniform.probability[k] as number) - 1e-12,
      );
    // b and c (0.03 apart, intervals of ±0.14) are the only unresolved contrast: their pair gets the most, the pairs
    // of either with another model a little (each lowers its variance), a against d only the floor
    const bc = probabilityOf(d, "b", "c");
    for (const [x, y] of d.pairs) if (!(x === "b" && y === "c")) expect(probabilityOf(d, x, y)).toBeLessThan(bc);
    expect(bc).toBeGreaterThan(0.5);
    expect(probabilityOf(d, "a", "d")).toBeCloseTo(
      ADAPTIVE_DEFAULTS.exploration * probabilityOf(uniform, "a", "d"),
      10,
    );
    expect(d.probability.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
  });

  it("places a model that is listed overall but not on the board of the battle's image type", () => {
    const state: BoardState = {
      models: new Map([
        ["a", listed(1, 0.05, { photo: 900, chart: 400 })],
        ["b", listed(0.2, 0.05, { photo: 900, chart: 400 })],
        ["c", listed(-0.4, 0.05, { photo: 900, chart: 20 })],
        ["d", listed(-1, 0.05, { photo: 900, chart: 400 })],
      ]),
    };
    const onCharts = pairDistribution(even, state, "adaptive", ADAPTIVE_DEFAULTS, "chart");
    const onPhotos = pairDistribution(even, state, "adaptive", ADAPTIVE_DEFAULTS, "photo");
    const share = (d: typeof onCharts) => ["a", "b", "d"].reduce((s, other) => s + probabilityOf(d, "c", other), 0);
    expect(share(onCharts)).toBeGreaterThanOrEqual(ADAPTIVE_DEFAULTS.placementShare);
    // 0.7 (the placement share, and the floor's half) against 0.5 (every pair resolved: all uniform)
    expect(share(onCharts)).toBeCloseTo(0.7, 10);
    expect(share(onPhotos)).toBeCloseTo(0.5, 10);
  });

  it("draws each pair as often as its probability says, and reports that probability", () => {
    const d = pairDistribution(pool, { models: new Map([["a", listed(0)]]) }, "adaptive");
    const rand = seeded(11);
    const drawn = new Map<string, number>();
    for (let k = 0; k < 50_000; k++) {
      const { pair, probability } = drawPair(d, rand);
      expect(probability).toBe(probabilityOf(d, pair[0], pair[1]));
      const key = [...pair].sort().join("|");
      drawn.set(key, (drawn.get(key) ?? 0) + 1);
    }
    for (const [k, [a, b]] of d.pairs.entries())
      expect((drawn.get([a, b].sort().join("|")) ?? 0) / 50_000).toBeCloseTo(d.probability[k] as number, 2);
  });
});
