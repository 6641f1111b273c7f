import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parquetReadObjects } from "hyparquet";
import { fileWriter, ParquetWriter, schemaFromColumnData } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { columnsOf, linesOf } from "./encoded-batch";
import { PARQUET_LAYOUTS, ParquetFile } from "./parquet-file";
import { ParquetThread } from "./parquet-thread";
import { type BattleRow, battleRecord } from "./records";

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

/** The file as hyparquet-writer writes it from the records' values, its JSON columns stringified by itself. */
async function byHyparquet(file: string, batches: Record<string, unknown>[][]): Promise<void> {
  let writer: ParquetWriter | null = null;
  for (const records of batches) {
    const columnData = Object.entries(PARQUET_LAYOUTS.battles).map(([name, type]) => ({
      name,
      type,
      data: records.map((r) => r[name] ?? null),
      nullable: true,
      ...(type === "JSON" ? { statistics: false } : {}),
    })) as never;
    writer ??= new ParquetWriter({ writer: fileWriter(file), schema: schemaFromColumnData({ columnData }) });
    writer.write({ columnData, rowGroupSize: records.length });
  }
  await writer?.finish();
}

const columns = (records: Record<string, unknown>[]) => columnsOf(records, "battles");
const jsonLines = (records: Record<string, unknown>[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;

describe("columnsOf and linesOf", () => {
  it("makes the JSON Lines JSON.stringify makes, a field without a JSON value left out", () => {
    const records: Record<string, unknown>[] = [
      ...batch(0, 30),
      { ...batch(30, 1)[0], preset_id: undefined },
      // scalars JSON writes its own way: escapes, -0, a number JSON cannot hold, false
      { ...batch(31, 1)[0], judge: 'a "judge"\n\u2028\u0000é', turn: -0, tstamp: Number.NaN, anony: false },
      { ...batch(32, 1)[0], tstamp: Number.POSITIVE_INFINITY, language: null },
    ];
    const lines = linesOf(columns(records), "battles");
    expect(lines).toBe(jsonLines(records));
    expect(lines).not.toContain('"preset_id":"');
  });

  it("keeps a battle record's own field order", () => {
    const row: BattleRow = {
      conversationId: "c1",
      mode: "battle",
      modelAId: "a",
      modelBId: "b",
      winner: "model_a",
      visitorId: "v1",
      anonymous: true,
      turn: 1,
      language: "English",
      at: new Date(1_760_000_000_000),
      isPreset: false,
      presetId: null,
      inputModality: "image+text",
      messages: [
        { side: "a", turn: 1, role: "user", content: "what?", images: null, tokens: 2, markdown: null },
        { side: "a", turn: 1, role: "assistant", content: "**this**", images: null, tokens: 3, markdown: null },
      ],
      labels: [{ category: "captioning", labeller: "rules", version: "1", value: true }],
    };
    const record = battleRecord(row, {
      judge: () => "j",
      redact: false,
      dedup: () => ({ high_freq: false, sampled: true }),
    });
    expect(linesOf(columns([record]), "battles")).toBe(`${JSON.stringify(record)}\n`);
  });
});

describe("ParquetThread", () => {
  it("writes, on its own thread and on the export's, the file hyparquet-writer writes from the values", async () => {
    const batches = [batch(0, 700), batch(700, 1), batch(701, 1500), batch(2201, 40)];
    await byHyparquet(path.join(dir, "reference.parquet"), batches);
    const here = new ParquetFile(path.join(dir, "here.parquet"), "battles");
    for (const records of batches) here.write(columns(records));
    expect(await here.finish()).toBe(true);
    // the thread puts each batch's JSON Lines together too, handed back in order, taken slowly here
    const taken: string[] = [];
    const thread = new ParquetThread(path.join(dir, "thread.parquet"), "battles", async (lines) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      taken.push(lines);
    });
    // sent without waiting for each: the thread takes them in order, the sender held back past two
    await Promise.all(batches.map((records) => thread.write(columns(records))));
    expect(await thread.finish()).toBe(true);
    expect(taken).toEqual(batches.map(jsonLines));
    const [reference, a, b] = ["reference", "here", "thread"].map((name) =>
      fs.readFileSync(path.join(dir, `${name}.parquet`)),
    );
    expect(b?.length).toBeGreaterThan(10_000);
    expect(a?.equals(reference as Buffer)).toBe(true);
    expect(b?.equals(reference as Buffer)).toBe(true);
    const rows = await parquetReadObjects({ file: new Uint8Array(b as Buffer).buffer });
    expect(rows).toHaveLength(2241);
    expect(rows[2240]).toMatchObject({ question_id: "q2240", turn: 3, category_tag: { vision_v0_1: {} } });
    expect(rows[0]?.conversation_a).toEqual(batch(0, 1)[0]?.conversation_a);
  });

  it("writes the JSON Lines file itself when given one, and closes it however it ends", async () => {
    const batches = [batch(0, 300), batch(300, 1), batch(301, 450)];
    const file = path.join(dir, "itself.jsonl");
    const thread = new ParquetThread(path.join(dir, "itself.parquet"), "battles", { file });
    await Promise.all(batches.map((records) => thread.write(columns(records))));
    expect(await thread.finish()).toBe(true);
    expect(fs.readFileSync(file, "utf8")).toBe(batches.map(jsonLines).join(""));
    const descriptors = () => fs.readdirSync("/proc/self/fd").length;
    const before = descriptors();
    // an export that fails part-way ends the thread: its file keeps what was written, and nothing stays open
    const aborted = new ParquetThread(path.join(dir, "aborted.parquet"), "battles", {
      file: path.join(dir, "a.jsonl"),
    });
    await aborted.write(columns(batch(0, 5)));
    await aborted.abort();
    expect(descriptors()).toBe(before);
    // a JSON Lines file that cannot be written (a full disk) ends the export, naming that file
    const full = new ParquetThread(path.join(dir, "full.parquet"), "battles", { file: "/dev/full" });
    await full.write(columns(batch(0, 3)));
    await expect(full.finish()).rejects.toThrow(/the JSON Lines file could not be written: .*ENOSPC/);
    // no row: an empty file, as the export's own stream left it
    const none = new ParquetThread(path.join(dir, "none2.parquet"), "battles", { file: path.join(dir, "none.jsonl") });
    expect(await none.finish()).toBe(false);
    expect(fs.readFileSync(path.join(dir, "none.jsonl"), "utf8")).toBe("");
  });

  it("writes no file when no row came, and says what could not be written", async () => {
    const empty = new ParquetThread(path.join(dir, "none.parquet"), "battles");
    expect(await empty.finish()).toBe(false);
    expect(fs.existsSync(path.join(dir, "none.parquet"))).toBe(false);
    const broken = new ParquetThread(path.join(dir, "broken.parquet"), "battles");
    const turn = Object.keys(PARQUET_LAYOUTS.battles).indexOf("turn");
    await broken.write(columns(batch(0, 1)).map((column: unknown[], j: number) => (j === turn ? [2n ** 70n] : column)));
    await expect(broken.finish()).rejects.toThrow(/the Parquet file could not be written: /);
    // lines that could not be taken (a full disk, a download that ended) end the export with that error
    const refused = new ParquetThread(path.join(dir, "refused.parquet"), "battles", async () => {
      throw new Error("no space left on device");
    });
    await refused.write(columns(batch(0, 3)));
    await expect(refused.finish()).rejects.toThrow("no space left on device");
  });
});
