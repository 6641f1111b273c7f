import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type JudgmentRecord, judgmentFiles, readJudgments } from "./judgment-files";
import { pyRound, scoreJudgments, winRateAgainstBaseline } from "./score";
import { candidateOutcome, parseVerdict } from "./verdicts";

describe("parseVerdict (arena-hard-auto's get_score)", () => {
  it("takes the last [[…]] label of the upper-cased text, else the last […], else nothing", () => {
    expect(parseVerdict("My final verdict is: [[A>>B]]")).toBe("A>>B");
    expect(parseVerdict("final verdict [[b>a]]")).toBe("B>A");
    expect(parseVerdict("first [[A>B]], on reflection [[B>A]]")).toBe("B>A");
    expect(parseVerdict("no double brackets, just [A=B] at the end")).toBe("A=B");
    expect(parseVerdict("[[A>B]] and later [B>A]")).toBe("A>B"); // double brackets win over single ones
    expect(parseVerdict("an empty [[]] and nothing else")).toBeNull();
    expect(parseVerdict("no verdict at all")).toBeNull();
    expect(parseVerdict("odd label [[A<B]]")).toBe("A<B"); // kept as written; it is not one of the five
  });

  it("reads each verdict from the candidate's side: game 1 has the baseline as A, game 2 swaps them", () => {
    expect(candidateOutcome("B>>A", 0)).toBe("much_better");
    expect(candidateOutcome("A>B", 0)).toBe("worse");
    expect(candidateOutcome("A>>B", 1)).toBe("much_better");
    expect(candidateOutcome("B>A", 1)).toBe("worse");
    expect(candidateOutcome("A=B", 1)).toBe("tie");
    expect(candidateOutcome("A<B", 0)).toBeNull();
    expect(candidateOutcome(null, 0)).toBeNull();
  });
});

const record = (model: string, questionId: string, scores: (string | null)[]): JudgmentRecord => ({
  questionId,
  model,
  judge: "judge-x",
  games: scores.map((score) => ({ score, source: score ? "score" : "missing" })),
  file: "x.jsonl",
  line: 1,
});

// m1: q1 wins both games, q2 two ties, q3 loses both strongly, q4 wins strongly and has one invalid game.
// With weight 3: wins 2 + 3 = 5, ties 2, losses 3 + 3 = 6 → 13 battles, win rate (5 + 1) / 13.
// m2: one win and one tie → win rate 0.75.
const JUDGMENTS = [
  record("m1", "q1", ["B>A", "A>B"]),
  record("m1", "q2", ["A=B", "A=B"]),
  record("m1", "q3", ["A>>B", "B>>A"]),
  record("m1", "q4", ["B>>A", "garbage"]),
  record("m2", "q1", ["B>A", "A=B"]),
];

describe("scoreJudgments", () => {
  it("gives the hand-computed scores, ratings and verdict counts, with the baseline at 50 / 1000", async () => {
    const result = await scoreJudgments(JUDGMENTS, { baseline: "base", bootstrap: 0 });
    const m1 = result.models.find((m) => m.model === "m1");
    const m2 = result.models.find((m) => m.model === "m2");
    const base = result.models.find((m) => m.model === "base");
    expect(m1?.score).toBe(pyRound((100 * 6) / 13, 2)); // 46.15
    expect(m1?.score).toBe(46.15);
    expect(m1?.rating).toBeCloseTo(1000 + 400 * Math.log10(6 / 7), 2);
    expect(m1?.counts).toEqual({ much_better: 1, better: 2, tie: 2, worse: 0, much_worse: 2, invalid: 1 });
    expect(m1).toMatchObject({ questions: 4, battles: 13 });
    expect(m2?.score).toBe(75);
    expect(m2?.rating).toBeCloseTo(1000 + 400 * Math.log10(3), 2);
    expect(base).toMatchObject({ score: 50, rating: 1000, ci: [50, 50] });
    expect(result.models.map((m) => m.model)).toEqual(["m2", "base", "m1"]);
  });

  it("counts the baseline's own judgments in its row, as WildVision-Bench's table does, and fits nothing from them", async () => {
    const withSelf = [...JUDGMENTS, record("base", "q1", ["A=B", "A>B"]), record("base", "q2", ["B>A", "A=B"])];
    const result = await scoreJudgments(withSelf, { baseline: "base", bootstrap: 0 });
    const base = result.models.find((m) => m.model === "base");
    // read from the candidate's side like any other file: q1 tie, better; q2 better, tie
    expect(base).toMatchObject({ score: 50, rating: 1000, questions: 2 });
    expect(base?.counts).toEqual({ much_better: 0, better: 2, tie: 2, worse: 0, much_worse: 0, invalid: 0 });
    const plain = await scoreJudgments(JUDGMENTS, { baseline: "base", bootstrap: 0 });
    expect(result.models.find((m) => m.model === "m1")?.rating).toBe(
      plain.models.find((m) => m.model === "m1")?.rating,
    );
    expect(result.warnings.join("\n")).toMatch(/2 judgments of the baseline against itself: in its verdict counts/);
  });

  it("weights strong verdicts as asked (--weight 1: 3 wins, 2 ties, 2 losses → 4/7)", async () => {
    const result = await scoreJudgments(JUDGMENTS, { baseline: "base", bootstrap: 0, weight: 1 });
    expect(result.models.find((m) => m.model === "m1")?.score).toBe(pyRound((100 * 4) / 7, 2));
  });

  it("uses only game 1 when asked", async () => {
    const result = await scoreJudgments(JUDGMENTS, { baseline: "base", bootstrap: 0, firstGameOnly: true });
    // game 1 only: q1 win, q2 tie, q3 loss ×3, q4 win ×3 → wins 4, ties 1, losses 3 → 4.5 / 8
    expect(result.models.find((m) => m.model === "m1")?.score).toBe(56.25);
  });

  it("brackets each score with a seeded bootstrap interval that repeats with the seed", async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      record("m3", `q${i}`, [i % 3 === 0 ? "A>B" : "B>A", i % 4 === 0 ? "A=B" : "A>B"]),
    );
    const first = await scoreJudgments(many, { baseline: "base", bootstrap: 100, seed: 7 });
    const again = await scoreJudgments(many, { baseline: "base", bootstrap: 100, seed: 7 });
    const m3 = first.models.find((m) => m.model === "m3");
    expect(m3?.ci[0]).toBeLessThan(m3?.score as number);
    expect(m3?.ci[1]).toBeGreaterThan(m3?.score as number);
    expect(again.models).toEqual(first.models);
  });

  it("converts ratings to win rates against the baseline and rounds as Python does", () => {
    expect(winRateAgainstBaseline(1000)).toBe(50);
    expect(winRateAgainstBaseline(1400)).toBeCloseTo(100 / 1.1, 10);
    expect(pyRound(12.125, 2)).toBe(12.12);
    expect(pyRound(12.375, 2)).toBe(12.38);
    expect(pyRound(46.153846, 2)).toBe(46.15);
  });

  it("refuses judgments with no valid verdict", async () => {
    await expect(scoreJudgments([record("m1", "q1", ["??", null])], { baseline: "base" })).rejects.toThrow(
      /no valid verdict/,
    );
  });
});

describe("judgment files", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-files-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads a folder of JSON Lines, parsing the judgment text when the score is absent", async () => {
    const lines = [
      { question_id: "q1", model: "m1", judge: "j", games: [{ score: "B>A" }, { score: "A>B" }] },
      { question_id: "q2", model: "m1", judge: "j", games: [{ judgment: "…so [[b>>a]]" }, { judgment: "none" }] },
      { question_id: "q3", model: "m1", judge: "j", games: [null, { score: null, judgment: "[[A=B]]" }] },
    ];
    fs.writeFileSync(path.join(dir, "m1.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    fs.writeFileSync(path.join(dir, "notes.txt"), "not read");
    const records = [];
    for await (const r of readJudgments(judgmentFiles([dir]))) records.push(r);
    expect(records.map((r) => r.games.map((g) => [g.score, g.source]))).toEqual([
      [
        ["B>A", "score"],
        ["A>B", "score"],
      ],
      [
        ["B>>A", "judgment"],
        [null, "missing"],
      ],
      [
        [null, "missing"],
        ["A=B", "judgment"],
      ],
    ]);
  });

  it("names the file, the line and the field of a bad record", async () => {
    const file = path.join(dir, "bad.jsonl");
    fs.writeFileSync(
      file,
      `${JSON.stringify({ question_id: "q1", model: "m", games: [] })}\n{"question_id":"q2","games":[]}\n`,
    );
    const read = async () => {
      for await (const _ of readJudgments([file])) {
        // reading is the test
      }
    };
    await expect(read()).rejects.toThrow(`${file}:2: field model is missing or not a string`);
    fs.writeFileSync(file, "{not json\n");
    await expect(read()).rejects.toThrow(`${file}:1: not valid JSON`);
    fs.writeFileSync(file, `${JSON.stringify({ question_id: "q", model: "m", games: [{ score: 3 }] })}\n`);
    await expect(read()).rejects.toThrow(`${file}:1: games[0].score: expected a verdict label`);
  });
});
