// MathVista scored as its official code does (lupantech/MathVista, evaluation/extract_answer.py and
// calculate_score.py), with every step recorded: response → extraction (the file's own, or our rules, which are
// the official quick rules: empty, exact choice, int(), float(), `The answer is "…".`) → normalised prediction
// (a letter in parentheses, a choice letter, else the nearest choice by Levenshtein distance; str(int(float(x)));
// str(round(float(x), precision)); str(x) for lists) → verdict (prediction == answer). What the rules cannot read
// is "undecided" — the official code would ask GPT-4 with its 5-shot prompt; never a silent guess.
import { isLosslessNumber } from "lossless-json";
import type { ItemVerdict, NormalisedStep, Problem } from "./definition";
import { BenchmarkDataError } from "./errors";
import { nearestChoice } from "./levenshtein";
import {
  type PyValue,
  pyEqual,
  pyFloat,
  pyFloatFromText,
  pyFloatRepr,
  pyInt,
  pyIntFromText,
  pyIntOfFloat,
  pyRoundFloat,
  pyStr,
} from "./python";

/** The keys calculate_score.py breaks accuracy down by (metadata merged into the item). */
export const MATHVISTA_KEYS = [
  "question_type",
  "answer_type",
  "language",
  "source",
  "category",
  "task",
  "context",
  "grade",
  "skills",
] as const;

const choicesOf = (problem: Problem): string[] | null =>
  Array.isArray(problem.choices) ? problem.choices.map((c) => pyStr(c)) : null;

export interface Extraction {
  extraction: string;
  rule: "empty-response" | "exact-choice" | "integer" | "float" | "quick-regex";
}

/** The official extraction's rules, in its order; null when only its GPT-4 step could answer. */
export function extractByRules(response: PyValue, problem: Problem): Extraction | null {
  if (typeof response !== "string") return null;
  if (response === "") return { extraction: "", rule: "empty-response" };
  const choices = choicesOf(problem);
  if (problem.question_type === "multi_choice" && choices?.includes(response)) {
    return { extraction: response, rule: "exact-choice" };
  }
  if (problem.answer_type === "integer") {
    const n = pyIntFromText(response);
    if (n !== null) return { extraction: n, rule: "integer" };
  }
  if (problem.answer_type === "float") {
    const x = pyFloatFromText(response);
    if (x !== null) return { extraction: pyFloatRepr(x), rule: "float" };
  }
  // Python's `.` stops only at \n (JavaScript's also at \r, \u2028, \u2029)
  const quick = /The answer is "([^\n]*)"\./.exec(response);
  if (quick) return { extraction: quick[1] as string, rule: "quick-regex" };
  return null;
}

export interface Normalised {
  prediction: string | null;
  /** how the prediction was reached: for multiple choice, a letter or the nearest choice */
  step: NormalisedStep;
}

/** normalize_extracted_answer (ignore_empty_extractions off, as by default). */
export function normaliseExtraction(extraction: PyValue, problem: Problem): Normalised {
  const questionType = problem.question_type;
  const answerType = problem.answer_type;
  if (questionType === "multi_choice") {
    const choices = choicesOf(problem);
    if (!choices || choices.length === 0) throw new BenchmarkDataError("choices: a multiple-choice item needs choices");
    let text = typeof extraction === "string" ? extraction.trim() : pyStr(extraction);
    const letter = /\(([a-zA-Z])\)/.exec(text);
    if (letter) text = (letter[1] as string).toUpperCase();
    const index = text.length === 1 ? text.charCodeAt(0) - 65 : -1;
    if (index >= 0 && index < choices.length) return { prediction: choices[index] as string, step: "letter" };
    return { prediction: nearestChoice(text, choices), step: "nearest-choice" };
  }
  if (answerType === "integer") {
    const x = pyFloat(extraction);
    const n = x === null ? null : pyIntOfFloat(x);
    return n === null ? { prediction: null, step: "unparseable" } : { prediction: n, step: "integer" };
  }
  if (answerType === "float") {
    const x = pyFloat(extraction);
    const precision = pyInt(problem.precision ?? null);
    if (x === null || precision === null) return { prediction: null, step: "unparseable" };
    return { prediction: pyFloatRepr(pyRoundFloat(x, precision)), step: "float" };
  }
  if (answerType === "list") return { prediction: pyStr(extraction), step: "list" };
  throw new BenchmarkDataError(`answer_type: '${pyStr(answerType ?? null)}' is not integer, float, list or text`);
}

export function scoreMathVistaItem(problem: Problem, answer: PyValue): ItemVerdict {
  let extraction: PyValue;
  let decidedBy: string;
  if ("extraction" in problem) {
    extraction = problem.extraction as PyValue;
    decidedBy = "file";
  } else {
    const ruled = extractByRules(problem.response ?? null, problem);
    if (!ruled) return { correct: false, extraction: null, prediction: null, decided_by: "undecided" };
    extraction = ruled.extraction;
    decidedBy = `rule:${ruled.rule}`;
  }
  const normalised = normaliseExtraction(extraction, problem);
  return {
    correct: pyEqual(normalised.prediction, answer),
    extraction: typeof extraction === "string" ? extraction : pyStr(extraction),
    prediction: normalised.prediction,
    decided_by: decidedBy,
    normalised: normalised.step,
  };
}

/** A metadata value as calculate_score.py groups it (skills: each skill of the list). */
export function mathVistaValues(problem: Problem, key: string): string[] {
  const metadata = (problem.metadata ?? {}) as Problem;
  const value = key in metadata ? metadata[key] : problem[key];
  if (value === undefined) return [];
  if (key === "skills") return Array.isArray(value) ? value.map((v) => pyStr(v)) : [];
  return [isLosslessNumber(value) ? pyStr(value) : pyStr(value as PyValue)];
}
