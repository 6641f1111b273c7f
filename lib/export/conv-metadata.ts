// FastChat's conv_metadata of an exported battle: each side's answers summed over the conversation (tokens, and the
// markdown headers, lists and bold counts style control reads), with the entity counts and reasoning fields beside.
// Written straight to its JSON text where every answer's markdown counts use the arena's own keys (all of them, as
// the arena records them): its ten objects and their JSON.stringify took 1.0–1.2 s per 200k battles, the text
// 0.41–0.50 s (both flattened into lines); at 1M, the export's CPU fell by 1.2–1.8 s (the same bytes). Any other key
// takes the general path, which gives the same text.

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

/** Adds a markdown count's values into `sums` (in `keys`' order); false when it has a key outside `keys`. */
function addKnown(sums: number[], keys: string[], from: Record<string, number> | undefined): boolean {
  if (from === null || from === undefined) return true;
  for (const [k, v] of Object.entries(from)) {
    const at = keys.indexOf(k);
    if (at < 0) return false;
    sums[at] = (sums[at] as number) + Number(v);
  }
  return true;
}

/** Each key's JSON and its colon, after "{" for the first and "," for the others. */
const keysText = (keys: string[]) => keys.map((k, i) => `${i === 0 ? "{" : ","}${JSON.stringify(k)}:`);
const [HEADER_KEYS, LIST_KEYS, BOLD_KEYS] = [keysText(HEADERS), keysText(LISTS), keysText(BOLDS)];

/** Pushes `{"k1":n1,…}` for `keys` onto `parts`. */
function pushCounts(parts: string[], keys: string[], sums: number[]): void {
  for (let i = 0; i < keys.length; i++) parts.push(keys[i] as string, num(sums[i] as number));
  parts.push("}");
}

/**
 * conv_metadata as its JSON text (the objects where some markdown count has a key of its own). The text is put
 * together as parts joined once: adding to a string piece by piece made a tree of pieces that cost ~5 µs a battle to
 * flatten when the line was joined, more than the objects and JSON.stringify (200k battles: 1.2–1.5 s against 1.0–1.2).
 */
export function convMetadataJson(messages: MetadataMessage[]): JsonText | Record<string, unknown> {
  const parts: string[] = [];
  let answers = 0;
  let entitiesCounted = true;
  let thought = false;
  const entities = [0, 0];
  const reasoning = [0, 0];
  const thinking = [0, 0];
  for (let s = 0; s < 2; s++) {
    const side = s === 0 ? "a" : "b";
    let tokens = 0;
    const headers = [0, 0, 0, 0, 0, 0];
    const lists = [0, 0];
    const bolds = [0, 0];
    for (const m of messages) {
      if (m.side !== side || m.role !== "assistant") continue;
      answers++;
      tokens += m.tokens ?? 0;
      const md = m.markdown;
      const known =
        addKnown(headers, HEADERS, md?.header) && addKnown(lists, LISTS, md?.list) && addKnown(bolds, BOLDS, md?.bold);
      if (!known) return convMetadata(messages);
      if (typeof m.entities === "number") entities[s] = (entities[s] as number) + m.entities;
      else entitiesCounted = false;
      if (typeof m.thinkingMs === "number") thought = true;
      reasoning[s] = (reasoning[s] as number) + (m.reasoningTokens ?? 0);
      thinking[s] = (thinking[s] as number) + (m.thinkingMs ?? 0);
    }
    parts.push(s === 0 ? '{"sum_assistant_a_tokens":' : ',"sum_assistant_b_tokens":', num(tokens));
    parts.push(`,"header_count_${side}":`);
    pushCounts(parts, HEADER_KEYS, headers);
    parts.push(`,"list_count_${side}":`);
    pushCounts(parts, LIST_KEYS, lists);
    parts.push(`,"bold_count_${side}":`);
    pushCounts(parts, BOLD_KEYS, bolds);
  }
  if (answers > 0 && entitiesCounted)
    parts.push(',"entity_count_a":', num(entities[0] as number), ',"entity_count_b":', num(entities[1] as number));
  if (thought) {
    parts.push(',"reasoning_tokens_a":', num(reasoning[0] as number), ',"thinking_ms_a":', num(thinking[0] as number));
    parts.push(',"reasoning_tokens_b":', num(reasoning[1] as number), ',"thinking_ms_b":', num(thinking[1] as number));
  }
  parts.push("}");
  return new JsonText(parts.join(""));
}
