import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parquetReadObjects } from "hyparquet";
import { afterAll, describe, expect, it } from "vitest";
import { ParquetFile } from "./parquet-file";
import { ParquetThread } from "./parquet-thread";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-parquet-thread-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Battle records as the export builds them: strings, numbers, booleans, nulls and nested JSON columns. */
function batch(start: number, size: number): Record<string, unknown>[] {
  return Array.from({ length: size }, (_, k) => {
    const i = start + k;
    return {
      question_id: `q${i}`,
      model_a: `model-${i % 7}`,
      model_b: `model-${(i + 3) % 7}`,
      winner: ["model_a", "model_b", "tie", "tie (bothbad)"][i % 4],
      judge: crypto.createHash("sha256").update(String(i)).digest("base64url").slice(0, 22),
      conversation_a: [
        { role: "user", content: [{ type: "text", text: `What is ${i}? ☃ "quoted"` }] },
        { role: "assistant", content: `It is ${i / 7}.` },
      ],
      conversation_b: [{ role: "user", content: `ask ${i}` }],
      turn: 1 + (i % 3),
      anony: i % 5 !== 0,
      language: i % 11 === 0 ? null : "English",
      tstamp: 1_760_000_000.123 + i * 0.001,
      conv_metadata: { sum_user_tokens: i, header_count_a: { h1: i % 2 } },
      category_tag: { vision_v0_1: { is_captioning: i % 2 === 0 } },
      dedup_tag: { high_freq: false, sampled: true },
      is_preset: false,
      preset_id: null,
      input_modality: "image+text",
      images: i % 3 === 0 ? null : [`images/${i}.png`],
      stopped: false,
      answer_versions: null,
      reactions: i % 13 === 0 ? { a: { reason: "wrong_count" } } : null,
    };
  });
}

const lines = (records: Record<string, unknown>[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;

describe("ParquetThread", () => {
  it("writes, on its own thread, the file the export's thread writes, byte for byte", async () => {
    const batches = [batch(0, 700), batch(700, 1), batch(701, 1500), batch(2201, 40)];
    const here = new ParquetFile(path.join(dir, "here.parquet"), "battles");
    for (const records of batches) here.write(records);
    expect(await here.finish()).toBe(true);
    const thread = new ParquetThread(path.join(dir, "thread.parquet"), "battles");
    // sent without waiting for each: the thread takes them in order, the sender held back past two
    await Promise.all(batches.map((records) => thread.write(lines(records))));
    expect(await thread.finish()).toBe(true);
    const [a, b] = ["here", "thread"].map((name) => fs.readFileSync(path.join(dir, `${name}.parquet`)));
    expect(b?.length).toBeGreaterThan(10_000);
    expect(b?.equals(a as Buffer)).toBe(true);
    const rows = await parquetReadObjects({ file: new Uint8Array(b as Buffer).buffer });
    expect(rows).toHaveLength(2241);
    expect(rows[2240]).toMatchObject({ question_id: "q2240", turn: 3 });
  });

  it("writes no file when no row came, and says which record could not be read", async () => {
    const empty = new ParquetThread(path.join(dir, "none.parquet"), "battles");
    expect(await empty.finish()).toBe(false);
    expect(fs.existsSync(path.join(dir, "none.parquet"))).toBe(false);
    const broken = new ParquetThread(path.join(dir, "broken.parquet"), "battles");
    await broken.write('{"question_id": "q1", "turn": \n');
    await expect(broken.finish()).rejects.toThrow(/the Parquet file could not be written: .*JSON/);
  });
});
