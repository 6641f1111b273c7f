// The benchmark registry as the one source. Every registered benchmark's own example (its definition's `example`:
// a few items in its layout) goes from import to report on the real engine, so a new definition is covered by adding
// it; and a fifth benchmark, defined here and registered at run time, reaches the importer, runs, scoring, reports,
// the composite board's default weights, the CLI's help and checks, the console's choices and the docs' table with
// nothing else touched.
import fs from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BenchmarkDefinition,
  benchmarkChoices,
  benchmarkDefinition,
  benchmarkNames,
  benchmarkReport,
  defaultCompositeWeights,
  groundTruth,
  importBenchmark,
  registerBenchmark,
  type scoreOutputs,
} from "../../lib/benchmarks";
import { benchmarkTable } from "../../lib/benchmarks/docs";
import { required, withoutImages } from "../../lib/benchmarks/records";
import { benchmarkCommand, benchmarkHelp } from "../../lib/cli/benchmark-command";
import type { Db } from "../../lib/db";
import { createRun, executeRun, findPromptSet } from "../../lib/evals";
import { closeSenders } from "../../lib/jobs";
import { loadModelsConfig, syncRegistry } from "../../lib/providers";
import { type ArenaFixture, startArena } from "./arena-fixture";

/** The fifth benchmark: "Tally", counting questions, right when the response is the answer. Only this object. */
const tally: BenchmarkDefinition = {
  name: "tally",
  title: "Tally",
  licence: "CC0 (a test's own items)",
  hubDataset: "example/tally",
  scorer: {
    score: (p) => {
      const said = String(p.response ?? "").trim();
      return {
        correct: said === String(p.answer),
        extraction: said,
        prediction: said,
        decided_by: "rule:exact",
        truth: String(p.answer),
      };
    },
    keys: ["kind"],
    values: (p) => [String(p.kind ?? "")],
    gold: "answer",
  },
  addRecord: async ({ where, record, provenance, name, image, add }) => {
    add(name ?? "tally-test", {
      questionId: String(required(where, record, "id")),
      category: null,
      turns: [{ content: String(required(where, record, "question")) }],
      metadata: { benchmark: "tally", ...withoutImages(record) },
      provenance,
      imageShas: [await image("image", record.image)],
    });
  },
  relatedCategories: [],
  randomBaseline: () => null,
  compositeWeight: 0.4,
  help: { files: "its tally.json, as tally-test", outputs: "{id: {response, answer?}} against tally.json" },
  example: {
    files: {
      "tally.json": {
        text: JSON.stringify([
          { id: "1", question: "How many dots?", answer: "3", kind: "dots", image: "dots.png" },
          { id: "2", question: "How many lines?", answer: "5", kind: "lines", image: "dots.png" },
        ]),
      },
      "dots.png": { png: { width: 30, height: 20, rgb: [90, 90, 90] } },
    },
    data: ["tally.json"],
    reply: "3",
    set: "tally-test",
    correct: 1,
    of: 2,
  },
};

const unregister = registerBenchmark(tally);
const names = benchmarkNames();
const exampleModel = (name: string) => `ex-${name}`;
let arena: ArenaFixture;
let db: Db;
let dir: string;

/** Writes a benchmark's example into its own folder; the data files' paths. */
async function writeExample(name: string): Promise<string[]> {
  const { example } = benchmarkDefinition(name);
  const into = path.join(dir, name);
  for (const [file, content] of Object.entries(example.files)) {
    const full = path.join(into, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    if ("text" in content) fs.writeFileSync(full, content.text);
    else {
      const { width, height, rgb } = content.png;
      const background = { r: rgb[0], g: rgb[1], b: rgb[2] };
      fs.writeFileSync(
        full,
        await sharp({ create: { width, height, channels: 3, background } })
          .png()
          .toBuffer(),
      );
    }
  }
  return example.data.map((file) => path.join(into, file));
}

beforeAll(async () => {
  const replies = Object.fromEntries(
    names.map((name) => [exampleModel(name), benchmarkDefinition(name).example.reply]),
  );
  arena = await startArena("registry", { ...replies, shrug: "I cannot tell." });
  ({ db, dataDir: dir } = arena);
  await syncRegistry(db.prisma, loadModelsConfig().config);
});

afterAll(async () => {
  unregister();
  await closeSenders();
  await arena.close();
});

describe("every registered benchmark", () => {
  it.each(names)("%s: its example imported, answered, scored officially and reported with intervals", async (name) => {
    const { example, licence } = benchmarkDefinition(name);
    const imported = await importBenchmark(db, name, await writeExample(name));
    expect(imported.sets.map((s) => s.name)).toContain(example.set);
    for (const model of [exampleModel(name), "shrug"])
      await executeRun(db, (await createRun(db, { set: example.set, model })).id);
    const set = await findPromptSet(db, example.set);
    expect(set.licence).toBe(licence);
    const report = await benchmarkReport(db, [set.id], { rounds: 100 });
    expect(report.benchmark).toBe(name);
    const answered = report.models.find((m) => m.model === exampleModel(name));
    expect(answered?.overall).toMatchObject({ correct: example.correct, total: example.of });
    const [low, high] = answered?.overall.ci ?? [];
    expect(low).toBeLessThanOrEqual(example.correct / example.of);
    expect(high).toBeGreaterThanOrEqual(example.correct / example.of);
    // every verdict says what decided it
    const decided = Object.entries(answered?.decidedBy ?? {});
    expect(decided.reduce((sum, [, n]) => sum + n, 0)).toBe(example.of);
    expect(decided.every(([by]) => by.length > 0)).toBe(true);
    expect(report.differences.some((d) => [d.a, d.b].includes("shrug"))).toBe(true);
  });

  it("is on the composite board by default, each at its definition's weight", async () => {
    const components = await groundTruth.components(db);
    const weights = groundTruth.defaultWeights();
    expect(weights).toEqual(defaultCompositeWeights());
    for (const name of names) {
      expect(weights.benchmarks[name]).toBe(benchmarkDefinition(name).compositeWeight);
      expect(weights.benchmarks[name]).toBeGreaterThan(0);
      // an example run beside "shrug" gives pairs whenever the example gets anything right
      if (benchmarkDefinition(name).example.correct > 0)
        expect(components.some((c) => c.benchmark === name && c.pairs.length > 0)).toBe(true);
    }
  });
});

describe("a fifth benchmark, registered at run time", () => {
  it("is in the CLI's help, its checks, the console's choices and the docs' table", async () => {
    expect(names).toContain("tally");
    expect(benchmarkHelp()).toMatch(/arena benchmark import mathvista\|emma\|isobench\|tally FILE/);
    expect(benchmarkHelp()).toContain("its tally.json, as tally-test");
    expect(benchmarkChoices().find((b) => b.name === "tally")).toMatchObject({ title: "Tally", predictions: false });
    expect(benchmarkTable()).toMatch(/\| `tally` +\| Tally +\|/);
    // the CLI's score command takes it, in this process, from its files alone
    const outputs = path.join(dir, "tally-outputs.json");
    fs.writeFileSync(outputs, JSON.stringify({ "1": { response: "3" }, "2": { response: "4" } }));
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    await benchmarkCommand(
      ["score", "tally", "--outputs", outputs, "--data", path.join(dir, "tally", "tally.json"), "--format", "json"],
      out,
    );
    const score = JSON.parse(Buffer.concat(chunks).toString()) as ReturnType<typeof scoreOutputs>;
    expect(score.accuracy.overall).toMatchObject({ correct: 1, total: 2 });
    expect(score.items["2"]).toMatchObject({ correct: false, decided_by: "rule:exact" });
  });

  it("refuses a name already taken or not fit for the weights' keys", () => {
    expect(() => registerBenchmark({ ...tally })).toThrow(/already registered/);
    expect(() => registerBenchmark({ ...tally, name: "Tally Two" })).toThrow(/lower case/);
  });
});
