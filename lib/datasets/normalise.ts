// One battle record as found in the public arena files (FastChat clean-battle layout) → a Battle, or the
// reason it is malformed. Hand-written rather than a schema library: it runs a million times per file.

import { domainError } from "../errors";
import type { Battle, StyleCounts, Winner } from "../ratings/types";

const WINNERS: Record<string, Winner> = {
  model_a: "model_a",
  model_b: "model_b",
  tie: "tie",
  "tie (bothbad)": "tie (bothbad)",
  both_bad: "tie (bothbad)",
};

const STYLE_KEYS = [
  "sum_assistant_a_tokens",
  "header_count_a",
  "list_count_a",
  "bold_count_a",
  "sum_assistant_b_tokens",
  "header_count_b",
  "list_count_b",
  "bold_count_b",
] as const;

export class RowError extends domainError("invalid", "invalid_row") {}

type Json = Record<string, unknown>;

/** CSV cells and Parquet strings may hold JSON for the nested fields. */
function nested(value: unknown): unknown {
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
      try {
        return JSON.parse(trimmed);
      } catch {
        throw new RowError(`a nested field is not valid JSON: ${trimmed.slice(0, 40)}`);
      }
    }
    if (trimmed === "") return undefined;
  }
  return value;
}

function bool(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "True" || value === "1" || value === 1) return true;
  if (value === "false" || value === "False" || value === "0" || value === 0) return false;
  throw new RowError(`${field} must be true or false, not ${JSON.stringify(value)}`);
}

function num(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : typeof value === "bigint" ? Number(value) : Number(value);
  if (!Number.isFinite(n)) throw new RowError(`${field} must be a number, not ${JSON.stringify(value)}`);
  return n;
}

function str(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  return String(value);
}

/** A count, or a dict of counts to sum (FastChat's header_count_a = {h1: 1, h2: 0, ...}). */
function styleCount(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "object") {
    // for-in and the field's name built only for an error: Object.entries and a name per key were 0.24 s of
    // reading 200k battles here
    let sum = 0;
    for (const key in value as Json) {
      const v = (value as Json)[key];
      if (typeof v === "number" && Number.isFinite(v)) sum += v;
      else sum += num(v, `${field}.${key}`) ?? 0;
    }
    return sum;
  }
  const n = num(value, field);
  if (n !== undefined && n < 0) throw new RowError(`${field} must not be negative`);
  return n;
}

function styleOf(record: Json): StyleCounts | undefined {
  const meta = (nested(record.conv_metadata) as Json | undefined) ?? record;
  if (typeof meta !== "object" || meta === null) return undefined;
  const values: number[] = [];
  for (const key of STYLE_KEYS) {
    const v = styleCount((meta as Json)[key], key);
    if (v === undefined) return undefined;
    values.push(v);
  }
  return values as unknown as StyleCounts;
}

/** Named-entity counts of both answers (conv_metadata entity_count_a / entity_count_b), for specificity. */
function entitiesOf(record: Json): [number, number] | undefined {
  const meta = (nested(record.conv_metadata) as Json | undefined) ?? record;
  if (typeof meta !== "object" || meta === null) return undefined;
  const a = styleCount((meta as Json).entity_count_a, "entity_count_a");
  const b = styleCount((meta as Json).entity_count_b, "entity_count_b");
  return a === undefined || b === undefined ? undefined : [a, b];
}

/**
 * Category tags that are true: FastChat nests them ({"math_v0.1": {"math": true}, "criteria_v0.1": {...}}),
 * other files give a flat list or a flat dict. "hard_6" is FastChat's hard-prompt category: at least six of the
 * seven criteria of criteria_v0.1.
 */
function categoriesOf(record: Json): string[] | undefined {
  const tags = new Set<string>();
  const raw = nested(record.category_tag);
  if (Array.isArray(raw)) {
    for (const tag of raw) if (typeof tag === "string" && tag) tags.add(tag);
  } else if (raw && typeof raw === "object") {
    for (const [key, value] of Object.entries(raw as Json)) {
      if (value === true) tags.add(key);
      else if (value && typeof value === "object") {
        const inner = Object.entries(value as Json);
        // The seven hard-prompt criteria are not categories of their own; six or more make "hard_6".
        if (key.startsWith("criteria_")) {
          if (inner.filter(([, flag]) => flag === true).length >= 6) tags.add("hard_6");
          continue;
        }
        for (const [name, flag] of inner) if (flag === true) tags.add(name);
      }
    }
  }
  if (bool(record.is_code, "is_code")) tags.add("coding");
  return tags.size ? [...tags] : undefined;
}

export function normaliseBattle(value: unknown): Battle {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new RowError("a battle must be an object");
  const record = value as Json;
  const modelA = str(record.model_a);
  const modelB = str(record.model_b);
  if (!modelA) throw new RowError("model_a is missing");
  if (!modelB) throw new RowError("model_b is missing");
  if (modelA === modelB) throw new RowError(`model_a and model_b are both '${modelA}'`);
  const winnerRaw = str(record.winner);
  // own keys only: "constructor" is no winner
  const winner = winnerRaw && Object.hasOwn(WINNERS, winnerRaw) ? WINNERS[winnerRaw] : undefined;
  if (!winner) {
    throw new RowError(
      `winner must be model_a, model_b, tie, "tie (bothbad)" or both_bad, not ${JSON.stringify(record.winner ?? null)}`,
    );
  }
  const battle: Battle = { modelA, modelB, winner };
  const anony = bool(record.anony, "anony");
  if (anony !== undefined) battle.anony = anony;
  const language = str(record.language);
  if (language) battle.language = language;
  const turn = num(record.turn, "turn");
  if (turn !== undefined) battle.turn = turn;
  const tstamp = num(record.tstamp, "tstamp");
  if (tstamp !== undefined) battle.tstamp = tstamp;
  const judge = str(record.judge);
  if (judge) battle.judge = judge;
  const questionId = str(record.question_id);
  if (questionId) battle.questionId = questionId;
  const isPreset = bool(record.is_preset, "is_preset");
  if (isPreset !== undefined) battle.isPreset = isPreset;
  const dedup = nested(record.dedup_tag) as Json | undefined;
  if (dedup && typeof dedup === "object") {
    battle.dedup = {
      highFreq: bool(dedup.high_freq, "dedup_tag.high_freq"),
      sampled: bool(dedup.sampled, "dedup_tag.sampled"),
    };
  }
  const categories = categoriesOf(record);
  const isRefusal = bool(record.is_refusal, "is_refusal") ?? (categories?.includes("refusal") ? true : undefined);
  if (isRefusal !== undefined) battle.isRefusal = isRefusal;
  if (categories) battle.categories = categories.filter((tag) => tag !== "refusal");
  const style = styleOf(record);
  if (style) battle.style = style;
  const entities = entitiesOf(record);
  if (entities) battle.entities = entities;
  return battle;
}
