// Our reading of a free-form IsoBench answer onto the task's choices, with no model: what IsoBench-Eval asks
// gpt-3.5-turbo to do ("which choice the model selected"). The answer is looked for where models put it, most
// explicit first — a last \boxed{…}, a JSON "answer", an "Answer:" / "final answer is" line, the opening sentence,
// the closing sentence — and each task reads its choice from the first of those that names one. The whole response
// is the last resort. What decided is recorded (`rule:<where>`).
import { boxedContents } from "./emma";
import type { IsoTask } from "./isobench";
import { readNetDirection, readPairComparison, readTransfer } from "./isobench-science";
import { pyRepr } from "./python";

export interface ChoiceReading {
  /** the choice, spelt as in `choices` (or, for counts and flows without choices, the number) */
  prediction: string | null;
  /** the text the choice was read from */
  extraction: string | null;
  decided_by: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const strip = (s: string) =>
  s
    .replace(/\*\*|__|`/g, "")
    .replace(/\\text\{([^}]*)\}/g, "$1")
    .trim();

/** Where the answer may be, most explicit first, each with the name of its rule. */
export function answerSegments(response: string): { where: string; text: string }[] {
  const segments: { where: string; text: string }[] = [];
  const boxed = boxedContents(response).at(-1);
  if (boxed !== undefined) segments.push({ where: "boxed", text: strip(boxed) });
  // the "answer" of a JSON object, wherever the object's other fields put braces of their own
  for (const m of [...response.matchAll(/"answer"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false)/gi)]) {
    try {
      segments.push({ where: "json", text: String(JSON.parse(m[1] as string)) });
    } catch {
      // not JSON after all
    }
  }
  const plain = strip(response);
  const answerLines = [
    ...plain.matchAll(/(?:^|\n)\s*(?:#+\s*)?(?:final\s+)?answer\s*[:：-]\s*([^\n]+)/gi),
    ...plain.matchAll(
      /\b(?:final answer|correct answer|the answer|my answer)\s+(?:is|would be|should be)\s*:?\s*([^\n]+)/gi,
    ),
  ];
  for (const m of answerLines) segments.push({ where: "answer-line", text: (m[1] as string).trim() });
  const sentences = plain
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences[0]) segments.push({ where: "opening", text: sentences[0] });
  const last = sentences.at(-1);
  if (last && sentences.length > 1) segments.push({ where: "closing", text: last });
  segments.push({ where: "whole", text: plain });
  return segments;
}

/** The earliest of the named words (whole words) in `text`, as the word list spells it. */
function earliest(text: string, words: Record<string, string>): string | null {
  let best: { at: number; length: number; value: string } | null = null;
  for (const [phrase, value] of Object.entries(words)) {
    const match = new RegExp(`(?<![\\w-])${escapeRegExp(phrase)}(?![\\w-])`, "i").exec(text);
    if (!match) continue;
    // at the same place the longer phrase ("not connected" over "not")
    if (!best || match.index < best.at || (match.index === best.at && phrase.length > best.length)) {
      best = { at: match.index, length: phrase.length, value };
    }
  }
  return best?.value ?? null;
}

const YES_NO: Partial<Record<IsoTask, Record<string, string>>> = {
  graph_connectivity: {
    yes: "yes",
    true: "yes",
    connected: "yes",
    "are connected": "yes",
    "is a path": "yes",
    "exists a path": "yes",
    no: "no",
    false: "no",
    "not connected": "no",
    disconnected: "no",
    "no path": "no",
    "not reachable": "no",
    unreachable: "no",
  },
  graph_isomorphism: {
    yes: "yes",
    true: "yes",
    isomorphic: "yes",
    "are isomorphic": "yes",
    no: "no",
    false: "no",
    "not isomorphic": "no",
    "non-isomorphic": "no",
    nonisomorphic: "no",
  },
};

const WORDS: Partial<Record<IsoTask, Record<string, string>>> = {
  math_parity: { even: "even", odd: "odd", neither: "neither", "neither even nor odd": "neither" },
  math_convexity: { convex: "convex", concave: "concave", "not convex": "concave", "not concave": "convex" },
  winner_id: {
    white: "white",
    "white wins": "white",
    black: "black",
    "black wins": "black",
    draw: "draw",
    drawn: "draw",
    stalemate: "draw",
    "1-0": "white",
    "0-1": "black",
    "1/2-1/2": "draw",
    "½-½": "draw",
  },
};

/** The choice spelt as the file spells it (choices keep their case; words are matched without it). */
function asChoice(value: string | null, choices: string[] | null): string | null {
  if (value === null) return null;
  if (!choices?.length) return value;
  return choices.find((c) => c.toLowerCase().trim() === value.toLowerCase()) ?? null;
}

function readNumber(text: string, where: string): string | null {
  // in an explicit answer the first number; in running text the number stated as the result ("the maximum flow
  // from node 0 to node 4 is 16", "there are 3 breakpoints"), never a node's or a coordinate's
  if (where === "boxed" || where === "json" || where === "answer-line") return /-?\d+/.exec(text)?.[0] ?? null;
  const counted = /(\d+)\s+(?:break ?points|corners|vertices|kinks|units)\b/i.exec(text)?.[1];
  if (counted) return counted;
  const stated = [...text.matchAll(/\b(?:is|are|equals|=|of|:)\s*(\d+)\b(?!\s*(?:→|->|,\s*\d))/gi)].at(-1)?.[1];
  if (stated && /flow|break ?point|corner|answer|total|count/i.test(text)) return stated;
  return null;
}

function readScienceChoice(text: string, choices: string[]): string | null {
  const lower = text.toLowerCase();
  // the option named earliest (the longer one where two start at the same place: "a compound" in "not a compound"
  // is still that option, and the parser cannot do better without a model)
  let best: { at: number; length: number; choice: string } | null = null;
  for (const choice of choices) {
    const needle = choice.toLowerCase().trim();
    if (!needle) continue;
    const at = lower.indexOf(needle);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && needle.length > best.length)) {
      best = { at, length: needle.length, choice };
    }
  }
  if (best) return best.choice;
  const letter = /^\s*\(?([A-Ha-h])[).:]\s/.exec(`${text} `)?.[1];
  if (letter) {
    const index = letter.toUpperCase().charCodeAt(0) - 65;
    if (index < choices.length) return choices[index] as string;
  }
  return null;
}

/**
 * Content words of a text, for matching an answer worded differently from its option, each cut to its first six
 * letters so that "element" meets "elementary" and "concentration" "concentrations".
 */
const contentWords = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !["the", "and", "than", "are", "for", "with", "its", "their"].includes(w))
      .map((w) => w.slice(0, 6)),
  );

/** The option sharing most content words with the text, when one clearly does. */
function closestChoice(text: string, choices: string[]): string | null {
  const words = contentWords(text);
  const scored = choices
    .map((choice) => {
      const want = contentWords(choice);
      let shared = 0;
      for (const w of want) if (words.has(w)) shared++;
      return { choice, score: want.size ? shared / want.size : 0 };
    })
    .sort((p, q) => q.score - p.score);
  const [first, second] = scored;
  if (!first || first.score < 0.5 || (second && second.score === first.score)) return null;
  return first.choice;
}

function readPuzzle(text: string, choices: string[] | null): string | null {
  const moves = [...text.toLowerCase().matchAll(/\b([a-h][1-8])\s*[-x]?\s*([a-h][1-8])([qrbn])?\b/g)].map(
    (m) => `${m[1]}${m[2]}${m[3] ?? ""}`,
  );
  // IsoBench-Eval's chess choices are a description and "no-move": the answer is the move itself
  const listed = choices?.filter((c) => c !== "no-move" && /^[a-h][1-8][a-h][1-8][qrbn]?$/i.test(c)) ?? [];
  if (!listed.length) return moves[0] ?? null;
  return listed.find((c) => moves.includes(c.toLowerCase())) ?? null;
}

/** One segment's choice for the task, or null when it names none. */
function readSegment(task: IsoTask, text: string, where: string, choices: string[] | null): string | null {
  switch (task) {
    case "math_breakpoint":
    case "graph_maxflow":
      return asChoice(readNumber(text, where), choices) ?? (choices?.length ? null : readNumber(text, where));
    case "graph_connectivity":
    case "graph_isomorphism":
      return asChoice(earliest(text, YES_NO[task] ?? {}), choices ?? ["yes", "no"]);
    case "math_parity":
    case "math_convexity":
    case "winner_id":
      return asChoice(earliest(text, WORDS[task] ?? {}), choices);
    case "puzzle":
      return readPuzzle(text, choices);
    case "chemistry":
    case "physics":
      if (!choices?.length) return null;
      return (
        readScienceChoice(text, choices) ??
        readTransfer(text, choices) ??
        readNetDirection(text, choices) ??
        readPairComparison(text, choices) ??
        (where === "whole" ? null : closestChoice(text, choices))
      );
  }
}

/** The choice a response selected, and where it was read. */
export function readChoice(task: IsoTask, response: string, choices: string[] | null): ChoiceReading {
  if (!response.trim()) return { prediction: null, extraction: null, decided_by: "rule:empty-response" };
  for (const { where, text } of answerSegments(response)) {
    const prediction = readSegment(task, text, where, choices);
    if (prediction !== null) return { prediction, extraction: text.slice(0, 300), decided_by: `rule:${where}` };
  }
  // a chess answer that names no move of the choices is IsoBench-Eval's "no-move"
  if (task === "puzzle" && choices?.includes("no-move")) {
    return { prediction: "no-move", extraction: null, decided_by: "rule:no-move-named" };
  }
  // a science answer that names no option ("Hardness." for rough/stretchy): IsoBench-Eval's own simple parse, which
  // its parser's readings follow in such cases far more often than not (it ends on the first option)
  if ((task === "chemistry" || task === "physics") && choices?.length) {
    return {
      prediction: isoBenchEvalFallback(response, choices),
      extraction: null,
      decided_by: "rule:official-fallback",
    };
  }
  return { prediction: null, extraction: null, decided_by: "rule:unreadable" };
}

/** IsoBench-Eval's chess choices: a move and "no-move" (its _parse_choice tells them apart this way). */
const isChessChoices = (choices: string[]) =>
  choices.length === 2 && choices.includes("no-move") && choices.some((c) => c.length >= 4 && c !== "no-move");

/**
 * What IsoBench-Eval's parser (models.py _parse_choice) asks gpt-3.5-turbo, word for word: the chess prompt for a
 * move against "no-move", the multiple-choice prompt otherwise; `choices` printed as Python prints a list.
 */
export function isoBenchEvalParsePrompt(response: string, choices: string[]): string {
  const list = `[${choices.map((c) => pyRepr(c)).join(", ")}]`;
  if (isChessChoices(choices))
    return `You are a chess move parser. Given a model's response to a chess puzzle, extract the chess move.

Model Response: "${response}"

Available Choices: ${list}

Your task:
1. Look for chess moves in Algebraic Coordinate Notation (e.g., "d2d1", "e5a1", "c4f4") in the response
2. If you find a chess move, select it
3. If no valid chess move is found or mentioned, select "no-move"

Respond with valid JSON in this exact format:
{
    "answer": "<exact_choice_value>",
    "reasoning": "<brief explanation of how you identified the chess move>"
}

The answer must be one of these exact values: ${list}`;
  return `You are a response parser. Given a model's response to a multiple choice question, extract the answer and reasoning.

Model Response: "${response}"

Available Choices: ${list}

Your task:
1. Determine which choice the model selected from the available options
2. Parse the response to extract the model's reasoning behind the choice. You can copy the reasoning directly from the response.

Respond with valid JSON in this exact format:
{
    "answer": "<exact_choice_value>",
    "reasoning": "<brief explanation of how the model determined the choice>"
}

The answer must be one of these exact values: ${list}`;
}

/** _fallback_parse_choice: IsoBench-Eval's reading when its parser's answer is not JSON. */
export function isoBenchEvalFallback(response: string, choices: string[]): string {
  const upper = response.toUpperCase().trim();
  const lower = response.toLowerCase().trim();
  if (isChessChoices(choices)) {
    const move = choices.find((c) => c !== "no-move");
    if (move) {
      for (const m of lower.matchAll(/[a-h][1-8][a-h][1-8]/g)) if (m[0] === move.toLowerCase()) return move;
      if (lower.includes(move.toLowerCase())) return move;
    }
    return "no-move";
  }
  for (const choice of choices) if (lower.includes(choice.toLowerCase())) return choice;
  for (const [i, letter] of ["A", "B", "C", "D"].slice(0, choices.length).entries())
    if (upper.includes(letter)) return choices[i] as string;
  for (let i = 0; i < choices.length; i++) if (response.includes(String(i))) return choices[i] as string;
  return choices[0] as string;
}

/** The choice IsoBench-Eval keeps from its parser's answer: the JSON's answer when valid, else its first choice. */
export function isoBenchEvalParsed(judgeAnswer: string, response: string, choices: string[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(judgeAnswer.trim());
  } catch {
    return isoBenchEvalFallback(response, choices);
  }
  // parsed.get(…) on a list or a number raises, and its caller falls back to the simple parse
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return isoBenchEvalFallback(response, choices);
  const answer = "answer" in parsed ? (parsed as { answer: unknown }).answer : choices[0];
  // its check passes anything when "no-move" is a choice
  if ((typeof answer === "string" && choices.includes(answer)) || choices.includes("no-move")) return String(answer);
  return choices[0] as string;
}
