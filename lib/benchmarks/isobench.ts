// IsoBench scored item by item. The paper prints no parsing rules and its evaluation code asks an LLM to parse, so
// these are ours, written down: a last \boxed{…} first; then the "answer" of a JSON object (text prompts ask for
// {answer, explanation}); then the opening words (image prompts ask to start with the answer). Each task then reads
// its label from that text. Gold answers that can be computed are: connectivity, maximum flow and isomorphism from
// the adjacency matrices, chess moves by chess.js from the position; a dataset label that disagrees with the
// computation is reported, and the verdict follows the dataset label (the published benchmark).
import { Chess } from "chess.js";
import type { ItemVerdict, Problem } from "./definition";
import { boxedContents } from "./emma";
import { BenchmarkDataError } from "./errors";
import { connected, isomorphic, maxFlow, parseAdjacency } from "./graphs";
import { type PyValue, pyInt, pyStr } from "./python";

export const ISOBENCH_TASKS = {
  math_parity: "mathematics",
  math_convexity: "mathematics",
  math_breakpoint: "mathematics",
  graph_connectivity: "algorithms",
  graph_maxflow: "algorithms",
  graph_isomorphism: "algorithms",
  winner_id: "games",
  puzzle: "games",
  chemistry: "science",
  physics: "science",
} as const;
export type IsoTask = keyof typeof ISOBENCH_TASKS;
export const ISOBENCH_KEYS = ["domain", "task", "representation"] as const;

/** The paper's random-guess accuracy per task (IsoBench §4), for the report. */
export const ISOBENCH_RANDOM: Record<IsoTask, number> = {
  math_parity: 1 / 3,
  math_convexity: 0.5,
  math_breakpoint: 0.5,
  graph_connectivity: 0.5,
  graph_maxflow: 0.04,
  graph_isomorphism: 0.5,
  winner_id: 1 / 3,
  puzzle: 0.029,
  chemistry: 0.383,
  physics: 0.383,
};

export const isIsoTask = (task: string): task is IsoTask => Object.hasOwn(ISOBENCH_TASKS, task);

/** The part of a response that holds the answer, and which rule found it. */
export function isoAnswerText(response: string): { text: string; rule: "boxed" | "json" | "opening" } {
  const boxed = boxedContents(response).at(-1);
  if (boxed !== undefined) return { text: boxed.trim(), rule: "boxed" };
  const fenced = /```(?:json)?\s*(\{[\s\S]*?\})\s*```/.exec(response)?.[1];
  const candidates = [fenced, ...[...response.matchAll(/\{[^{}]*\}/g)].map((m) => m[0])].filter(Boolean) as string[];
  for (const candidate of candidates) {
    try {
      const parsed = JSON.parse(candidate) as { answer?: unknown };
      if (parsed && typeof parsed === "object" && "answer" in parsed)
        return { text: String(parsed.answer), rule: "json" };
    } catch {
      // not JSON: the next candidate
    }
  }
  return { text: response.trim().slice(0, 200), rule: "opening" };
}

const firstWord = (text: string, words: string[]) => {
  const match = new RegExp(`\\b(${words.join("|")})\\b`, "i").exec(text);
  return match ? (match[1] as string).toLowerCase() : null;
};

function readBool(text: string, yes: string[], no: string[]): string | null {
  const t = text.toLowerCase();
  const positions = [
    ...no.map((w) => ({ at: t.search(new RegExp(`\\b${w}\\b`)), value: "false" })),
    ...yes.map((w) => ({ at: t.search(new RegExp(`\\b${w}\\b`)), value: "true" })),
  ].filter((p) => p.at >= 0);
  if (!positions.length) return null;
  // the earliest mention decides; at the same place the negative one ("not connected" over "connected")
  positions.sort((p, q) => p.at - q.at);
  return positions[0]?.value ?? null;
}

function readMove(text: string, fen: string | null): string | null {
  const uci = /\b([a-h][1-8][a-h][1-8][qrbn]?)\b/.exec(text)?.[1];
  if (uci) return uci;
  if (!fen) return null;
  const san = /\b((?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8]|[a-h][1-8])(?:=[QRBN])?[+#]?|O-O(?:-O)?)/.exec(
    text,
  )?.[1];
  if (!san) return null;
  try {
    const move = new Chess(fen).move(san);
    return `${move.from}${move.to}${move.promotion ?? ""}`;
  } catch {
    return null;
  }
}

const optionsOf = (problem: Problem): string[] => {
  if (Array.isArray(problem.choices)) return problem.choices.map((c) => pyStr(c));
  if (typeof problem.choices === "string") {
    try {
      const parsed = JSON.parse(problem.choices.replaceAll("'", '"')) as unknown;
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // a Python repr with apostrophes inside: split on the quotes
      return [...problem.choices.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? m[2] ?? "");
    }
  }
  return [];
};

/** The task's reading of an answer text, in the label's canonical form. */
export function isoReadAnswer(task: IsoTask, text: string, problem: Problem): string | null {
  switch (task) {
    case "math_parity":
      return firstWord(text, ["even", "odd", "neither"]);
    case "math_convexity":
      return firstWord(text, ["convex", "concave"]);
    case "math_breakpoint":
    case "graph_maxflow":
      return /-?\d+/.exec(text)?.[0]?.replace(/^-?0+(?=\d)/, "") ?? null;
    case "graph_connectivity":
      return readBool(text, ["yes", "true", "connected"], ["no", "false", "not connected", "disconnected"]);
    case "graph_isomorphism":
      return readBool(text, ["yes", "true", "isomorphic"], ["no", "false", "not isomorphic", "non-isomorphic"]);
    case "winner_id":
      return firstWord(text, ["white", "black", "draw"]);
    case "puzzle":
      return readMove(text, typeof problem.fen === "string" ? problem.fen : null);
    case "chemistry":
    case "physics": {
      const options = optionsOf(problem);
      const letter = /^\s*\(?([A-Za-z])[).:\s]/.exec(`${text} `)?.[1];
      if (letter && letter.toUpperCase().charCodeAt(0) - 65 < options.length) {
        return String(letter.toUpperCase().charCodeAt(0) - 65);
      }
      const index = options.findIndex((o) => o && text.toLowerCase().includes(o.toLowerCase()));
      return index >= 0 ? String(index) : null;
    }
  }
}

/** The gold answer in canonical form, and whether computation from the item agrees with the dataset's label. */
export function isoTruth(task: IsoTask, problem: Problem): { label: string; computed?: string } {
  const raw = problem.label ?? null;
  const label =
    typeof raw === "boolean"
      ? String(raw)
      : task === "graph_connectivity" || task === "graph_isomorphism"
        ? String(pyStr(raw as PyValue).toLowerCase() === "true")
        : task === "puzzle"
          ? (
              pyStr(raw as PyValue)
                .trim()
                .split(/[\s,]+/)[0] ?? ""
            ).toLowerCase()
          : pyStr(raw as PyValue)
              .trim()
              .toLowerCase();
  const matrix = (field: string) => parseAdjacency(pyStr((problem[field] ?? "") as PyValue));
  const node = (field: string) => pyInt((problem[field] ?? null) as PyValue);
  try {
    if (task === "graph_connectivity") {
      const a = node("query_node_1");
      const b = node("query_node_2");
      if (a !== null && b !== null) return { label, computed: String(connected(matrix("adjacency_matrix"), a, b)) };
    }
    if (task === "graph_maxflow") {
      const s = node("source_node");
      const t = node("sink_node");
      if (s !== null && t !== null) return { label, computed: String(maxFlow(matrix("adjacency_matrix"), s, t)) };
    }
    if (task === "graph_isomorphism") {
      return { label, computed: String(isomorphic(matrix("adjacency_matrix_G"), matrix("adjacency_matrix_H"))) };
    }
  } catch (error) {
    throw new BenchmarkDataError(`adjacency_matrix: ${(error as Error).message}`);
  }
  return { label };
}

export function taskOf(problem: Problem, fallback?: string): IsoTask {
  const task = typeof problem.task === "string" ? problem.task : fallback;
  if (!task || !isIsoTask(task)) {
    throw new BenchmarkDataError(
      `task: '${task ?? ""}' is not an IsoBench task (${Object.keys(ISOBENCH_TASKS).join(", ")})`,
    );
  }
  return task;
}

export function scoreIsoBenchItem(problem: Problem): ItemVerdict & { truth: string; computed?: string } {
  const task = taskOf(problem);
  const truth = isoTruth(task, problem);
  let text: string;
  let decidedBy: string;
  if (typeof problem.extraction === "string") {
    text = problem.extraction;
    decidedBy = "file";
  } else if (typeof problem.response === "string") {
    const found = isoAnswerText(problem.response);
    text = found.text;
    decidedBy = `rule:${found.rule}`;
  } else {
    return {
      correct: false,
      extraction: null,
      prediction: null,
      decided_by: "rule:empty-response",
      truth: truth.label,
    };
  }
  const prediction = isoReadAnswer(task, text, problem);
  return {
    correct: prediction !== null && prediction === truth.label,
    extraction: text,
    prediction,
    decided_by: prediction === null ? `${decidedBy}; unreadable` : decidedBy,
    truth: truth.label,
    ...(truth.computed !== undefined ? { computed: truth.computed } : {}),
  };
}

export function isoValues(problem: Problem, key: string): string[] {
  const task = typeof problem.task === "string" && isIsoTask(problem.task) ? problem.task : null;
  if (key === "task") return task ? [task] : [];
  if (key === "domain") return task ? [ISOBENCH_TASKS[task]] : [];
  if (key === "representation") return [typeof problem.representation === "string" ? problem.representation : "image"];
  return [];
}
