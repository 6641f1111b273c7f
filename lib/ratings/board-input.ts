// What a board's fit reads, as one digest: two recomputes whose boards have the same digest produce the same board,
// so the second may reuse the first's. It covers each selected battle's models, outcome and (style boards) the
// counts its features come from, in order; the table's model names; the options; and the engine's version.
import crypto from "node:crypto";
import type { BattleTable, Counts } from "./battle-table";
import type { StyleFeature } from "./types";

/** Raise when a change to the rating code changes any published figure: older boards are then never reused. */
export const ENGINE_VERSION = 3;

/** Per battle, a 64-bit hash (two 32-bit halves) of the columns a board reads: computed once per table. */
export function rowDigests(table: BattleTable): Uint32Array {
  const out = new Uint32Array(table.size * 2);
  // the counts' bits, read as 32-bit words in place (two a count in float columns, one in integer columns)
  const words = (column: Counts) =>
    new Uint32Array(column.buffer, column.byteOffset, (column.length * column.BYTES_PER_ELEMENT) / 4);
  const style = words(table.style);
  const entities = words(table.entities);
  const styleWords = (8 * table.style.BYTES_PER_ELEMENT) / 4;
  const entityWords = (2 * table.entities.BYTES_PER_ELEMENT) / 4;
  for (let r = 0; r < table.size; r++) {
    let h1 = 0x811c9dc5 ^ Math.imul(table.a[r] as number, 0x9e3779b1);
    let h2 = 0x01000193 ^ Math.imul(table.b[r] as number, 0x85ebca6b);
    h1 = Math.imul(h1 ^ (table.outcome[r] as number), 0x01000193);
    h2 = Math.imul(h2 ^ (table.outcome[r] as number), 0x27d4eb2f);
    for (let k = r * styleWords; k < (r + 1) * styleWords; k++) {
      const v = style[k] as number;
      h1 = Math.imul(h1 ^ v, 0x01000193) ^ (h1 >>> 13);
      h2 = Math.imul(h2 ^ v, 0x27d4eb2f) ^ (h2 >>> 15);
    }
    for (let k = r * entityWords; k < (r + 1) * entityWords; k++) {
      const v = entities[k] as number;
      h1 = Math.imul(h1 ^ v, 0x01000193) ^ (h1 >>> 13);
      h2 = Math.imul(h2 ^ v, 0x27d4eb2f) ^ (h2 >>> 15);
    }
    out[r * 2] = h1 >>> 0;
    out[r * 2 + 1] = h2 >>> 0;
  }
  return out;
}

export interface BoardInputOptions {
  styleControl: boolean;
  styleFeatures: readonly StyleFeature[];
  bootstrapRounds: number;
  seed: number;
  matrices: boolean;
}

/** The digest of one board's input: its rows (by their row digests), the model names and the options. */
export function boardDigest(
  table: BattleTable,
  digests: Uint32Array,
  rows: Uint32Array,
  options: BoardInputOptions,
): string {
  const hash = crypto.createHash("sha256");
  hash.update(JSON.stringify({ engine: ENGINE_VERSION, models: table.models, ...options }));
  const picked = new Uint32Array(rows.length * 2);
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k] as number;
    picked[k * 2] = digests[r * 2] as number;
    picked[k * 2 + 1] = digests[r * 2 + 1] as number;
  }
  hash.update(new Uint8Array(picked.buffer));
  return hash.digest("base64url");
}
