// What a board's fit reads, as one digest: two recomputes whose boards have the same digest produce the same board,
// so the second may reuse the first's. It covers each selected battle's models, outcome and (style boards) the
// counts its features come from, in order; the table's model names; the options; and the engine's version.
import crypto from "node:crypto";
import type { BattleTable } from "./battle-table";
import type { StyleFeature } from "./types";

/** Raise when a change to the rating code changes any published figure: older boards are then never reused. */
export const ENGINE_VERSION = 3;

/** Per battle, a 64-bit hash (two 32-bit halves) of the columns a board reads: computed once per table. */
export function rowDigests(table: BattleTable): Uint32Array {
  const out = new Uint32Array(table.size * 2);
  const mix = (h: number, v: number) => Math.imul(h ^ v, 0x9e3779b1) ^ (h >>> 15);
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  for (let r = 0; r < table.size; r++) {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    const feed = (v: number) => {
      h1 = mix(h1, v);
      h2 = mix(h2 ^ 0x5bd1e995, v + 0x27d4eb2d);
    };
    feed(table.a[r] as number);
    feed(table.b[r] as number);
    feed(table.outcome[r] as number);
    for (let k = 0; k < 8; k++) {
      bits[0] = table.style[r * 8 + k] as number;
      feed(words[0] as number);
      feed(words[1] as number);
    }
    for (let k = 0; k < 2; k++) {
      bits[0] = table.entities[r * 2 + k] as number;
      feed(words[0] as number);
      feed(words[1] as number);
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
