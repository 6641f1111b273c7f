// Each rule pinned to what the official Python code does on the same input (worked out from Python's semantics:
// float(), int(), round() half to even on the exact binary value, str() of floats, python-Levenshtein).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LosslessNumber } from "lossless-json";
import { afterAll, describe, expect, it } from "vitest";
import type { Problem } from "./definition";
import { boxedContents, emmaEqual, emmaExtract, scoreEmmaItem } from "./emma";
import { codePointDistance } from "./levenshtein";
import { extractByRules, normaliseExtraction, scoreMathVistaItem } from "./mathvista";
import { pyFloatFromText, pyFloatRepr, pyIntFromText, pyIntOfFloat, pyRoundFloat, pyStr } from "./python";
import { scoreOutputs } from "./score-files";
import { wilsonInterval } from "./wilson";

const num = (literal: string) => new LosslessNumber(literal);

describe("Python semantics", () => {
  it("prints floats as repr() does", () => {
    const cases: [number, string][] = [
      [1, "1.0"],
      [0.1, "0.1"],
      [1e16, "1e+16"],
      [1e15, "1000000000000000.0"],
      [1e-5, "1e-05"],
      [0.0001, "0.0001"],
      [1.5e-7, "1.5e-07"],
      [2.5e20, "2.5e+20"],
      [-0, "-0.0"],
      [123456789012345.6, "123456789012345.6"],
      [Number.NaN, "nan"],
      [-Infinity, "-inf"],
    ];
    for (const [x, text] of cases) expect(pyFloatRepr(x)).toBe(text);
  });

  it("rounds as round(x, n): the exact binary value, exact halves to even", () => {
    expect(pyRoundFloat(2.675, 2)).toBe(2.67); // 2.67499999… in binary
    expect(pyRoundFloat(0.125, 2)).toBe(0.12); // an exact half: to even
    expect(pyRoundFloat(0.375, 2)).toBe(0.38);
    expect(pyRoundFloat(2.5, 0)).toBe(2);
    expect(pyRoundFloat(3.5, 0)).toBe(4);
    expect(Object.is(pyRoundFloat(-0.4, 0), -0)).toBe(true);
    expect(pyRoundFloat(-2.5, 0)).toBe(-2);
    expect(pyRoundFloat(1.005, 2)).toBe(1); // 1.00499999…
    expect(pyRoundFloat(2.45, 1)).toBe(2.5); // 2.4500000000000001776…
    expect(pyRoundFloat(0.25, 1)).toBe(0.2);
    expect(pyRoundFloat(1234.5, -1)).toBe(1230);
  });

  it("reads numbers as float() and int() do", () => {
    expect(pyFloatFromText("1_000")).toBe(1000);
    expect(pyFloatFromText(" 3.5 ")).toBe(3.5);
    expect(pyFloatFromText(".5")).toBe(0.5);
    expect(pyFloatFromText("5.")).toBe(5);
    expect(pyFloatFromText("-Infinity")).toBe(-Infinity);
    expect(pyFloatFromText("nan")).toBeNaN();
    for (const bad of ["", " ", "1,000", "0x10", "_1", "1__0", "3.5 cm", "1e", "e5"])
      expect(pyFloatFromText(bad)).toBeNull();
    expect(pyIntFromText(" 007 ")).toBe("7");
    expect(pyIntFromText("-0")).toBe("0");
    expect(pyIntFromText("1_0")).toBe("10");
    expect(pyIntFromText("3.0")).toBeNull();
    expect(pyIntOfFloat(-2.7)).toBe("-2");
    expect(pyIntOfFloat(Number("12345678901234567890"))).toBe("12345678901234567168"); // the double nearest
    expect(pyIntOfFloat(Infinity)).toBeNull();
  });

  it("prints JSON values as str() does, telling 3 from 3.0", () => {
    expect(pyStr(num("3"))).toBe("3");
    expect(pyStr(num("3.0"))).toBe("3.0");
    expect(pyStr([num("1"), "a", null, true])).toBe("[1, 'a', None, True]");
    expect(pyStr(null)).toBe("None");
  });

  it("counts edits over code points, as python-Levenshtein", () => {
    expect(codePointDistance("kitten", "sitting")).toBe(3);
    expect(codePointDistance("a😀", "a")).toBe(1); // one code point, two UTF-16 units
    expect(codePointDistance("😀😀", "😀😁")).toBe(1);
  });
});

describe("MathVista", () => {
  const mc: Problem = {
    question_type: "multi_choice",
    answer_type: "text",
    choices: ["145°", "35°", "55°"],
    precision: null,
  };
  const norm = (extraction: Problem[string], problem: Problem = mc) =>
    normaliseExtraction(extraction, problem).prediction;

  it("normalises multiple-choice extractions: (letter), letter, else the nearest choice", () => {
    expect(norm("(B) 35°")).toBe("35°");
    expect(norm("The answer is (c)")).toBe("55°"); // a letter in parentheses, upper-cased
    expect(norm(" B ")).toBe("35°");
    expect(norm("b")).toBe("35°"); // not a choice letter (case-sensitive): nearest, the first of equals
    expect(norm("55")).toBe("55°");
    expect(norm("")).toBe("35°"); // empty: the shortest choice, the first of equals
    expect(norm("D")).toBe("35°"); // a letter past the choices: nearest by distance
    expect(norm(num("3"))).toBe("35°"); // str(3) = "3"
    expect(normaliseExtraction("Z", mc).step).toBe("nearest-choice");
  });

  it("normalises integers with int(float(x)) and floats with round(float(x), precision)", () => {
    const int: Problem = { question_type: "free_form", answer_type: "integer", choices: null, precision: null };
    expect(norm("3.7", int)).toBe("3");
    expect(norm("-2.7", int)).toBe("-2");
    expect(norm("1e3", int)).toBe("1000");
    expect(norm(num("4"), int)).toBe("4");
    expect(norm("five", int)).toBeNull();
    expect(norm("inf", int)).toBeNull();
    const float = (precision: Problem[string]): Problem => ({
      question_type: "free_form",
      answer_type: "float",
      choices: null,
      precision,
    });
    expect(norm("2.45", float(num("1.0")))).toBe("2.5");
    expect(norm("0.25", float(num("1")))).toBe("0.2");
    expect(norm("1", float(num("2.0")))).toBe("1.0");
    expect(norm("3.14159", float(num("2")))).toBe("3.14");
    expect(norm("3.14159", float(null))).toBeNull(); // int(None) raises
    const list: Problem = { question_type: "free_form", answer_type: "list", choices: null, precision: null };
    expect(norm([num("1"), num("2")], list)).toBe("[1, 2]");
    expect(norm("[1, 2]", list)).toBe("[1, 2]");
  });

  it("extracts with the official quick rules, in their order, and leaves the rest undecided", () => {
    expect(extractByRules("", mc)).toEqual({ extraction: "", rule: "empty-response" });
    expect(extractByRules("145°", mc)).toEqual({ extraction: "145°", rule: "exact-choice" });
    const int: Problem = { question_type: "free_form", answer_type: "integer", choices: null };
    expect(extractByRules(" 7 ", int)).toEqual({ extraction: "7", rule: "integer" });
    expect(extractByRules("7.0", int)).toBeNull(); // int("7.0") raises, and an integer item has no float rule
    const float: Problem = { question_type: "free_form", answer_type: "float", choices: null };
    expect(extractByRules("3.50", float)).toEqual({ extraction: "3.5", rule: "float" });
    expect(extractByRules('So, The answer is "B".', mc)).toEqual({ extraction: "B", rule: "quick-regex" });
    expect(extractByRules("I think it is B", mc)).toBeNull();
    const verdict = scoreMathVistaItem({ ...mc, response: "I think it is B" }, "35°");
    expect(verdict).toMatchObject({ correct: false, decided_by: "undecided" });
  });

  it("uses an item's own extraction as is, and compares with == (a str never equals a number)", () => {
    expect(scoreMathVistaItem({ ...mc, extraction: "(B)" }, "35°")).toMatchObject({
      correct: true,
      decided_by: "file",
    });
    const int: Problem = { question_type: "free_form", answer_type: "integer", choices: null, extraction: "7" };
    expect(scoreMathVistaItem(int, "7").correct).toBe(true);
    expect(scoreMathVistaItem(int, num("7")).correct).toBe(false);
  });
});

describe("EMMA", () => {
  it("extracts as fast_extract_answer", () => {
    expect(emmaExtract(" B ")).toEqual({ extraction: "B", rule: "letter" });
    expect(emmaExtract("b").extraction).toBe("B");
    expect(emmaExtract("C: the third").extraction).toBe("C");
    expect(emmaExtract("12.5")).toEqual({ extraction: "12.5", rule: "number" });
    expect(emmaExtract("so \\boxed{\\frac{1}{\\sqrt{2}}} done").extraction).toBe("\\frac{1}{\\sqrt{2}}");
    expect(emmaExtract("\\boxed{1} then \\boxed{\\text{ A }}").extraction).toBe("A");
    expect(emmaExtract("boxed{5} without a backslash").rule).toBe("whole-response");
    expect(emmaExtract("The Final Answer is 42.5 metres.\nMore")).toEqual({ extraction: "42", rule: "answer-phrase" });
    expect(emmaExtract("Hmm, maybe").extraction).toBe("Hmm, maybe");
    expect(boxedContents("\\boxed{a{b}c} \\boxed{d")).toEqual(["a{b}c"]);
  });

  it("tells equal answers as is_equal: text, values to 2 decimals, symbolic difference 0 (of numbers only)", () => {
    expect(emmaEqual("A", "a")).toBe("text");
    expect(emmaEqual("0.5", "\\frac{1}{2}")).toBe("numeric");
    expect(emmaEqual("3.141", "3.14")).toBe("numeric");
    expect(emmaEqual("2.675", "2.67")).toBe("numeric");
    // float(evalf()) of a symbol raises before the symbolic test is reached: equal only as numbers
    expect(emmaEqual("x+1", "1+x")).toBeNull();
    expect(emmaEqual("(A)", "A")).toBeNull();
    expect(emmaEqual("(a)", "a")).toBeNull();
    // an option in dollars is read as latex2sympy reads it
    expect(emmaEqual("0.5", "$\\frac{1}{2}$")).toBe("numeric");
    expect(emmaEqual("$\\sqrt{2}$", "1.414")).toBe("numeric");
    expect(emmaEqual("b", "c")).toBeNull();
    expect(emmaEqual("3.2", "3.14")).toBeNull();
  });

  it("checks the extraction against the answer letter and its option text", () => {
    const problem: Problem = { type: "Multiple Choice", options: ["1", "2", "3"], answer: "C", response: "\\boxed{3}" };
    expect(scoreEmmaItem(problem)).toMatchObject({ correct: true, decided_by: "rule:boxed; equal:text" });
    expect(scoreEmmaItem({ ...problem, response: "" })).toMatchObject({ correct: false });
    expect(scoreEmmaItem({ ...problem, gpt_eval: "Correct" })).toMatchObject({
      correct: true,
      decided_by: "judge:file gpt_eval",
    });
  });
});

describe("scoring files", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-benchmarks-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("re-scores MathVista outputs against the data file with per-key accuracy and Wilson intervals", () => {
    const data = {
      "1": {
        pid: "1",
        question_type: "multi_choice",
        answer_type: "text",
        choices: ["145°", "35°"],
        precision: null,
        answer: "35°",
        metadata: { source: "GeoQA+", language: "english", skills: ["geometry reasoning", "algebraic reasoning"] },
      },
      "2": {
        pid: "2",
        question_type: "free_form",
        answer_type: "float",
        choices: null,
        precision: 1.0,
        answer: "2.5",
        metadata: { source: "FunctionQA", language: "english", skills: ["algebraic reasoning"] },
      },
    };
    fs.writeFileSync(path.join(dir, "testmini.json"), JSON.stringify(data));
    const outputs = {
      "1": { response: "The answer is B", extraction: "B" },
      "2": { response: "2.45" },
    };
    // float precision written as 1.0 by Python: keep the literal
    fs.writeFileSync(path.join(dir, "output.json"), JSON.stringify(outputs));
    const score = scoreOutputs("mathvista", path.join(dir, "output.json"), path.join(dir, "testmini.json"));
    expect(score.items["1"]).toMatchObject({ correct: true, prediction: "35°", decided_by: "file" });
    expect(score.items["2"]).toMatchObject({ correct: true, prediction: "2.5", decided_by: "rule:float" });
    expect(score.accuracy.overall).toMatchObject({ correct: 2, total: 2, accuracy: 1 });
    const skills = score.accuracy.skills as Record<string, { total: number }>;
    expect(skills["algebraic reasoning"]?.total).toBe(2);
    expect(skills["geometry reasoning"]?.total).toBe(1);
    expect(Object.keys(score.accuracy.source as object)).toEqual(["GeoQA+", "FunctionQA"]);
    expect(score.accuracy.overall.ci[0]).toBeCloseTo(wilsonInterval(2, 2)[0], 12);
  });

  it("names the file, the record and the field of a bad record", () => {
    fs.writeFileSync(
      path.join(dir, "bad.json"),
      JSON.stringify({ "9": { response: "x", question_type: "free_form" } }),
    );
    expect(() => scoreOutputs("mathvista", path.join(dir, "bad.json"))).toThrow(/bad\.json: record 9: field answer/);
    fs.writeFileSync(
      path.join(dir, "bad2.json"),
      JSON.stringify({ "3": { extraction: "1", answer: "1", question_type: "free_form", answer_type: "matrix" } }),
    );
    expect(() => scoreOutputs("mathvista", path.join(dir, "bad2.json"))).toThrow(/record 3: field answer_type/);
  });
});

describe("Wilson interval", () => {
  it("matches statsmodels' proportion_confint(7, 10, method='wilson') and stays inside [0, 1]", () => {
    const [lo, hi] = wilsonInterval(7, 10);
    expect(lo).toBeCloseTo(0.39678, 4);
    expect(hi).toBeCloseTo(0.89221, 4);
    expect(wilsonInterval(0, 5)[0]).toBe(0);
    expect(wilsonInterval(5, 5)[1]).toBe(1);
  });
});
