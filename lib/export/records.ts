// One exported battle or chat in the public clean-battle layout (FastChat / VisionArena): conversations in OpenAI
// message format with images referenced by hash, style counts in conv_metadata, category and dedup tags.
import { convMetadataJson, JsonText, type MetadataMessage } from "./conv-metadata";
import { redactPersonal } from "./redact";

/** An exported message: what conv_metadata reads of it (side, role, tokens, entities, thinking, markdown) and more. */
export interface MessageRow extends MetadataMessage {
  turn: number;
  content: string;
  images: { sha: string; mime: string; key: string; banned?: boolean }[] | null;
  /** "stopped" when the visitor pressed Stop while it was written */
  finishReason?: string | null;
}

export interface LabelRow {
  category: string;
  labeller: string;
  version: string;
  value: boolean;
}

export interface BattleRow {
  conversationId: string;
  mode: "battle" | "side_by_side" | "direct";
  modelAId: string;
  modelBId: string | null;
  winner: string | null;
  visitorId: string | null;
  anonymous: boolean | null;
  turn: number;
  language: string | null;
  at: Date;
  isPreset: boolean;
  presetId: string | null;
  /** "image", "text" or "image+text": what the first prompt gave the models */
  inputModality: string;
  messages: MessageRow[] | null;
  labels: LabelRow[] | null;
  /** a vote's record of which answer versions were shown (after Regenerate), or null */
  shownVersions?: unknown;
  /** the visitor's reactions after the vote, by side ({"a": {"reason": "wrong_count"}}), or null */
  reactions?: Record<string, { reason: string; note?: string }> | null;
  /** a side's model replaced on the first turn after it failed before its first token (lib/arena/swap.ts) */
  swaps?: ModelSwapRecord[] | null;
  /** the cohort's tag (lib/cohorts); only an export that asks for cohorts has battles carrying one */
  cohort?: string | null;
  /** how the pair was drawn and the probability of drawing it then (lib/arena/sampling); null when not recorded */
  pairPolicy?: string | null;
  pairProbability?: number | null;
}

export interface ModelSwapRecord {
  side: "a" | "b";
  from: string;
  to: string;
  reason: string;
}

type SideReaction = { reason: string; note?: string };

/** The reactions of a battle as exported: by side, a visitor's note redacted as the conversations are. */
function reactionsOf(row: BattleRow, clean: (t: string) => string): { a?: SideReaction; b?: SideReaction } | null {
  if (!row.reactions) return null;
  const out: { a?: SideReaction; b?: SideReaction } = {};
  for (const side of ["a", "b"] as const) {
    const reaction = row.reactions[side];
    if (reaction)
      out[side] = reaction.note ? { reason: reaction.reason, note: clean(reaction.note) } : { reason: reaction.reason };
  }
  return out;
}

export const EXTENSION: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

export const imagePath = (image: { sha: string; mime: string }) =>
  `images/${image.sha}.${EXTENSION[image.mime] ?? "bin"}`;

/** The roles' JSON, made once. */
const ROLE_TEXT = new Map(["user", "assistant", "system"].map((role) => [role, JSON.stringify(role)]));

/**
 * One side's conversation in OpenAI message format, written straight to its JSON text: a prompt with images as
 * image_url parts (by path) before its text, any other message as its text. The same bytes JSON.stringify gives
 * for the messages as objects (records.test.ts), without the objects: at 1M battles those, and stringifying them,
 * were ~1.5 GB of the export thread's garbage.
 */
function conversationText(messages: MessageRow[], side: "a" | "b", clean: (t: string) => string): JsonText {
  // one join, so the text is flat at once: pieces added to a string make a tree that serialising must flatten
  const parts: string[] = ["["];
  for (const m of messages) {
    if (m.side !== side) continue;
    parts.push(parts.length === 1 ? '{"role":' : ',{"role":');
    const images = m.images ?? [];
    if (m.role === "assistant" || images.length === 0) {
      parts.push(ROLE_TEXT.get(m.role) ?? JSON.stringify(m.role), ',"content":', JSON.stringify(clean(m.content)), "}");
      continue;
    }
    parts.push('"user","content":[');
    for (const image of images)
      parts.push('{"type":"image_url","image_url":{"url":', JSON.stringify(imagePath(image)), "}},");
    parts.push('{"type":"text","text":', JSON.stringify(clean(m.content)), "}]}");
  }
  parts.push("]");
  return new JsonText(parts.join(""));
}

/** Labels grouped by labeller and version, as FastChat groups them by tagger (`criteria_v0.1`, …). */
export function categoryTag(labels: LabelRow[]) {
  const tag: Record<string, Record<string, boolean>> = {};
  for (const label of labels) {
    const key = `${label.labeller}@${label.version}`;
    tag[key] ??= {};
    tag[key][label.category] = label.value;
  }
  return tag;
}

/** A name JavaScript would not keep in insertion order as an object's key (an array index), or would not keep. */
const unorderedKey = (name: string) => name === "__proto__" || /^(?:0|[1-9]\d*)$/.test(name);

const EMPTY_OBJECT = new JsonText("{}");

/**
 * categoryTag's JSON text, written as the labels come (by labeller, then category): the objects where a labeller's
 * versions interleave or a name would not keep its place as a key, which JSON.stringify then orders as before.
 */
function categoryTagText(labels: LabelRow[]): JsonText | Record<string, Record<string, boolean>> {
  if (labels.length === 0) return EMPTY_OBJECT;
  const parts: string[] = [];
  const keys: string[] = [];
  for (const label of labels) {
    const key = `${label.labeller}@${label.version}`;
    if (unorderedKey(label.category)) return categoryTag(labels);
    if (key !== keys[keys.length - 1]) {
      if (keys.includes(key)) return categoryTag(labels);
      parts.push(keys.length === 0 ? "{" : "},", JSON.stringify(key), ":{");
      keys.push(key);
    } else parts.push(",");
    parts.push(JSON.stringify(label.category), label.value ? ":true" : ":false");
  }
  parts.push("}}");
  return new JsonText(parts.join(""));
}

export interface RecordOptions {
  judge: (visitorId: string | null) => string | null;
  redact: boolean;
  dedup: (conversationId: string) => { high_freq: boolean; sampled: boolean };
}

const EMPTY_LIST = new JsonText("[]");

/** The images' hashes, each once, in the order the messages show them. */
function imagesOf(messages: MessageRow[]): JsonText | string[] {
  if (!messages.some((m) => m.images?.length)) return EMPTY_LIST;
  return [...new Set(messages.flatMap((m) => (m.images ?? []).map((i) => i.sha)))];
}

/** FastChat's dedup_tag: three values, each written once. */
const DEDUP_TAGS = [
  [new JsonText('{"high_freq":false,"sampled":false}'), new JsonText('{"high_freq":false,"sampled":true}')],
  [new JsonText('{"high_freq":true,"sampled":false}'), new JsonText('{"high_freq":true,"sampled":true}')],
];
const dedupText = (tag: { high_freq: boolean; sampled: boolean }) =>
  (DEDUP_TAGS[tag.high_freq ? 1 : 0] as JsonText[])[tag.sampled ? 1 : 0] as JsonText;

/** A new field beside FastChat's: some answer was ended by the visitor's Stop, not by the model. */
const wasStopped = (messages: MessageRow[]) => messages.some((m) => m.finishReason === "stopped");

/** A row's messages, and how their text is written out (redacted when asked). */
function readied(row: BattleRow, options: RecordOptions) {
  return { messages: row.messages ?? [], clean: options.redact ? redactPersonal : (text: string) => text };
}

export function battleRecord(row: BattleRow, options: RecordOptions) {
  const { messages, clean } = readied(row, options);
  return {
    question_id: row.conversationId,
    model_a: row.modelAId,
    model_b: row.modelBId,
    winner: row.winner,
    judge: options.judge(row.visitorId),
    conversation_a: conversationText(messages, "a", clean),
    conversation_b: conversationText(messages, "b", clean),
    turn: row.turn,
    anony: row.anonymous,
    language: row.language ?? "unknown",
    tstamp: row.at.getTime() / 1000,
    conv_metadata: convMetadataJson(messages),
    category_tag: categoryTagText(row.labels ?? []),
    dedup_tag: dedupText(options.dedup(row.conversationId)),
    is_preset: row.isPreset,
    preset_id: row.presetId,
    input_modality: row.inputModality,
    images: imagesOf(messages),
    stopped: wasStopped(messages),
    // after Regenerate: which version of each answer the visitor judged, of how many ({"a":{"shown":1,"of":2},…})
    answer_versions: (row.shownVersions ?? null) as {
      a: { shown: number; of: number };
      b: { shown: number; of: number };
    } | null,
    // after the vote, optional: what went wrong in each side's answer (lib/arena/reactions.ts)
    reactions: reactionsOf(row, clean),
    // a side whose drawn model failed before its first token on turn 1 and was replaced (model_a/model_b name the
    // models that answered; the sampling analysis counts these apart)
    model_swaps: row.swaps ?? null,
    // a class's or a lab's tag (`?c=<name>`): only in an export that asked for the cohorts
    cohort: row.cohort ?? null,
    // the draw's policy ("uniform", "adaptive") and the probability of this pair then: weight a battle by
    // 1 / pair_probability to read the votes as if every pair were drawn alike (null: chosen by the visitor, or older)
    pair_policy: row.pairPolicy ?? null,
    pair_probability: row.pairProbability ?? null,
  };
}

export function chatRecord(row: BattleRow, options: RecordOptions) {
  const { messages, clean } = readied(row, options);
  return {
    conversation_id: row.conversationId,
    model: row.modelAId,
    judge: options.judge(row.visitorId),
    conversation: conversationText(messages, "a", clean),
    turn: row.turn,
    language: row.language ?? "unknown",
    tstamp: row.at.getTime() / 1000,
    is_preset: row.isPreset,
    input_modality: row.inputModality,
    images: imagesOf(messages),
    stopped: wasStopped(messages),
    cohort: row.cohort ?? null,
  };
}

export type BattleRecord = ReturnType<typeof battleRecord>;
export type ChatRecord = ReturnType<typeof chatRecord>;

export type ParquetType = "STRING" | "JSON" | "INT32" | "DOUBLE" | "BOOLEAN";

/**
 * The Parquet layout of each record, field by field in the JSON Lines order: the compiler refuses a record field
 * without a column here, or a column the record lacks, so the two formats cannot drift apart.
 */
export const BATTLE_COLUMNS = {
  question_id: "STRING",
  model_a: "STRING",
  model_b: "STRING",
  winner: "STRING",
  judge: "STRING",
  conversation_a: "JSON",
  conversation_b: "JSON",
  turn: "INT32",
  anony: "BOOLEAN",
  language: "STRING",
  tstamp: "DOUBLE",
  conv_metadata: "JSON",
  category_tag: "JSON",
  dedup_tag: "JSON",
  is_preset: "BOOLEAN",
  preset_id: "STRING",
  input_modality: "STRING",
  images: "JSON",
  stopped: "BOOLEAN",
  answer_versions: "JSON",
  reactions: "JSON",
  model_swaps: "JSON",
  cohort: "STRING",
  pair_policy: "STRING",
  pair_probability: "DOUBLE",
} as const satisfies Record<keyof BattleRecord, ParquetType>;

export const CHAT_COLUMNS = {
  conversation_id: "STRING",
  model: "STRING",
  judge: "STRING",
  conversation: "JSON",
  turn: "INT32",
  language: "STRING",
  tstamp: "DOUBLE",
  is_preset: "BOOLEAN",
  input_modality: "STRING",
  images: "JSON",
  stopped: "BOOLEAN",
  cohort: "STRING",
} as const satisfies Record<keyof ChatRecord, ParquetType>;
