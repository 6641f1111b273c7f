// EMMA scored as its official code does (hychaochao/EMMA, evaluation/evaluate.py fast_extract_answer and
// evaluation/utils.py is_equal), each step recorded. Extraction: a bare letter A–H or "X:", a number Python's
// float() reads, the last brace-balanced \boxed{…} (its last \text{…} when it has one), the text after "final answer
// is / correct answer is / answer should be / answer is" up to a line end or period, else the whole response.
// Equality, against the answer and against the answer's option text: equal after lower-casing and trimming; else
// both read as LaTeX, equal after rounding their values to 2 decimals, or their difference simplifying to 0. The
// official code parses with latex2sympy and sympy; we use @cortex-js/compute-engine — the same on numbers,
// fractions, roots and ordinary expressions, and recorded as "rule:numeric" / "rule:symbolic" so a reader can check.
// pinned at 0.26.4, the last release that installs on Node 20 without an engine warning (0.28 and later declare
// node >= 21.7.3); every EMMA test, the official examples included, gives the same verdicts on it as on 0.140
import { ComputeEngine } from "@cortex-js/compute-engine";
import type { ItemVerdict, Problem } from "./definition";
import { type PyValue, pyFloatFromText, pyRoundFloat, pyStr } from "./python";

export const EMMA_KEYS = ["subject", "question_type", "category", "task"] as const;

/** The last brace-balanced \boxed{…} contents, as extract_full_boxed_content collects them. */
export function boxedContents(s: string): string[] {
  const results: string[] = [];
  let i = 0;
  while (i < s.length) {
    if (s.startsWith("\\boxed{", i)) {
      const start = i + 7;
      let depth = 0;
      i = start;
      while (i < s.length) {
        if (s[i] === "{") depth++;
        else if (s[i] === "}") {
          if (depth > 0) depth--;
          else {
            results.push(s.slice(start, i));
            break;
          }
        }
        i++;
      }
    }
    i++;
  }
  return results;
}

export interface EmmaExtraction {
  extraction: string;
  rule: "letter" | "number" | "boxed" | "answer-phrase" | "whole-response";
}

export function emmaExtract(raw: string): EmmaExtraction {
  const response = raw.trim();
  for (const ch of "ABCDEFGH") {
    if (response.toUpperCase() === ch || response.startsWith(`${ch}:`)) return { extraction: ch, rule: "letter" };
  }
  if (pyFloatFromText(response) !== null) return { extraction: response, rule: "number" };
  if (response.includes("boxed{")) {
    const boxed = boxedContents(response);
    const last = boxed.at(-1);
    if (last !== undefined) {
      // \text{…} non-greedy, as re.findall(r'\\text{(.*?)}') (its `.` stops at \n)
      const texts = [...last.matchAll(/\\text\{([^\n]*?)\}/g)].map((m) => m[1] as string);
      if (texts.length) return { extraction: (texts.at(-1) as string).trim(), rule: "boxed" };
      return { extraction: last.trim(), rule: "boxed" };
    }
  }
  const lower = response.toLowerCase();
  for (const flag of ["final answer is", "correct answer is", "answer should be", "answer is"]) {
    if (lower.includes(flag)) {
      const after = (lower.split(flag).at(-1) as string).trim();
      return { extraction: (after.split("\n")[0] as string).split(".")[0] as string, rule: "answer-phrase" };
    }
  }
  return { extraction: response, rule: "whole-response" };
}

let engine: ComputeEngine | undefined;

/** An option written as inline LaTeX (`$\\frac{1}{2}$`, `$$…$$`): latex2sympy reads what is inside the dollars. */
const insideDollars = (s: string) => /^\s*\$\$?([\s\S]*?)\$?\$\s*$/.exec(s)?.[1] ?? s;

/**
 * is_equal: which test made two answers equal, or null when none did. Its order matters: the official code rounds
 * float(evalf()) of both sides first, and float() of an expression with a free symbol raises, which is caught as
 * "not equal"; so the symbolic difference is only ever reached for two numbers, and `(A)` is not `A`, nor `x+1`
 * `1+x` (both would be equal by symbols alone).
 */
export function emmaEqual(model: string, truth: string): "text" | "numeric" | "symbolic" | null {
  const a = model.toLowerCase();
  const b = truth.toLowerCase();
  if (a.trim() === b.trim()) return "text";
  try {
    engine ??= new ComputeEngine();
    const x = engine.parse(insideDollars(a));
    const y = engine.parse(insideDollars(b));
    if (!x.isValid || !y.isValid) return null;
    const real = (e: typeof x) => {
      const n = e.N();
      const value = Number(n.re);
      return Number.isFinite(value) && Number(n.im ?? 0) === 0 ? value : null;
    };
    const nx = real(x);
    const ny = real(y);
    // float() of a symbol or a complex value raises in the official code: not equal
    if (nx === null || ny === null) return null;
    if (pyRoundFloat(nx, 2) === pyRoundFloat(ny, 2)) return "numeric";
    const difference = engine.box(["Subtract", x, y]).simplify();
    if (difference.is(0)) return "symbolic";
  } catch {
    // as the official code: a text neither parser reads is simply not equal
  }
  return null;
}

/** The option text of the answer letter (multiple choice) or the answer itself, as build_query sets gt_content. */
export function emmaTruthText(problem: Problem): string | null {
  if (typeof problem.gt_content === "string") return problem.gt_content;
  const answer = typeof problem.answer === "string" ? problem.answer : null;
  if (answer === null) return null;
  const type = typeof problem.type === "string" ? problem.type.toLowerCase() : "";
  if (type === "multiple choice" && Array.isArray(problem.options)) {
    const option = problem.options[answer.toUpperCase().charCodeAt(0) - 65];
    return option === undefined ? null : pyStr(option);
  }
  return answer;
}

export function scoreEmmaItem(problem: Problem): ItemVerdict {
  // a file judged by the official GPT path carries that judge's verdict: it is the official one
  if (typeof problem.gpt_eval === "string") {
    return {
      correct: problem.gpt_eval.toLowerCase() === "correct",
      extraction: null,
      prediction: null,
      decided_by: "judge:file gpt_eval",
    };
  }
  const response = problem.response;
  if (typeof response !== "string" || response === "") {
    return { correct: false, extraction: null, prediction: null, decided_by: "rule:empty-response" };
  }
  let extraction: string;
  let decidedBy: string;
  if (typeof problem.extraction === "string") {
    extraction = problem.extraction;
    decidedBy = "file";
  } else {
    const extracted = emmaExtract(response);
    extraction = extracted.extraction;
    decidedBy = `rule:${extracted.rule}`;
  }
  const answer = typeof problem.answer === "string" ? problem.answer : pyStr((problem.answer ?? null) as PyValue);
  const truthText = emmaTruthText(problem);
  const how = emmaEqual(extraction, answer) ?? (truthText !== null ? emmaEqual(extraction, truthText) : null);
  return {
    correct: how !== null,
    extraction,
    prediction: extraction,
    decided_by: how ? `${decidedBy}; equal:${how}` : decidedBy,
  };
}

/** The groups calculate_acc.py reports: subject, question type, category per subject (Coding's split on ';'), task. */
export function emmaValues(problem: Problem, key: string): string[] {
  const subject = pyStr((problem.subject ?? null) as PyValue);
  if (key === "subject") return [subject];
  if (key === "question_type") return [pyStr((problem.type ?? null) as PyValue).toLowerCase()];
  if (key === "category") {
    if (typeof problem.category !== "string" || !problem.category) return [];
    const categories = subject === "Coding" ? problem.category.split(";").map((c) => c.trim()) : [problem.category];
    return categories.map((c) => `${subject}/${c}`);
  }
  if (key === "task") {
    return typeof problem.task === "string" && problem.task ? [`${subject}_${problem.task}`] : [];
  }
  return [];
}
