// A large JSON Lines file read in parts at once: cut at line ends into one part per core (at most 4), each part
// parsed and normalised on its own thread (this one reads the first), the parts' tables joined in file order. The
// joined table is the one a single reader builds (names numbered in order of first appearance, rows in file order),
// and a malformed line is named by its line in the whole file. JSON.parse and normalising are most of reading:
// `arena leaderboard` on 200k battles (105 MB) read them in 1.09 s on one thread, in 0.78–0.88 s on two (this
// machine; the same table, parallel-read.test.ts).
import fs from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { BattleTable, BattleTableBuilder, Interner } from "../ratings/battle-table";
import { workerEntry } from "../ratings/worker-entry";
import { addRecords, Skipped, type SkippedRow } from "./records";
import { jsonLines, openText } from "./sources";

/** Below this a file is read on one thread: a worker's start costs more than its part saves. */
const PARALLEL_MIN_BYTES = 32 * 2 ** 20;
const MAX_PARTS = 4;

export const worthParallel = (size: number) => size >= PARALLEL_MIN_BYTES && os.availableParallelism() > 1;

/** What one part yields: its table, its lines (to number the next part's), its malformed lines by local number. */
export interface PartRead {
  table: BattleTable;
  lines: number;
  skippedCount: number;
  skippedExamples: SkippedRow[];
}

/** Reads the bytes [start, end) of a plain JSON Lines file, which begin and end at line ends. */
export async function readPart(
  file: string,
  start: number,
  end: number,
  onBytes: (n: number) => void,
): Promise<PartRead> {
  const builder = new BattleTableBuilder();
  const skipped = new Skipped();
  const counted = { lines: 0 };
  await addRecords(jsonLines(openText(file, false, onBytes, { start, end }), counted), builder, skipped, undefined);
  return {
    table: builder.build(),
    lines: counted.lines,
    skippedCount: skipped.count,
    skippedExamples: skipped.examples,
  };
}

/** Offsets cutting the file into at most `parts` parts, each starting just after a line end. */
export function lineCuts(file: string, size: number, parts: number): number[] {
  const cuts = [0];
  const fd = fs.openSync(file, "r");
  try {
    const window = Buffer.alloc(1 << 16);
    for (let k = 1; k < parts; k++) {
      let at = Math.max(Math.floor((size * k) / parts), cuts.at(-1) as number);
      let cut = -1;
      while (cut < 0 && at < size) {
        const read = fs.readSync(fd, window, 0, window.length, at);
        const newline = window.subarray(0, read).indexOf(10);
        if (newline >= 0) cut = at + newline + 1;
        else at += read;
      }
      if (cut < 0 || cut >= size) break;
      if (cut > (cuts.at(-1) as number)) cuts.push(cut);
    }
  } finally {
    fs.closeSync(fd);
  }
  cuts.push(size);
  return cuts;
}

function readPartOnThread(file: string, start: number, end: number, onBytes: (n: number) => void): Promise<PartRead> {
  return new Promise((resolve, reject) => {
    // a path built at run time, so that bundlers leave the worker (and the loader it registers) alone
    const entry = workerEntry(import.meta.url, "read-worker.mjs");
    const worker = new Worker(/* turbopackIgnore: true */ entry, { workerData: { file, start, end } });
    worker.on("message", (message: { bytes?: number; part?: PartRead; error?: string }) => {
      if (message.bytes) onBytes(message.bytes);
      if (message.error) reject(new Error(message.error));
      if (message.part) {
        resolve({ ...message.part, table: BattleTable.revive(message.part.table) });
        void worker.terminate();
      }
    });
    worker.on("error", reject);
    worker.on("exit", (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`a reading thread exited with code ${code}`));
    });
  });
}

/** The whole file's table and malformed lines (numbered in the whole file), its parts read at once. */
export async function readJsonLinesInParts(
  file: string,
  size: number,
  onBytes: (n: number) => void,
  parts = Math.min(MAX_PARTS, os.availableParallelism()),
): Promise<{ table: BattleTable; skipped: Skipped }> {
  const cuts = lineCuts(file, size, parts);
  const read = await Promise.all(
    cuts.slice(0, -1).map((start, k) => {
      const end = cuts[k + 1] as number;
      return k === 0 ? readPart(file, start, end, onBytes) : readPartOnThread(file, start, end, onBytes);
    }),
  );
  const skipped = new Skipped();
  let lines = 0;
  for (const part of read) {
    for (const row of part.skippedExamples) skipped.add({ ...row, position: row.position + lines });
    skipped.count += part.skippedCount - part.skippedExamples.length;
    lines += part.lines;
  }
  return { table: concatTables(read.map((p) => p.table)), skipped };
}

/**
 * Tables one after the other, as one: each part's names renumbered into the joined table's, interned in part order,
 * so the result is the table a single reader of the whole would build.
 */
export function concatTables(tables: BattleTable[]): BattleTable {
  if (tables.length === 1) return tables[0] as BattleTable;
  const names = { models: new Interner(), languages: new Interner(), judges: new Interner(), tags: new Interner() };
  const size = tables.reduce((n, t) => n + t.size, 0);
  const tagCount = tables.reduce((n, t) => n + t.categoryIds.length, 0);
  const out = {
    a: new Int32Array(size),
    b: new Int32Array(size),
    outcome: new Uint8Array(size),
    anony: new Uint8Array(size),
    isPreset: new Uint8Array(size),
    isRefusal: new Uint8Array(size),
    dedupKeep: new Uint8Array(size),
    turn: new Int32Array(size),
    tstamp: new Float64Array(size),
    language: new Int32Array(size),
    judge: new Int32Array(size),
    categoryOffsets: new Int32Array(size + 1),
    categoryIds: new Int32Array(tagCount),
    style: new Float64Array(size * 8),
    entities: new Float64Array(size * 2),
  };
  let row = 0;
  let tag = 0;
  for (const t of tables) {
    const model = t.models.map((name) => names.models.id(name));
    const language = t.languages.map((name) => names.languages.id(name));
    const judge = t.judges.map((name) => names.judges.id(name));
    const category = t.categoryNames.map((name) => names.tags.id(name));
    for (let i = 0; i < t.size; i++) {
      out.a[row + i] = model[t.a[i] as number] as number;
      out.b[row + i] = model[t.b[i] as number] as number;
      const l = t.language[i] as number;
      out.language[row + i] = l < 0 ? -1 : (language[l] as number);
      const j = t.judge[i] as number;
      out.judge[row + i] = j < 0 ? -1 : (judge[j] as number);
      out.categoryOffsets[row + i + 1] = tag + (t.categoryOffsets[i + 1] as number);
    }
    for (let k = 0; k < t.categoryIds.length; k++)
      out.categoryIds[tag + k] = category[t.categoryIds[k] as number] as number;
    for (const column of ["outcome", "anony", "isPreset", "isRefusal", "dedupKeep", "turn", "tstamp"] as const)
      out[column].set(t[column], row);
    out.style.set(t.style, row * 8);
    out.entities.set(t.entities, row * 2);
    row += t.size;
    tag += t.categoryIds.length;
  }
  return new BattleTable(
    names.models.names,
    out.a,
    out.b,
    out.outcome,
    out.anony,
    out.isPreset,
    out.isRefusal,
    out.dedupKeep,
    out.turn,
    out.tstamp,
    out.language,
    names.languages.names,
    out.judge,
    names.judges.names,
    out.categoryOffsets,
    out.categoryIds,
    names.tags.names,
    out.style,
    out.entities,
  );
}
