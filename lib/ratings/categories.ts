// Filtered leaderboards, as LMArena's categories: each is a refit on the battles that pass its filter.

import { type BattleTable, sharedCopy, UNKNOWN } from "./battle-table";
import { ratingsError } from "./errors";
import { OUTCOME } from "./types";

export const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  overall: "all battles",
  multi_turn: "conversations with more than one turn",
  no_tie: "battles that one model won",
  no_refusal: "battles in which no answer was a refusal",
  no_preset: "battles on the visitor's own images (no preset image)",
  dedup: "top redundant prompts down-sampled (FastChat dedup_tag)",
};

export class UnknownCategoryError extends ratingsError("usage", "unknown_category") {}

export interface BattleFilter {
  /** keep only anonymous battles when the field is present (FastChat's default); false keeps every battle */
  anonymousOnly?: boolean;
}

/** The categories this table can be filtered by: fixed ones whose field is present, each language, each tag. */
export function categoryNames(table: BattleTable): string[] {
  const names = ["overall"];
  const any = (column: Uint8Array | Int32Array, test: (v: number) => boolean) => column.some(test);
  if (any(table.turn, (t) => t > 0)) names.push("multi_turn");
  names.push("no_tie");
  if (any(table.isRefusal, (v) => v !== UNKNOWN)) names.push("no_refusal");
  if (any(table.isPreset, (v) => v !== UNKNOWN)) names.push("no_preset");
  if (any(table.dedupKeep, (v) => v !== UNKNOWN)) names.push("dedup");
  for (const language of table.languages) names.push(`language:${language}`);
  for (const tag of table.categoryNames) names.push(tag);
  return names;
}

/** Row indices of the battles in a category (after the anonymity filter). Unknown category: an error. */
export function selectRows(table: BattleTable, category: string, filter: BattleFilter = {}): Uint32Array {
  const anonymousOnly = filter.anonymousOnly ?? true;
  let test: (r: number) => boolean;
  if (category === "overall") test = () => true;
  else if (category === "multi_turn") test = (r) => (table.turn[r] as number) > 1;
  else if (category === "no_tie")
    test = (r) => table.outcome[r] === OUTCOME.modelA || table.outcome[r] === OUTCOME.modelB;
  else if (category === "no_refusal") test = (r) => table.isRefusal[r] !== 1;
  else if (category === "no_preset") test = (r) => table.isPreset[r] !== 1;
  else if (category === "dedup") test = (r) => table.dedupKeep[r] !== 0;
  else if (category.startsWith("language:")) {
    const id = table.languages.indexOf(category.slice("language:".length));
    test = (r) => id !== -1 && table.language[r] === id;
  } else {
    const id = table.categoryNames.indexOf(category);
    if (id === -1 && !(category in CATEGORY_DESCRIPTIONS)) {
      throw new UnknownCategoryError(`unknown category '${category}'; available: ${categoryNames(table).join(", ")}`);
    }
    test = (r) => {
      for (let k = table.categoryOffsets[r] as number; k < (table.categoryOffsets[r + 1] as number); k++) {
        if (table.categoryIds[k] === id) return true;
      }
      return false;
    };
  }
  // picked into a typed array the table's size (4 bytes a row; a list of numbers grown by pushing held 8 and more)
  const picked = new Uint32Array(table.size);
  let n = 0;
  for (let r = 0; r < table.size; r++) {
    if (anonymousOnly && table.anony[r] === 0) continue;
    if (test(r)) picked[n++] = r;
  }
  // in shared memory: posted to a fitting thread, the rows are shared rather than copied (the recompute's boards at
  // 10M votes: 40 MB a board on each thread beside the selection)
  return sharedCopy(picked.subarray(0, n));
}
