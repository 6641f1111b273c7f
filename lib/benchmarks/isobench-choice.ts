// Our reading of a free-form IsoBench answer onto the task's choices, with no model: what IsoBench-Eval asks
// gpt-3.5-turbo to do ("which choice the model selected"). The answer is looked for where models put it, most
// explicit first — a last \boxed{…}, a JSON "answer", an "Answer:" / "final answer is" line, for science a
// concluding sentence ("Conclusion: …", "Therefore …"), the opening sentence, the closing sentence — and each task
// reads its choice from the first of those that names one. The whole response is the last resort. Counts are read
// as answers phrase them (alone on the first line, in words, as the result of a sum, "N breakpoints"); a count
// outside a few numeric choices goes to the nearest, where the official parser, told to answer with one of them,
// puts it. Letters and small numbers as options are whole tokens in their own case. What decided is recorded
// (`rule:<where>`, `+nearest-choice`). On IsoBench-Eval's published gpt-5-nano files these rules agree with the
// official verdict on 97.7% of 3,374 answers (92.4% before issue 67), every task ≥ 90.0%.
import { boxedContents } from "./emma";
import type { IsoTask } from "./isobench";
import { isoBenchEvalFallback } from "./isobench-official-parse";
import { readNetDirection, readPairComparison, readTransfer } from "./isobench-science";

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
  // the sentence a reasoning ends on ("Conclusion: Sample B is the hotter sample", "Therefore, …"): the last one
  const concluding = sentences.filter((t) =>
    /^(?:[-*•]\s*)?(?:conclusion|in conclusion|in summary|therefore|thus|hence|so,|true statement|result)\b/i.test(t),
  );
  const conclusion = concluding.at(-1);
  if (conclusion) segments.push({ where: "conclusion", text: conclusion });
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

/** A game's result as answers state it: "Black wins", "winning for White", "White has a decisive advantage", a draw. */
const VERDICT =
  /\b(white|black)\b(?:['’]s)?\s+(?:(?:is|are|should|would|will|can|must)\s+)?(?:be\s+)?(?:\w+ly\s+)?(?:wins?\b|winning\b|won\b|has\s+(?:a\s+|the\s+)?(?:\w+ly\s+)?(?:winning|decisive|won)\b)|\b(?:win|victory|winning)\s+for\s+(white|black)\b|\b(draw|drawn|stalemate|perpetual check|1-0|0-1|1\/2-1\/2|½-½)\b/gi;
const RESULT: Record<string, string> = { "1-0": "white", "0-1": "black" };

/**
 * The winner a segment states. A colour named in passing ("White to move", "Black's rook on e8") is no verdict, so in
 * running text only a stated result counts: the first in an opening, closing or answer line, the last in the whole
 * answer (where it ends). A short answer ("White.", "Black wins") is its verdict.
 */
function readVerdict(text: string, where: string): string | null {
  const verdicts = [...text.matchAll(VERDICT)].map((m) => {
    const said = (m[1] ?? m[2] ?? m[3] ?? "").toLowerCase();
    return RESULT[said] ?? (/^(white|black)$/.test(said) ? said : "draw");
  });
  const verdict = where === "whole" ? verdicts.at(-1) : verdicts[0];
  if (verdict) return verdict;
  if (where === "boxed" || where === "json" || where === "answer-line" || text.split(/\s+/).length <= 4)
    return earliest(text, WORDS.winner_id ?? {});
  return null;
}

/** The choice spelt as the file spells it (choices keep their case; words are matched without it). */
function asChoice(value: string | null, choices: string[] | null): string | null {
  if (value === null) return null;
  if (!choices?.length) return value;
  return choices.find((c) => c.toLowerCase().trim() === value.toLowerCase()) ?? null;
}

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];
const NUMBER_WORD = new RegExp(`\\b(${NUMBER_WORDS.join("|")})\\b`, "gi");
/** Counts written in words as digits ("Two breakpoints", "no corners"), for the number readers below. */
const inDigits = (text: string) =>
  text
    .replace(NUMBER_WORD, (word) => String(NUMBER_WORDS.indexOf(word.toLowerCase())))
    .replace(/\bno\s+(break ?points|corners|vertices|kinks)\b/gi, "0 $1");

function readNumber(raw: string, where: string): string | null {
  const text = inDigits(raw);
  // in an explicit answer the first number; in running text the number stated as the result ("the maximum flow
  // from node 0 to node 4 is 16", "there are 3 breakpoints", "Total max flow = 5 + 1 = 6"), never a node's, a
  // coordinate's or a term of a sum
  if (where === "boxed" || where === "json") return /-?\d+/.exec(text)?.[0] ?? null;
  // a number standing alone as a sentence of its own ("2" on the answer's first line, "**3**.")
  const alone = /^\(?(-?\d+)\)?[.!]?$/.exec(text.trim())?.[1];
  if (alone) return alone;
  const counted = /(\d+)\s+(?:total\s+)?(?:break ?points?|corners?|vertices|vertex|kinks?|units)\b/i.exec(text)?.[1];
  if (counted) return counted;
  const stated = [
    ...text.matchAll(/(?:\b(?:is|are|equals|of)\b|=|:)\s*(\d+)\b(?!\s*(?:→|->|[+*/×-]\s*\d|,\s*\d|\.\d))/gi),
  ].at(-1)?.[1];
  if (stated && (where === "answer-line" || /flow|break ?point|corner|answer|total|count/i.test(text))) return stated;
  // an "Answer:" line that states no result in a sentence: its first number ("Answer: 16 (from 0 to 4)")
  if (where === "answer-line") return /-?\d+/.exec(text)?.[0] ?? null;
  return null;
}

/**
 * A count among numeric choices: the choice itself, or, for a count outside them ("4 breakpoints" of 2 or 3), the
 * nearest one, which is where IsoBench-Eval's parser (a model told "the answer must be one of these exact values")
 * puts such answers.
 */
function numericChoice(value: string | null, choices: string[] | null): { value: string; nearest: boolean } | null {
  if (value === null) return null;
  if (!choices?.length) return { value, nearest: false };
  const exact = asChoice(value, choices);
  if (exact !== null) return { value: exact, nearest: false };
  const numbers = choices.map(Number);
  // a few small counts (2 or 3 breakpoints); among many (flows 1…28) a value outside them stays unread
  if (choices.length > 4 || numbers.some((n) => !Number.isFinite(n))) return null;
  const wanted = Number(value);
  let best = 0;
  for (let i = 1; i < numbers.length; i++)
    if (Math.abs((numbers[i] as number) - wanted) < Math.abs((numbers[best] as number) - wanted)) best = i;
  return { value: choices[best] as string, nearest: true };
}

/**
 * Where a choice is named in a text: a letter or number (a switch "Z", a region "E", "2" amperes) as a token of its
 * own and in its own case ("switch" names no W, "Gas" no A); any longer option anywhere, case aside.
 */
function namedAt(text: string, choice: string): number {
  const needle = choice.trim();
  if (!needle) return -1;
  const found = [exactlyAt(text, needle), ...otherWordings(needle).map((re) => re.exec(text)?.index ?? -1)].filter(
    (at) => at >= 0,
  );
  return found.length ? Math.min(...found) : -1;
}

/**
 * How answers word two kinds of option apart from the option's own words: the "neither; …are the same" option of a
 * comparison ("Neither solution has a higher concentration", "equal concentrations", "they are the same"), and an
 * ion written as chemists write it ("Al3+", "Al^3+", "Al³⁺" for "Al (3+)").
 */
function otherWordings(choice: string): RegExp[] {
  if (/^neither\b/i.test(choice))
    return [
      /\bneither\b/i,
      /\b(?:equal|same|identical)\s+(?:concentrations?|temperatures?|amounts?)\b/i,
      /\b(?:are|is)\s+(?:equal|the same)\b/i,
    ];
  const ion = /^([A-Z][a-z]?)\s*\((\d*)([+-])\)$/.exec(choice);
  if (ion) {
    const [, element, count = "", sign = "+"] = ion;
    const superscript = [...`${count}${sign}`].map((c) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(c)] ?? (c === "+" ? "⁺" : "⁻")).join("");
    return [
      new RegExp(
        `(?<![A-Za-z])${element}(?:\\^?\\{?${count}\\${sign}\\}?|\\^?\\{?\\${sign}${count}\\}?|${superscript})`,
      ),
    ];
  }
  return [];
}

/** Where the option is named in its own words: see namedAt. */
function exactlyAt(text: string, needle: string): number {
  if (needle.length <= 2) {
    const match = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(needle)}(?![A-Za-z0-9])`).exec(text);
    return match ? match.index : -1;
  }
  return text.toLowerCase().indexOf(needle.toLowerCase());
}

function readScienceChoice(text: string, choices: string[]): string | null {
  // numbers as options (amperes, a count): the number the text states as its result ("… = 8 C / 4 s = 2 A")
  if (choices.every((c) => /^-?\d+(?:\.\d+)?$/.test(c.trim()))) {
    const stated = [...text.matchAll(/(?:=|\b(?:is|are|of)\b)\s*(-?\d+(?:\.\d+)?)(?![\d.]*\s*[/×*])/g)].at(-1)?.[1];
    if (stated !== undefined) return choices.find((c) => Number(c) === Number(stated)) ?? null;
  }
  // the option named earliest (the longer one where two start at the same place: "a compound" in "not a compound"
  // is still that option, and the parser cannot do better without a model)
  let best: { at: number; length: number; choice: string } | null = null;
  for (const choice of choices) {
    const needle = choice.trim();
    if (!needle) continue;
    const at = namedAt(text, choice);
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

/** A segment's choice, and how it was reached when not named as it is ("nearest-choice"). */
type Read = { value: string; via?: string } | null;
const named = (value: string | null): Read => (value === null ? null : { value });

/** One segment's choice for the task, or null when it names none. */
function readSegment(task: IsoTask, text: string, where: string, choices: string[] | null): Read {
  switch (task) {
    case "math_breakpoint":
    case "graph_maxflow": {
      const read = numericChoice(readNumber(text, where), choices);
      return read && { value: read.value, via: read.nearest ? "nearest-choice" : undefined };
    }
    case "graph_connectivity":
    case "graph_isomorphism":
      return named(asChoice(earliest(text, YES_NO[task] ?? {}), choices ?? ["yes", "no"]));
    case "winner_id":
      return named(asChoice(readVerdict(text, where), choices));
    case "math_parity":
    case "math_convexity":
      return named(asChoice(earliest(text, WORDS[task] ?? {}), choices));
    case "puzzle":
      return named(readPuzzle(text, choices));
    case "chemistry":
    case "physics":
      if (!choices?.length) return null;
      return named(
        readScienceChoice(text, choices) ??
          readTransfer(text, choices) ??
          readNetDirection(text, choices) ??
          readPairComparison(text, choices) ??
          (where === "whole" ? null : closestChoice(text, choices)),
      );
  }
}

/** The choice a response selected, and where it was read. */
export function readChoice(task: IsoTask, response: string, choices: string[] | null): ChoiceReading {
  if (!response.trim()) return { prediction: null, extraction: null, decided_by: "rule:empty-response" };
  const science = task === "chemistry" || task === "physics";
  for (const { where, text } of answerSegments(response)) {
    // a concluding sentence names the option a science answer chose; a game's or a graph's is often about
    // something else ("Thus, the position is lost for Black" where White's win was asked)
    if (where === "conclusion" && !science) continue;
    const read = readSegment(task, text, where, choices);
    if (read === null) continue;
    return {
      prediction: read.value,
      extraction: text.slice(0, 300),
      decided_by: `rule:${where}${read.via ? `+${read.via}` : ""}`,
    };
  }
  // a chess answer that names no move of the choices is IsoBench-Eval's "no-move"
  if (task === "puzzle" && choices?.includes("no-move")) {
    return { prediction: "no-move", extraction: null, decided_by: "rule:no-move-named" };
  }
  // a science answer that names no option ("Hardness." for rough/stretchy): IsoBench-Eval's own simple parse, which
  // its parser's readings follow in such cases far more often than not (it ends on the first option)
  if (science && choices?.length) {
    return {
      prediction: isoBenchEvalFallback(response, choices),
      extraction: null,
      decided_by: "rule:official-fallback",
    };
  }
  return { prediction: null, extraction: null, decided_by: "rule:unreadable" };
}
