// FastChat's conv_metadata of an exported battle: each side's answers summed over the conversation (tokens, and the
// markdown headers, lists and bold counts style control reads), with the entity counts and reasoning fields beside.
// Written straight to its JSON text where every answer's markdown counts use the arena's own keys (all of them, as
// the arena records them): its ten objects and their JSON.stringify took 1.0–1.2 s per 200k battles, the text
// 0.41–0.50 s (both flattened into lines); at 1M, the export's CPU fell by 1.2–1.8 s (the same bytes). Any other key
// takes the general path, which gives the same text. The sums go into one array reused by every call, and counts that
// are all zero are one text made once: records and their columns, serialised as for the Parquet thread, went from
// 12.4 to 9.9 µs a battle (the least of 30 runs over 40k battles of the 1M database, half the answers with markdown).

/** What conv_metadata reads of a message (records.ts's MessageRow extends it). */
export interface MetadataMessage {
  side: "a" | "b";
  role: "user" | "assistant";
  tokens: number | null;
  /** named entities of an answer (specificity); null until counted */
  entities?: number | null;
  /** a reasoning model's thinking: its tokens and time (the thought itself is not exported) */
  reasoningTokens?: number | null;
  thinkingMs?: number | null;
  markdown: {
    header?: Record<string, number>;
    list?: Record<string, number>;
    bold?: Record<string, number>;
  } | null;
}

/** A JSON value already written as its text: the export's columns take the text as it is (encoded-batch.ts). */
export class JsonText {
  constructor(readonly text: string) {}

  /** What JSON.stringify gives for a record holding it: the value itself, as if it had been an object. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

const HEADERS = ["h1", "h2", "h3", "h4", "h5", "h6"];
const LISTS = ["ordered", "unordered"];
const BOLDS = ["**", "__"];

const add = (into: Record<string, number>, from: Record<string, number> | undefined) => {
  for (const [k, v] of Object.entries(from ?? {})) into[k] = (into[k] ?? 0) + Number(v);
  return into;
};

const zeros = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number>;

/** conv_metadata as objects, whatever keys the markdown counts have (theirs after the arena's, in their order). */
export function convMetadata(messages: MetadataMessage[]): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const side of ["a", "b"] as const) {
    const answers = messages.filter((m) => m.side === side && m.role === "assistant");
    meta[`sum_assistant_${side}_tokens`] = answers.reduce((s, m) => s + (m.tokens ?? 0), 0);
    meta[`header_count_${side}`] = answers.reduce((acc, m) => add(acc, m.markdown?.header), zeros(HEADERS));
    meta[`list_count_${side}`] = answers.reduce((acc, m) => add(acc, m.markdown?.list), zeros(LISTS));
    meta[`bold_count_${side}`] = answers.reduce((acc, m) => add(acc, m.markdown?.bold), zeros(BOLDS));
  }
  // specificity (VisionArena §4.4): only once every answer of both sides has been counted
  const answers = messages.filter((m) => m.role === "assistant");
  if (answers.length && answers.every((m) => typeof m.entities === "number")) {
    for (const side of ["a", "b"] as const)
      meta[`entity_count_${side}`] = answers.filter((m) => m.side === side).reduce((s, m) => s + (m.entities ?? 0), 0);
  }
  // reasoning models (new fields beside FastChat's): only where some answer thought
  if (answers.some((m) => typeof m.thinkingMs === "number")) {
    for (const side of ["a", "b"] as const) {
      const mine = answers.filter((m) => m.side === side);
      meta[`reasoning_tokens_${side}`] = mine.reduce((s, m) => s + (m.reasoningTokens ?? 0), 0);
      meta[`thinking_ms_${side}`] = mine.reduce((s, m) => s + (m.thinkingMs ?? 0), 0);
    }
  }
  return meta;
}

/** A number as JSON writes it (NaN and infinities as null). */
const num = (n: number) => (Number.isFinite(n) ? String(n) : "null");

/** Where each sum of a side sits in SUMS: its tokens, then the markdown counts in HEADERS, LISTS, BOLDS order. */
const TOKENS = 0;
const HEADER_AT = 1;
const LIST_AT = HEADER_AT + HEADERS.length;
const BOLD_AT = LIST_AT + LISTS.length;
const SIDE_WIDTH = BOLD_AT + BOLDS.length;

/**
 * The sums of the battle being written, both sides, reused by every call (the function never yields): arrays made
 * per battle, Object.entries of each count and the texts' parts were ~2 KB of garbage a battle, 2.0 of the
 * export's 13.7 GB allocated at 1M battles (a sampling heap profile).
 */
const SUMS = new Float64Array(2 * SIDE_WIDTH);

/** Adds a markdown count's values into SUMS from `at` (in `keys`' order); false when it has a key outside `keys`. */
function addKnown(at: number, keys: string[], from: Record<string, number> | undefined | null): boolean {
  if (from === null || from === undefined) return true;
  for (const k in from) {
    if (!Object.hasOwn(from, k)) continue;
    const i = keys.indexOf(k);
    if (i < 0) return false;
    SUMS[at + i] = (SUMS[at + i] as number) + Number(from[k]);
  }
  return true;
}

/** Each key's JSON and its colon, after "{" for the first and "," for the others. */
const keysText = (keys: string[]) => keys.map((k, i) => `${i === 0 ? "{" : ","}${JSON.stringify(k)}:`);
const [HEADER_KEYS, LIST_KEYS, BOLD_KEYS] = [keysText(HEADERS), keysText(LISTS), keysText(BOLDS)];
const zerosText = (keys: string[]) => `${keys.map((k) => `${k}0`).join("")}}`;
const [HEADER_ZEROS, LIST_ZEROS, BOLD_ZEROS] = [zerosText(HEADER_KEYS), zerosText(LIST_KEYS), zerosText(BOLD_KEYS)];

/** `{"k1":n1,…}` for `keys` from SUMS at `at`; all zeros (most answers) as one text made once. */
function countsText(keys: string[], at: number, zeros: string): string {
  let zero = true;
  for (let i = 0; i < keys.length && zero; i++) zero = SUMS[at + i] === 0;
  if (zero) return zeros;
  let text = "";
  for (let i = 0; i < keys.length; i++) text += (keys[i] as string) + num(SUMS[at + i] as number);
  return `${text}}`;
}

/** One side's part of conv_metadata, from SUMS, pushed onto `parts` (after "{" for side a, "," for side b). */
function pushSide(parts: string[], s: number): void {
  const at = s * SIDE_WIDTH;
  parts.push(
    s === 0 ? '{"sum_assistant_a_tokens":' : ',"sum_assistant_b_tokens":',
    num(SUMS[at + TOKENS] as number),
    s === 0 ? ',"header_count_a":' : ',"header_count_b":',
    countsText(HEADER_KEYS, at + HEADER_AT, HEADER_ZEROS),
    s === 0 ? ',"list_count_a":' : ',"list_count_b":',
    countsText(LIST_KEYS, at + LIST_AT, LIST_ZEROS),
    s === 0 ? ',"bold_count_a":' : ',"bold_count_b":',
    countsText(BOLD_KEYS, at + BOLD_AT, BOLD_ZEROS),
  );
}

/**
 * conv_metadata as its JSON text (the objects where some markdown count has a key of its own), summed into SUMS
 * and written side by side.
 */
export function convMetadataJson(messages: MetadataMessage[]): JsonText | Record<string, unknown> {
  SUMS.fill(0);
  let answers = 0;
  let entitiesCounted = true;
  let thought = false;
  let entitiesA = 0;
  let entitiesB = 0;
  let reasoningA = 0;
  let reasoningB = 0;
  let thinkingA = 0;
  let thinkingB = 0;
  for (const m of messages) {
    if (m.role !== "assistant") continue;
    const s = m.side === "a" ? 0 : m.side === "b" ? 1 : -1;
    if (s < 0) continue;
    const at = s * SIDE_WIDTH;
    answers++;
    SUMS[at + TOKENS] = (SUMS[at + TOKENS] as number) + (m.tokens ?? 0);
    const md = m.markdown;
    const known =
      addKnown(at + HEADER_AT, HEADERS, md?.header) &&
      addKnown(at + LIST_AT, LISTS, md?.list) &&
      addKnown(at + BOLD_AT, BOLDS, md?.bold);
    if (!known) return convMetadata(messages);
    if (typeof m.entities === "number") {
      if (s === 0) entitiesA += m.entities;
      else entitiesB += m.entities;
    } else entitiesCounted = false;
    if (typeof m.thinkingMs === "number") thought = true;
    if (s === 0) {
      reasoningA += m.reasoningTokens ?? 0;
      thinkingA += m.thinkingMs ?? 0;
    } else {
      reasoningB += m.reasoningTokens ?? 0;
      thinkingB += m.thinkingMs ?? 0;
    }
  }
  // one join, so the text is flat at once: pieces added to a string make a tree that serialising must flatten
  const parts: string[] = [];
  pushSide(parts, 0);
  pushSide(parts, 1);
  if (answers > 0 && entitiesCounted)
    parts.push(',"entity_count_a":', num(entitiesA), ',"entity_count_b":', num(entitiesB));
  if (thought) {
    parts.push(',"reasoning_tokens_a":', num(reasoningA), ',"thinking_ms_a":', num(thinkingA));
    parts.push(',"reasoning_tokens_b":', num(reasoningB), ',"thinking_ms_b":', num(thinkingB));
  }
  parts.push("}");
  return new JsonText(parts.join(""));
}
