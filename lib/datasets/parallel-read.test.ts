import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { syntheticBattles, toCleanBattle } from "../../tests/support/ratings/synthetic";
import { lineCuts, readJsonLinesInParts } from "./parallel-read";
import { readBattles } from "./read";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-parallel-read-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** 3,000 battles with categories, languages, judges and style; blank, CRLF and malformed lines among them. */
function writeFile(): string {
  const lines: string[] = [];
  let k = 0;
  for (const battle of syntheticBattles({ models: 12, battles: 3_000, seed: 5 })) {
    const clean = toCleanBattle(battle, k);
    if (k % 7 === 0) clean.category_tag = { "math_v0.1": { math: k % 2 === 0 }, "if_v0.1": { if: true } };
    if (k % 11 === 0) delete clean.language;
    lines.push(JSON.stringify(clean) + (k % 13 === 0 ? "\r" : ""));
    if (k % 500 === 250) lines.push("", "{not json", JSON.stringify({ model_a: "x" }));
    k++;
  }
  const file = path.join(dir, "battles.jsonl");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

describe("a JSON Lines file read in parts", () => {
  it("builds the table one reader builds, and names malformed lines by their line in the whole file", async () => {
    const file = writeFile();
    const size = fs.statSync(file).size;
    const single = await readBattles(file);
    expect(single.skipped).toBe(12);
    for (const parts of [2, 3, 5]) {
      const cuts = lineCuts(file, size, parts);
      expect(cuts.length).toBe(parts + 1);
      const read = await readJsonLinesInParts(file, size, () => undefined, parts);
      expect(read.table).toEqual(single.table);
      expect(read.skipped.count).toBe(single.skipped);
      expect(read.skipped.examples).toEqual(single.skippedExamples);
    }
  }, 60_000);

  it("gives a strict reader of a large file the first malformed line of the whole file, from a later part", async () => {
    const file = path.join(dir, "strict.jsonl");
    // 200,000 lines of ~180 bytes: over the size at which readBattles reads in parts
    const good = JSON.stringify({ model_a: "a", model_b: "b", winner: "model_a", note: "x".repeat(120) });
    const lines = Array.from({ length: 200_000 }, () => good);
    lines[150_000] = "{broken";
    lines[190_000] = "{broken too";
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    expect(fs.statSync(file).size).toBeGreaterThan(32 * 2 ** 20);
    await expect(readBattles(file, { strict: true, parallel: true })).rejects.toThrow(
      `${file}, line 150001: not valid JSON`,
    );
    const lenient = await readBattles(file, { parallel: true });
    expect(lenient.rows).toBe(199_998);
    expect(lenient.skippedExamples.map((row) => row.position)).toEqual([150_001, 190_001]);
  }, 60_000);
});
