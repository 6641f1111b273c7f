import { describe, expect, it } from "vitest";
import { visionFallbacks } from "../../categories/rules";
import { type SnapshotPayload, snapshotModelSchema } from "../../leaderboard/snapshot-payload";
import { boardStateFrom } from "./board-state";
import { NoPairError } from "./fastchat";
import { battlePool, drawLivePair, imageStratum, type LiveDraw } from "./live";
import { pairDistribution } from "./policy";
import { candidate as model, seeded } from "./test-candidates";

/** A stored overall board: four listed models 40 points apart, a newcomer with 5 votes, and an ocr board. */
const payload = {
  method: {
    ci: "sandwich",
    reweighted: false,
    minVotes: 30,
    confidence: 0.95,
    bootstrapRounds: 100,
    seed: 42,
    styleFeatures: [],
    voteCutoff: null,
    dataHash: "x",
  },
  summary: [
    { category: "ocr", battles: 200, bothBad: 0, ranks: {}, votes: { a: 80, b: 80, c: 10, d: 60 } },
    { category: "humor", battles: 10, bothBad: 0, ranks: {}, votes: { c: 1 } as Record<string, number> },
  ],
  models: [
    ...["a", "b", "c", "d"].map((id, i) => ({
      model: id,
      rating: 1100 - 40 * i,
      ciLower: 1100 - 40 * i - 15,
      ciUpper: 1100 - 40 * i + 15,
      rank: i + 1,
      votes: 1000,
      winRate: 0.5,
    })),
    { model: "new", rating: 1000, ciLower: null, ciUpper: null, rank: null, votes: 5, winRate: 0.4, preliminary: true },
  ].map((m) => snapshotModelSchema.parse(m)),
} satisfies Pick<SnapshotPayload, "models" | "summary" | "method">;

describe("the live draw", () => {
  const pool = ["a", "b", "c", "d", "new"].map((id) => model(id));
  const board = boardStateFrom(payload);
  const draw = (extra: Partial<LiveDraw> = {}): LiveDraw => ({
    policy: "adaptive",
    exploration: 0.2,
    hasImage: true,
    overBudget: new Set(),
    board,
    ...extra,
  });

  it("reads the board's strengths in log-odds, its listing threshold, and each model's image-type battles", () => {
    expect(board.listingVotes).toBe(30);
    const a = board.state.models.get("a");
    expect(a?.theta).toBeCloseTo(1100 / (400 / Math.LN10), 6);
    // a 30-point interval is ±15 points: 15 / 1.96 points of standard error
    expect(a?.se).toBeCloseTo(15 / 1.959964 / (400 / Math.LN10), 6);
    expect(a?.strata).toEqual({ ocr: 80 });
    // a preliminary model has no standard error: the policy treats it as unknown
    expect(board.state.models.get("new")).toMatchObject({ battles: 5, se: null });
  });

  it("leaves a model past its daily budget out of every pair, and says so when too few models remain", () => {
    const over = new Set(["a", "new"]);
    for (const policy of ["uniform", "adaptive"] as const) {
      const rand = seeded(7);
      for (let k = 0; k < 2_000; k++) {
        const { pair } = drawLivePair(pool, draw({ policy, overBudget: over, rand }));
        expect(pair.some((id) => over.has(id))).toBe(false);
      }
    }
    expect(battlePool(pool, { hasImage: true, overBudget: over }).map((m) => m.id)).toEqual(["b", "c", "d"]);
    expect(() => drawLivePair(pool, draw({ overBudget: new Set(["a", "b", "c", "d"]) }))).toThrow(NoPairError);
  });

  it("gives a model under the board's listing threshold its placement battles live", () => {
    const drawn = drawLivePair(pool, draw({ rand: seeded(1) }));
    const distribution = pairDistribution(pool, board.state, "adaptive", {
      exploration: 0.2,
      placementShare: 0.4,
      placementVotes: 30,
      stratumVotes: 30,
      leaderShare: 0.4,
    });
    const share = distribution.pairs.reduce(
      (s, [x, y], k) => s + (x === "new" || y === "new" ? (distribution.probability[k] as number) : 0),
      0,
    );
    // the placement share (0.4) plus its uniform floor (0.2 · 4/10): far above uniform's 0.4
    expect(share).toBeGreaterThan(0.4 + 0.2 * 0.4 - 1e-9);
    // the recorded probability is the drawn pair's under that same distribution
    const k = distribution.pairs.findIndex(([x, y]) => drawn.pair.includes(x) && drawn.pair.includes(y));
    expect(drawn.probability).toBeCloseTo(distribution.probability[k] as number, 12);
    expect(drawn.policy).toBe("adaptive");
  });

  it("places a listed model short of battles on the battle's image-type board, for that image type only", () => {
    const established = ["a", "b", "c", "d"].map((id) => model(id));
    const shareOfC = (stratum?: string) => {
      const rand = seeded(3);
      let withC = 0;
      for (let k = 0; k < 4_000; k++)
        if (drawLivePair(established, draw({ stratum, rand })).pair.includes("c")) withC++;
      return withC / 4_000;
    };
    // c has 10 ocr battles (under 30): an ocr battle places it; a battle of no known type does not
    expect(shareOfC("ocr")).toBeGreaterThan(shareOfC(undefined) + 0.15);
  });

  it("keeps the exploration floor: every pair at least ε times its uniform probability", () => {
    const uniform = pairDistribution(pool, board.state, "uniform");
    for (const exploration of [0.05, 0.2, 0.5]) {
      const adaptive = pairDistribution(pool, board.state, "adaptive", {
        exploration,
        placementShare: 0.4,
        placementVotes: 30,
        stratumVotes: 30,
        leaderShare: 0.4,
      });
      adaptive.probability.forEach((p, k) => {
        expect(p).toBeGreaterThanOrEqual(exploration * (uniform.probability[k] as number) - 1e-12);
      });
    }
  });

  it("`uniform` draws live as FastChat does, whatever the board says", () => {
    const rand = seeded(11);
    const counts = new Map<string, number>();
    for (let k = 0; k < 20_000; k++) {
      const { pair, probability, policy } = drawLivePair(pool, draw({ policy: "uniform", rand }));
      expect(policy).toBe("uniform");
      expect(probability).toBeCloseTo(1 / 10, 12);
      const key = [...pair].sort().join("-");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const count of counts.values()) expect(Math.abs(count / 20_000 - 0.1)).toBeLessThan(0.01);
  });

  it("finds a battle's image type from its prompt", () => {
    const stratum = (prompt: string) => imageStratum(visionFallbacks(prompt, 1));
    expect(stratum("Transcribe the text on this receipt")).toBe("ocr");
    expect(stratum("What is the trend in this bar chart?")).toBe("diagram");
    expect(stratum("Describe this image")).toBe("captioning");
    expect(stratum("What breed of dog is this?")).toBe("entity_recognition");
    expect(stratum("Write a poem")).toBeUndefined();
  });
});
