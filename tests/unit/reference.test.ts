// The rating engine against the numbers FastChat's rating_systems.py produces on the reference data.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { readBattles } from "../../lib/datasets";
import { computeLeaderboard, type Leaderboard, selectRows } from "../../lib/ratings";

const REF = "tests/fixtures/reference";
type Expected = Record<string, { rating: number; ci_lower: number; ci_upper: number }>;

function byModel(board: Leaderboard) {
  return Object.fromEntries(board.models.map((m) => [m.model, m]));
}

function expectMatches(board: Leaderboard, expected: Expected, intervals: boolean) {
  const got = byModel(board);
  expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
  for (const [model, ref] of Object.entries(expected)) {
    const mine = got[model]!;
    expect(Math.abs(mine.rating - ref.rating), `${model} rating`).toBeLessThan(0.5);
    if (intervals) {
      const slack = 0.25 * (ref.ci_upper - ref.ci_lower) + 1;
      expect(Math.abs(mine.ciLower - ref.ci_lower), `${model} lower bound`).toBeLessThan(slack);
      expect(Math.abs(mine.ciUpper - ref.ci_upper), `${model} upper bound`).toBeLessThan(slack);
    }
  }
}

describe("llmfao (real crowd judgements, 59 models)", () => {
  const expected = JSON.parse(fs.readFileSync(`${REF}/llmfao/expected-bt.json`, "utf8"));
  let board: Leaderboard;
  beforeAll(async () => {
    const { table } = await readBattles(`${REF}/llmfao/battles.json`);
    board = await computeLeaderboard(table, selectRows(table, "overall"), { bootstrapRounds: 100, seed: 0 });
  });

  it("matches FastChat's ratings within 0.5 points and its bootstrap intervals within sampling noise", () => {
    expect(board.battles).toBe(expected.battles);
    expectMatches(board, expected.ratings, true);
  });

  it("ranks by the intervals (Rank UB) and counts votes", () => {
    const top = board.models[0]!;
    expect(top.rank).toBe(1);
    for (const m of board.models) {
      expect(m.rank).toBe(1 + board.models.filter((o) => o.ciLower > m.ciUpper).length);
      expect(m.votes).toBe(m.wins + m.losses + m.ties);
    }
    expect(board.models.reduce((s, m) => s + m.votes, 0)).toBe(2 * expected.battles);
  });

  it("sandwich intervals are close to the bootstrap ones", async () => {
    const { table } = await readBattles(`${REF}/llmfao/battles.json`);
    const sandwich = await computeLeaderboard(table, table.allRows(), { ci: "sandwich" });
    const boot = byModel(board);
    for (const m of sandwich.models) {
      const b = boot[m.model]!;
      expect(m.rating).toBeCloseTo(b.rating, 6);
      const width = m.ciUpper - m.ciLower;
      const bootWidth = b.ciUpper - b.ciLower;
      expect(width / bootWidth).toBeGreaterThan(0.6);
      expect(width / bootWidth).toBeLessThan(1.6);
    }
  });
});

describe("style-synthetic (20,000 battles with style metadata)", () => {
  const expected = JSON.parse(fs.readFileSync(`${REF}/style-synthetic/expected.json`, "utf8"));
  let rows: Uint32Array;
  let table: Awaited<ReturnType<typeof readBattles>>["table"];
  beforeAll(async () => {
    ({ table } = await readBattles(`${REF}/style-synthetic/battles.json.gz`));
    rows = selectRows(table, "overall");
  });

  it("plain ratings match FastChat within 0.5 points", async () => {
    const board = await computeLeaderboard(table, rows, { bootstrapRounds: 100 });
    expectMatches(board, expected.bt, true);
  });

  it("style-controlled ratings and coefficients match FastChat", async () => {
    const board = await computeLeaderboard(table, rows, { styleControl: true, bootstrapRounds: 100 });
    expectMatches(board, expected.style_control, true);
    const coefficients = board.styleCoefficients!.map((c) => c.value);
    expected.style_coefficients.forEach((value: number, k: number) => {
      expect(Math.abs((coefficients[k] as number) - value), `coefficient ${k}`).toBeLessThan(0.005);
    });
    for (const c of board.styleCoefficients!) {
      expect(c.ciLower).toBeLessThan(c.value);
      expect(c.ciUpper).toBeGreaterThan(c.value);
    }
  });
});

describe("genai-arena (two groups never compared)", () => {
  it("finds and reports the two groups; every number is finite", async () => {
    const { table } = await readBattles(`${REF}/genai-arena/battles.json`);
    const board = await computeLeaderboard(table, selectRows(table, "overall"), { bootstrapRounds: 50 });
    expect(board.battles).toBe(1515);
    expect(board.components).toBe(2);
    expect(board.groups).toHaveLength(2);
    expect(board.warnings.join("\n")).toContain("2 groups of models never compared");
    const generation = board.groups!.find((g) => g.some((m) => m.includes("_generation")))!;
    expect(generation.every((m) => m.includes("_generation"))).toBe(true);
    for (const m of board.models) {
      for (const v of [m.rating, m.ciLower, m.ciUpper]) expect(Number.isFinite(v)).toBe(true);
    }
    // each group is centred on 1000
    for (const group of board.groups!) {
      const ratings = board.models.filter((m) => group.includes(m.model)).map((m) => m.rating);
      expect(ratings.reduce((s, r) => s + r, 0) / ratings.length).toBeCloseTo(1000, 6);
    }
  });
});
