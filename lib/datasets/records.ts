// A file's records into a battle table: each normalised and added, a malformed one skipped and counted (or thrown
// when the read is strict). Shared by the single reader (./read) and each part of a parallel one (./parallel-read).
import type { BattleTableBuilder } from "../ratings/battle-table";
import { normaliseBattle, RowError } from "./normalise";
import type { RawRecord } from "./sources";

export interface SkippedRow {
  position: number;
  reason: string;
}

/** Malformed records, counted, with the first few kept (and where they are). */
export class Skipped {
  count = 0;
  readonly examples: SkippedRow[] = [];
  add(row: SkippedRow) {
    this.count++;
    if (this.examples.length < 20) this.examples.push(row);
  }
}

/** Adds each record's battle to the table; a malformed one is skipped and counted, or thrown when `strict`. */
export async function addRecords(
  records: AsyncIterable<RawRecord>,
  builder: BattleTableBuilder,
  skipped: Skipped,
  strict: ((row: SkippedRow) => never) | undefined,
): Promise<void> {
  for await (const record of records) {
    let reason = record.error;
    if (reason === undefined) {
      try {
        builder.add(normaliseBattle(record.value));
        continue;
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        reason = error.message;
      }
    }
    const row = { position: record.position, reason };
    if (strict) strict(row);
    skipped.add(row);
  }
}
