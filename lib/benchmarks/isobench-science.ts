// Readings of chemistry and physics answers worded apart from their option, in the two shapes where IsoBench's
// options are relations rather than names, so that no word of the option need appear in the answer:
// - a transfer "X . . . Y" ("during this time, thermal energy was transferred from () to ()"), answered as
//   "from the batteries to the surroundings";
// - a comparison of two pairs ("the magnitude of the magnetic force is smaller in Pair 1"), answered as
//   "Pair 2 will experience a larger magnetic force than Pair 1".
// Both were the main source of disagreement with IsoBench-Eval's parser on its published gpt-5-nano results.

/** Word stems for matching a phrase worded differently: first six letters, with the few synonyms the options use. */
const SYNONYMS: Record<string, string> = { enviro: "surrou", air: "surrou", outsid: "surrou", ambien: "surrou" };
const STOP = new Set(["the", "and", "each", "from", "its", "their", "both", "two", "all"]);
const stems = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !STOP.has(w))
      .map((w) => w.slice(0, 6))
      .map((w) => SYNONYMS[w] ?? w),
  );
const shares = (text: string, phrase: string) => {
  const have = stems(text);
  return [...stems(phrase)].some((w) => have.has(w));
};

/** The option "X . . . Y" whose X the text's "from …" names and whose Y its "to …" names. */
export function readTransfer(text: string, choices: string[]): string | null {
  const parsed = choices
    .map((choice) => {
      const [from, to, ...rest] = choice.split(/\s*\.\s*\.\s*\.\s*/);
      return from && to && rest.length === 0 ? { choice, from, to } : null;
    })
    .filter((c): c is { choice: string; from: string; to: string } => c !== null);
  if (parsed.length !== choices.length || parsed.length < 2) return null;
  for (const m of text.matchAll(/\bfrom\s+(.{1,80}?)\s+(?:in)?to\s+(.{1,80}?)(?=[.,;:!?\n]|$)/gi)) {
    const [source, sink] = [m[1] as string, m[2] as string];
    const fits = parsed.filter(
      (c) => shares(source, c.from) && shares(sink, c.to) && !shares(source, c.to) && !shares(sink, c.from),
    );
    if (fits.length === 1) return (fits[0] as { choice: string }).choice;
  }
  return null;
}

type PairClaim = { pair: string; more: boolean } | { same: true };
const MORE = "stronger|greater|larger|bigger|higher|more strongly|more";
const LESS = "weaker|smaller|lower|less|more weakly";

/** An option "… is greater in Pair 2." / "… is the same in both pairs." as a claim. */
function choiceClaim(choice: string): PairClaim | null {
  if (/\bsame\b/i.test(choice) && /\bboth\b/i.test(choice)) return { same: true };
  const m = new RegExp(`\\b(${MORE}|${LESS})\\b.*\\bpair\\s+(\\w+)`, "i").exec(choice);
  if (!m) return null;
  return { pair: (m[2] as string).toLowerCase(), more: new RegExp(`^(?:${MORE})$`, "i").test(m[1] as string) };
}

/** What a sentence claims of the two pairs: which pair's force is the larger or the smaller, or that they are equal. */
function textClaim(text: string, pairs: string[]): PairClaim | null {
  if (/\b(?:same|equal)\b[^.]*\b(?:both|each)\s+pairs?\b|\bboth\s+pairs?\b[^.]*\b(?:same|equal)\b/i.test(text))
    return { same: true };
  const comparative = new RegExp(`\\b(${MORE}|${LESS})\\b`, "gi");
  for (const m of text.matchAll(comparative)) {
    const more = new RegExp(`^(?:${MORE})$`, "i").test(m[1] as string);
    const after = text.slice((m.index ?? 0) + (m[0] as string).length);
    const before = text.slice(0, m.index ?? 0);
    // "… larger … than (the force in) Pair 1": the other pair is the subject
    const than = /^[^.;]{0,40}?\bthan\b[^.;]{0,40}?\bpair\s+(\w+)/i.exec(after)?.[1]?.toLowerCase();
    if (than && pairs.includes(than) && pairs.length === 2) {
      const other = pairs.find((p) => p !== than) as string;
      return { pair: other, more };
    }
    // "… is stronger in Pair 2"
    const inPair = /^[^.;]{0,25}?\b(?:in|for|on|between[^.;]{0,20}in)\s+pair\s+(\w+)/i.exec(after)?.[1]?.toLowerCase();
    if (inPair && pairs.includes(inPair)) return { pair: inPair, more };
    // "Pair 1 experiences the stronger force"
    const subject = [...before.matchAll(/\bpair\s+(\w+)/gi)].at(-1);
    if (subject && before.length - (subject.index ?? 0) < 60) {
      const pair = (subject[1] as string).toLowerCase();
      if (pairs.includes(pair)) return { pair, more };
    }
  }
  return null;
}

/** The option that states what the text claims of two pairs' forces. */
export function readPairComparison(text: string, choices: string[]): string | null {
  const claims = choices.map(choiceClaim);
  if (claims.some((c) => c === null)) return null;
  const pairs = [...new Set(claims.flatMap((c) => (c && "pair" in c ? [c.pair] : [])))];
  if (pairs.length !== 2) return null;
  const claim = textClaim(text, pairs);
  if (!claim) return null;
  const index = claims.findIndex((c) => {
    if (!c) return false;
    if ("same" in claim || "same" in c) return "same" in claim && "same" in c;
    return (c.pair === claim.pair && c.more === claim.more) || (c.pair !== claim.pair && c.more !== claim.more);
  });
  return index < 0 ? null : (choices[index] as string);
}

/** Diffusion's "to the right than to the left": the side the text says more particles moved to. */
export function readNetDirection(text: string, choices: string[]): string | null {
  const sides = choices.map((c) => /^to the (\w+) than to the (\w+)$/i.exec(c.trim())?.[1]?.toLowerCase() ?? null);
  if (sides.some((s) => s === null)) return null;
  const moved =
    /\bfrom (?:the )?(left|right)\b[^.;]{0,40}?\bto (?:the )?(left|right)\b/i.exec(text)?.[2] ??
    /\b(?:more|net)\b[^.;]{0,60}?\bto the (left|right)\b/i.exec(text)?.[1];
  if (!moved) return null;
  const index = sides.indexOf(moved.toLowerCase());
  return index < 0 ? null : (choices[index] as string);
}
