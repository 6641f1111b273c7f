// Prompt sets for the evaluation engine: imported from arena-hard-auto's question layout with an images folder,
// versioned, exported to the same layout, and refused line by line when a record is bad.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../lib/db";
import { exportPromptSet, importPromptSet, listPromptSets } from "../../lib/evals";
import { startScratch } from "./arena-fixture";
import { runCli as cli } from "./run-cli";

let scratch: Awaited<ReturnType<typeof startScratch>>;
let db: Db;
let url: string;
let dir: string;

const png = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function writeSet(folder: string, lines: unknown[]) {
  fs.mkdirSync(path.join(folder, "images"), { recursive: true });
  fs.writeFileSync(path.join(folder, "images", "red.png"), await png("#cc0000"));
  fs.writeFileSync(
    path.join(folder, "images", "blue.jpg"),
    await sharp(await png("#0000cc"))
      .jpeg()
      .toBuffer(),
  );
  const file = path.join(folder, "question.jsonl");
  fs.writeFileSync(file, `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`);
  return file;
}

const GOOD = [
  { question_id: "q-text", category: "writing", turns: [{ content: "Write a haiku about rain." }] },
  {
    question_id: "q-two-images",
    category: "vision",
    cluster: "colours",
    turns: [{ content: ["Which is warmer?", ["red", "blue"]] }],
  },
  { question_id: 7, turns: [{ content: ["What colour?", ["red.png"]] }, { content: "And now?" }] },
];

beforeAll(async () => {
  scratch = await startScratch("sets");
  ({ db, url, dataDir: dir } = scratch);
});
afterAll(() => scratch.close());

describe("prompt sets", () => {
  it("imports items with their images, exports the same layout, and a re-import is a new version with the same content", async () => {
    const file = await writeSet(path.join(dir, "one"), GOOD);
    const first = await importPromptSet(db, { file, name: "colours", licence: "CC BY 4.0" });
    expect(first).toMatchObject({ name: "colours", version: 1, items: 3, images: 2 });
    const items = await db.prisma.promptItem.findMany({
      where: { setId: first.id },
      orderBy: { position: "asc" },
      include: { images: { orderBy: { position: "asc" } } },
    });
    expect(items.map((i) => [i.questionId, i.category, i.images.length])).toEqual([
      ["q-text", "writing", 0],
      ["q-two-images", "vision", 2],
      ["7", null, 1],
    ]);
    expect(items[1]?.metadata).toEqual({ cluster: "colours" });
    expect(items[2]?.turns).toEqual([{ content: "What colour?" }, { content: "And now?" }]);
    expect(items[2]?.provenance).toMatchObject({ file: path.resolve(file), line: 3 });
    // the same picture in two items is stored once
    expect(items[2]?.images[0]?.imageSha256).toBe(items[1]?.images[0]?.imageSha256);

    const out = path.join(dir, "exported");
    expect(await exportPromptSet(db, "colours", out)).toMatchObject({ items: 3, images: 2 });
    const lines = fs
      .readFileSync(path.join(out, "question.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[1]).toMatchObject({ question_id: "q-two-images", category: "vision", cluster: "colours" });
    expect(lines[1].turns[0].content[1]).toEqual(items[1]?.images.map((i) => i.imageSha256));
    expect(fs.readdirSync(path.join(out, "images"))).toHaveLength(2);
    expect(fs.readFileSync(path.join(out, "README.md"), "utf8")).toContain("licence: CC BY 4.0");

    const again = await importPromptSet(db, { file: path.join(out, "question.jsonl"), name: "colours" });
    expect(again).toMatchObject({ version: 2, items: 3, images: 2 });
    const reimported = await db.prisma.promptItemImage.findMany({
      where: { item: { setId: again.id } },
      orderBy: [{ item: { position: "asc" } }, { position: "asc" }],
    });
    expect(reimported.map((i) => i.imageSha256)).toEqual(items.flatMap((i) => i.images.map((x) => x.imageSha256)));
    expect((await listPromptSets(db)).map((s) => `${s.name}@${s.version}:${s.items}`)).toEqual([
      "colours@2:3",
      "colours@1:3",
    ]);
  });

  it("refuses a bad record with one line naming the file, the line and the field, and writes nothing", async () => {
    const before = await db.prisma.promptSet.count();
    const cases: [unknown[], string][] = [
      [[GOOD[0], { question_id: "x", turns: [] }], ":2: field turns is missing or empty"],
      [[GOOD[0], "{not json"], ":2: not valid JSON"],
      [[{ turns: [{ content: "hi" }] }], ":1: field question_id is missing"],
      [[GOOD[0], GOOD[0]], ":2: question_id 'q-text' repeats"],
      [
        [{ question_id: "a", turns: [{ content: ["x", ["nowhere"]] }] }],
        ":1: turns[0].content[1][0]: image 'nowhere' not found",
      ],
      [[{ question_id: "a", turns: [{ content: ["x", ["../../etc/passwd"]] }] }], ":1: turns[0].content[1][0]: image"],
      [[{ question_id: "a", turns: [{ content: 42 }] }], ":1: turns[0].content: expected text, or [text, [image, …]]"],
    ];
    for (const [i, [lines, message]] of cases.entries()) {
      const file = await writeSet(path.join(dir, `bad-${i}`), lines);
      await expect(importPromptSet(db, { file, name: "bad" })).rejects.toThrow(`${file}${message}`);
    }
    expect(await db.prisma.promptSet.count()).toBe(before);
  });

  it("works from the command line", async () => {
    process.env.DATABASE_URL = url;
    const file = await writeSet(path.join(dir, "cli"), GOOD);
    const imported = await cli(["evals", "sets", "import", file, "--name", "cli-set", "--licence", "CC BY-SA 4.0"]);
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.out).toContain("imported 3 items (2 images) as cli-set@1");
    expect((await cli(["evals", "sets", "list"])).out).toMatch(/cli-set@1\s+3 items\s+CC BY-SA 4\.0/);
    const out = path.join(dir, "cli-out");
    expect((await cli(["evals", "sets", "export", "cli-set@1", "--out", out])).code).toBe(0);
    expect(fs.existsSync(path.join(out, "question.jsonl"))).toBe(true);
    expect((await cli(["evals", "sets", "export", "cli-set@9", "--out", out])).code).toBe(1);
  });
});
