// Pairwise judge verdicts as arena-hard-auto and WildVision-Bench write and read them: `[[A>>B]]` … `[[B>>A]]`.

export const VERDICTS = ["A>>B", "A>B", "A=B", "B>A", "B>>A"] as const;
export type Verdict = (typeof VERDICTS)[number];

const PATTERNS = [/\[\[([AB<>=]+)\]\]/g, /\[([AB<>=]+)\]/g];

/**
 * The verdict in a judge's text, as arena-hard-auto's `get_score`: the text upper-cased, the last non-empty match
 * of `[[…]]`, else of `[…]`; null when neither occurs. The label is returned as written (e.g. "A<B"); whether it
 * is one of the five is `isVerdict`'s question, so an odd label is kept as evidence rather than lost.
 */
export function parseVerdict(judgment: string): string | null {
  const text = judgment.toUpperCase();
  for (const pattern of PATTERNS) {
    const matches = [...text.matchAll(pattern)].map((m) => m[1] as string).filter((m) => m !== "");
    if (matches.length > 0) return (matches.at(-1) as string).replace(/^\n+|\n+$/g, "");
  }
  return null;
}

export function isVerdict(label: unknown): label is Verdict {
  return typeof label === "string" && (VERDICTS as readonly string[]).includes(label);
}

/** How a verdict reads for the candidate, by game: game 1 puts the baseline in position A, game 2 swaps them. */
export type Outcome = "much_better" | "better" | "tie" | "worse" | "much_worse";

const GAME_1: Record<Verdict, Outcome> = {
  "B>>A": "much_better",
  "B>A": "better",
  "A=B": "tie",
  "A>B": "worse",
  "A>>B": "much_worse",
};
const GAME_2: Record<Verdict, Outcome> = {
  "A>>B": "much_better",
  "A>B": "better",
  "A=B": "tie",
  "B>A": "worse",
  "B>>A": "much_worse",
};

/** The candidate's outcome of game `game` (0: baseline as A; 1: candidate as A), or null for an invalid verdict. */
export function candidateOutcome(label: unknown, game: number): Outcome | null {
  if (!isVerdict(label)) return null;
  return (game === 0 ? GAME_1 : GAME_2)[label];
}

/**
 * The battles one outcome stands for, as arena-hard-auto's `get_battles_from_row`: a win or loss once, a strong one
 * `weight` times (3 by default), a tie once; winner named from the baseline's side (model_a).
 */
export function battlesOf(outcome: Outcome, weight: number): { winner: "model_a" | "model_b" | "tie"; count: number } {
  switch (outcome) {
    case "much_better":
      return { winner: "model_b", count: weight };
    case "better":
      return { winner: "model_b", count: 1 };
    case "tie":
      return { winner: "tie", count: 1 };
    case "worse":
      return { winner: "model_a", count: 1 };
    case "much_worse":
      return { winner: "model_a", count: weight };
  }
}
