import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { DatasetError, readBattles } from "./read";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-read-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

const rows = [
  {
    model_a: "m1",
    model_b: "m2",
    winner: "model_a",
    anony: true,
    turn: 2,
    language: "English",
    is_preset: false,
    dedup_tag: { high_freq: false, sampled: true },
    category_tag: {
      "vision_v0.1": { ocr: true, humor: false },
      "criteria_v0.1": { a: true, b: true, c: true, d: true, e: true, f: true, g: false },
    },
    conv_metadata: {
      sum_assistant_a_tokens: 10,
      header_count_a: { h1: 1, h2: 2 },
      list_count_a: { ordered: 1, unordered: 1 },
      bold_count_a: { "**": 3, __: 1 },
      sum_assistant_b_tokens: 20,
      header_count_b: 0,
      list_count_b: 0,
      bold_count_b: 0,
    },
  },
  { model_a: "m2", model_b: "m3", winner: "both_bad", anony: false },
  { model_a: "m3", model_b: "m1", winner: "tie (bothbad)", category_tag: ["coding"] },
];

describe("readBattles", () => {
  it("reads FastChat clean-battle JSON with nested fields", async () => {
    const { table, rows: count, skipped, format } = await readBattles(write("a.json", JSON.stringify(rows, null, 2)));
    expect([format, count, skipped]).toEqual(["json", 3, 0]);
    expect(table.models).toEqual(["m1", "m2", "m3"]);
    expect(Array.from(table.style.slice(0, 8))).toEqual([10, 3, 2, 4, 20, 0, 0, 0]);
    expect(table.hasStyle(1)).toBe(false);
    expect(table.winner(1)).toBe("tie (bothbad)");
    expect(Array.from(table.anony)).toEqual([1, 0, 2]);
    expect(table.turn[0]).toBe(2);
    expect(table.languages).toEqual(["English"]);
    expect(table.categoryNames.sort()).toEqual(["coding", "hard_6", "ocr"]);
  });

  it("reads the same battles from JSON Lines, CSV (nested fields as JSON cells) and gzip", async () => {
    const jsonl = rows.map((r) => JSON.stringify(r)).join("\n");
    const header = ["model_a", "model_b", "winner", "anony", "conv_metadata"];
    const cell = (v: unknown) =>
      v === undefined ? "" : typeof v === "object" ? `"${JSON.stringify(v).replaceAll('"', '""')}"` : String(v);
    const csv = [
      header.join(","),
      ...rows.map((r) => header.map((h) => cell((r as Record<string, unknown>)[h])).join(",")),
    ].join("\r\n");
    for (const file of [
      write("b.jsonl", jsonl),
      write("b.json.gz", zlib.gzipSync(JSON.stringify(rows))),
      write("b.jsonl.gz", zlib.gzipSync(jsonl)),
      write("c.json", jsonl), // JSON Lines in a .json file, as many arena dumps
      write("d.csv", csv),
    ]) {
      const { table, rows: count } = await readBattles(file);
      expect(count, file).toBe(3);
      expect(table.models, file).toEqual(["m1", "m2", "m3"]);
      expect(Array.from(table.style.slice(0, 8)), file).toEqual([10, 3, 2, 4, 20, 0, 0, 0]);
    }
  });

  it("reads Parquet in the same column layout", async () => {
    const { parquetWriteBuffer } = await import("hyparquet-writer");
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: "model_a", data: ["m1", "m2", "m3"], type: "STRING" },
        { name: "model_b", data: ["m2", "m3", "m1"], type: "STRING" },
        { name: "winner", data: ["model_a", "tie", "model_b"], type: "STRING" },
        { name: "anony", data: [true, true, false], type: "BOOLEAN" },
        { name: "conv_metadata", data: [JSON.stringify(rows[0]?.conv_metadata), null, null], type: "STRING" },
      ],
    });
    const { table, rows: count, format } = await readBattles(write("e.parquet", Buffer.from(buffer)));
    expect([format, count]).toEqual(["parquet", 3]);
    expect(Array.from(table.outcome)).toEqual([2, 1, 0]);
    expect(table.style[4]).toBe(20);
  });

  it("skips and counts malformed rows with their line numbers, or fails on the first with --strict", async () => {
    const file = write(
      "bad.jsonl",
      [
        JSON.stringify(rows[0]),
        "{not json",
        JSON.stringify({ model_a: "m1", model_b: "m2", winner: "left" }),
        "",
        JSON.stringify({ model_a: "m1", winner: "tie" }),
        JSON.stringify({ model_a: "m1", model_b: "m1", winner: "tie" }),
        JSON.stringify(rows[1]),
        // a name every object has is no winner
        JSON.stringify({ model_a: "m1", model_b: "m2", winner: "constructor" }),
      ].join("\n"),
    );
    const result = await readBattles(file);
    expect(result.rows).toBe(2);
    expect(result.skipped).toBe(5);
    expect(result.skippedExamples.map((s) => s.position)).toEqual([2, 3, 5, 6, 8]);
    expect(result.skippedExamples[4]?.reason).toContain('not "constructor"');
    expect(result.skippedExamples[1]?.reason).toContain(
      'winner must be model_a, model_b, tie, "tie (bothbad)" or both_bad, not "left"',
    );
    await expect(readBattles(file, { strict: true })).rejects.toThrow(`${file}, line 2: not valid JSON`);
  });

  it("reports element numbers in JSON arrays and rejects a truncated array", async () => {
    const file = write("bad.json", JSON.stringify([rows[0], { model_a: "x" }, rows[1]]));
    await expect(readBattles(file, { strict: true })).rejects.toThrow(`${file}, element 2: model_b is missing`);
    const truncated = write("cut.json", JSON.stringify(rows).slice(0, 200));
    await expect(readBattles(truncated)).rejects.toThrow("the file looks truncated");
  });

  it("gives one clear error for a missing file, an unknown format, a bad CSV header or bad gzip", async () => {
    await expect(readBattles(path.join(dir, "missing.json"))).rejects.toThrow(
      /cannot read .*missing\.json: no such file/,
    );
    await expect(readBattles(write("x.txt", "hi"))).rejects.toThrow(/unknown battle file format/);
    await expect(readBattles(write("h.csv", "a,b\n1,2\n"))).rejects.toThrow("the CSV header has no 'model_a' column");
    await expect(readBattles(write("g.json.gz", "plain text"))).rejects.toThrow(DatasetError);
  });
});
