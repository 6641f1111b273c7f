import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { benchCommand } from "../cli/bench-command";
import type { AnswerStyle } from "./answer-style";
import { scoreArenaHardV2, scoreArenaHardV2Style, v2StyleFeatures } from "./arena-hard-v2";
import type { JudgmentRecord } from "./judgment-files";

const record = (model: string, uid: string, scores: (string | null)[], extra: Partial<JudgmentRecord> = {}) =>
  ({
    questionId: uid,
    model,
    judge: "judge-x",
    category: "hard_prompt",
    games: scores.map((score) => ({ score, source: score === null ? "missing" : "score" })),
    file: "m.jsonl",
    line: 1,
    ...extra,
  }) as JudgmentRecord;

// m1: q1 game 1 A>B (the baseline, A, wins: 0) and game 2 A>B (m1 is A: 1); q2 game 1 B>>A (1 × 3), game 2 A=B
// (½); q3 lacks a score and is dropped whole → battles 1, 0, ½, 1, 1, 1: mean 0.75
const JUDGMENTS = [
  record("m1", "q1", ["A>B", "A>B"]),
  record("m1", "q2", ["B>>A", "A=B"]),
  record("m1", "q3", ["A>B", null]),
  record("org/m2", "q1", ["B>A", "A>B"]),
  // the judge's own answers are never scored
  record("judge-x", "q1", ["B>A", "A>B"]),
];

describe("arena-hard-auto v2's default score (show_result.py print_leaderboard)", () => {
  it("is the mean of per-model bootstrap means of the label scores, with the 5th–95th percentile", async () => {
    const result = await scoreArenaHardV2(JUDGMENTS, { baseline: "base", bootstrap: 100, seed: 1 });
    expect(result.method).toBe("arena-hard-v2");
    const m1 = result.models.find((m) => m.model === "m1");
    expect(m1?.battles).toBe(6);
    expect(m1?.questions).toBe(2);
    expect(m1?.score).toBeGreaterThan(70);
    expect(m1?.score).toBeLessThan(80);
    expect(m1?.ci[0]).toBeLessThan(m1?.score as number);
    expect(m1?.ci[1]).toBeGreaterThan(m1?.score as number);
    // a model that won every battle: every resample's mean is 1
    const m2 = result.models.find((m) => m.model === "m2");
    expect(m2).toMatchObject({ score: 100, ci: [100, 100], battles: 2 });
    expect(result.models.find((m) => m.model === "base")).toMatchObject({ score: 50, ci: [50, 50] });
    expect(result.models.map((m) => m.model)).toEqual(["m2", "m1", "base"]);
    expect(result.models.some((m) => m.model === "judge-x")).toBe(false);
    expect(result.warnings.join("\n")).toMatch(/1 judgments with a missing game or score left out/);
    const again = await scoreArenaHardV2(JUDGMENTS, { baseline: "base", bootstrap: 100, seed: 1 });
    expect(again.models).toEqual(result.models);
  });

  it("with one bootstrap round of a single battle, gives that battle's score; weight sets the strong verdicts", async () => {
    const one = await scoreArenaHardV2([record("m", "q", ["B>>A", "A>>B"])], {
      baseline: "base",
      bootstrap: 3,
      weight: 1,
    });
    expect(one.models.find((m) => m.model === "m")).toMatchObject({ score: 100, battles: 2 });
  });

  it("keeps one category, and stops at a label v2 does not know, naming file, line and field", async () => {
    const mixed = [...JUDGMENTS, record("m3", "q9", ["B>A", "A>B"], { category: "creative_writing" })];
    const hard = await scoreArenaHardV2(mixed, { baseline: "base", category: "hard_prompt" });
    expect(hard.models.some((m) => m.model === "m3")).toBe(false);
    await expect(
      scoreArenaHardV2([record("m", "q", ["B>A", "A~B"], { file: "x.jsonl", line: 7 })], { baseline: "base" }),
    ).rejects.toThrow("x.jsonl:7: field games[1].score: 'A~B' is not one of arena-hard-auto v2's labels");
  });
});

describe("arena-hard-auto v2 with style control (print_leaderboard_with_style_features)", () => {
  it("computes the length and markdown-density features as v2 does (densities per token, no +1)", () => {
    const m: AnswerStyle = { tokens: 300, headers: 3, lists: 0, bold: 6 };
    const b: AnswerStyle = { tokens: 100, headers: 0, lists: 2, bold: 2 };
    const [length, headers, lists, bold] = v2StyleFeatures(m, b);
    expect(length).toBeCloseTo(0.5, 12);
    expect(headers).toBeCloseTo(0.01 / 1.01, 12);
    expect(lists).toBeCloseTo(-0.02 / 1.02, 12);
    expect(bold).toBeCloseTo(0 / 1.04, 12);
  });

  it("credits length to the feature, not the model, when longer answers win", async () => {
    // both candidates win when they write more than the baseline and lose when they write less (one verdict in
    // ten the other way); "a" writes more on 70% of the questions and "b" on 30%, so without style control "a"
    // looks far better, and with it the two come close
    const records: JudgmentRecord[] = [];
    const styles = new Map<string, Map<string, AnswerStyle>>();
    const add = (model: string, uid: string, tokens: number) => {
      const map = styles.get(model) ?? new Map<string, AnswerStyle>();
      map.set(uid, { tokens, headers: 0, lists: 0, bold: 0 });
      styles.set(model, map);
    };
    for (let q = 0; q < 100; q++) {
      const uid = `q${q}`;
      add("base", uid, 200);
      for (const [model, share] of [
        ["a", 70],
        ["b", 30],
      ] as const) {
        const long = (q * 37 + (model === "a" ? 0 : 11)) % 100 < share;
        add(model, uid, long ? 400 + (q % 9) * 10 : 80 + (q % 7) * 5);
        const wins = long !== (q % 10 === 3);
        records.push(record(model, uid, wins ? ["B>A", "A>B"] : ["A>B", "B>A"]));
      }
    }
    const plain = await scoreArenaHardV2(records, { baseline: "base", seed: 3 });
    const styled = await scoreArenaHardV2Style(records, styles, { baseline: "base", controls: ["length"], seed: 3 });
    expect(styled.method).toBe("arena-hard-v2");
    expect(styled.styleControl).toEqual(["length"]);
    const score = (r: typeof plain, model: string) => r.models.find((m) => m.model === model)?.score as number;
    expect(score(plain, "a") - score(plain, "b")).toBeGreaterThan(30);
    expect(styled.coefficients.length).toBeGreaterThan(0);
    expect(Math.abs(score(styled, "a") - score(styled, "b"))).toBeLessThan((score(plain, "a") - score(plain, "b")) / 2);
    expect(styled.models.find((m) => m.model === "base")).toMatchObject({ score: 50, ci: [50, 50] });
    for (const m of styled.models.filter((m) => m.model !== "base")) {
      expect(m.ci[0]).toBeLessThanOrEqual(m.score);
      expect(m.ci[1]).toBeGreaterThanOrEqual(m.score);
    }
  });
});

describe("arena bench score --method arena-hard-v2", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "v2-judgments-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads v2's judgment layout (uid, category) and says which method made the board", async () => {
    const line = (model: string, uid: string, g1: string, g2: string) =>
      JSON.stringify({
        uid,
        category: "hard_prompt",
        judge: "gpt-4.1",
        model,
        games: [
          { score: g1, judgment: { answer: "…" }, prompt: "…" },
          { score: g2, judgment: { answer: "…" }, prompt: "…" },
        ],
      });
    fs.writeFileSync(
      path.join(dir, "m1.jsonl"),
      `${[line("m1", "a1", "A>B", "A>B"), line("m1", "a2", "B>>A", "A=B")].join("\n")}\n`,
    );
    let text = "";
    const out = { write: (s: string) => (text += s) } as unknown as NodeJS.WritableStream;
    await benchCommand(["score", dir, "--baseline", "o3-mini-2025-01-31", "--method", "arena-hard-v2"], out);
    expect(text).toMatch(/^arena-hard-auto v2: mean of bootstrap win rates, 5–95% interval · baseline o3-mini/);
    expect(text).toMatch(/m1\s+7\d\.\d/);
    text = "";
    await benchCommand(["score", dir, "--baseline", "o3-mini-2025-01-31"], out);
    expect(text).toMatch(/^arena-hard-auto v0\.1 \/ WildVision-Bench: Bradley–Terry/);
    await expect(benchCommand(["score", dir, "--baseline", "b", "--method", "v3"], out)).rejects.toThrow(
      /--method takes arena-hard-v0.1 or arena-hard-v2/,
    );
  });
});
