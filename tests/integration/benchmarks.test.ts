// The ground-truth benchmarks on the real engine: small fixture sets in each benchmark's own layout (written from
// the papers' printed examples, images generated) imported as prompt sets with licence and provenance, answered by
// fake models through the provider adapters, scored with every step stored, and reported with intervals.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeModelServer } from "../../e2e/fake-models/server";
import { acceptTerms, offeredPresets, openConversation } from "../../lib/arena";
import {
  benchmarkBoards,
  benchmarkReport,
  groundTruthComponents,
  importBenchmark,
  importPredictions,
  judgeFrom,
  libraryFile,
  libraryFiles,
  type PairBattle,
  queuePredictionImport,
  recentPredictionImports,
  runPredictionImport,
  scoreBenchmarkRun,
} from "../../lib/benchmarks";
import type { Db } from "../../lib/db";
import { createRun, executeRun, findPromptSet, itemPresets } from "../../lib/evals";
import { closeSenders } from "../../lib/jobs";
import { type ArenaFixture, startFixture } from "./arena-fixture";
import { runCli } from "./run-cli";

let fixture: ArenaFixture;
let db: Db;
let dir: string;
let fake: FakeModelServer;

const png = (r: number) =>
  sharp({ create: { width: 24 + r, height: 20, channels: 3, background: { r, g: 80, b: 160 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  fixture = await startFixture("benchmarks", {
    behaviours: {
      // answers every item "B": right on the multiple-choice items whose answer is the second choice
      bee: { reply: "B" },
      // answers like a careful model: a JSON answer of 16 (IsoBench's max-flow) and 16 for free-form items
      sixteen: { reply: '{"answer": 16, "explanation": "augmenting paths"}' },
      // plays MathVista's GPT-4 extraction step
      extractor: { reply: "B" },
      // answers without a letter, a number or a \boxed{}: only EMMA's judge can tell
      rambler: { reply: "Looking closely, the second solution has more particles per volume" },
      // plays EMMA's GPT judge
      grader: { reply: "Correct" },
    },
    entries: ["bee", "sixteen", "extractor", "rambler", "grader"],
    sync: true,
  });
  ({ db, dataDir: dir, fake } = fixture);

  fs.mkdirSync(path.join(dir, "mathvista", "images"), { recursive: true });
  for (const pid of ["1", "2", "3"])
    fs.writeFileSync(path.join(dir, "mathvista", "images", `${pid}.png`), await png(Number(pid) * 40));
  const meta = (source: string, skills: string[]) => ({
    language: "english",
    source,
    category: "math-targeted-vqa",
    task: "geometry problem solving",
    context: "geometry diagram",
    grade: "high school",
    skills,
  });
  fs.writeFileSync(
    path.join(dir, "mathvista", "testmini.json"),
    JSON.stringify({
      "1": {
        pid: "1",
        image: "images/1.png",
        question: "Find the angle.",
        choices: ["145°", "35°", "55°"],
        unit: null,
        precision: null,
        answer: "35°",
        question_type: "multi_choice",
        answer_type: "text",
        metadata: meta("GeoQA+", ["geometry reasoning"]),
      },
      "2": {
        pid: "2",
        image: "images/2.png",
        question: "How many sides?",
        choices: null,
        unit: null,
        precision: null,
        answer: "16",
        question_type: "free_form",
        answer_type: "integer",
        metadata: meta("GeoQA+", ["arithmetic reasoning"]),
      },
      "3": {
        pid: "3",
        image: "images/3.png",
        question: "Which is largest?",
        choices: ["A", "B", "C"],
        unit: null,
        precision: null,
        answer: "B",
        question_type: "multi_choice",
        answer_type: "text",
        metadata: meta("IQTest", ["logical reasoning"]),
      },
    }),
  );
  fs.mkdirSync(path.join(dir, "emma"), { recursive: true });
  fs.writeFileSync(path.join(dir, "emma", "q1.png"), await png(200));
  fs.writeFileSync(
    path.join(dir, "emma", "emma.json"),
    JSON.stringify([
      {
        pid: "chem_1",
        question: "Which solution is more concentrated? <image_1>",
        options: ["Solution A", "Solution B", "neither"],
        answer: "B",
        image_1: "q1.png",
        solution: "",
        subject: "Chemistry",
        task: "",
        category: "Reaction Simulation",
        source: "new",
        type: "Multiple Choice",
        context: "",
      },
      {
        pid: "math_1",
        question: "How many cubes? <image_1>",
        options: [],
        answer: "16",
        image_1: "q1.png",
        solution: "",
        subject: "Math",
        task: "",
        category: "3D Spatial Simulation",
        source: "new",
        type: "Open-ended",
        context: "",
      },
    ]),
  );
  fs.mkdirSync(path.join(dir, "isobench"), { recursive: true });
  fs.writeFileSync(path.join(dir, "isobench", "flow.png"), await png(10));
  const flow = "[[0, 7, 4, 3, 2], [0, 0, 0, 0, 7], [0, 6, 0, 0, 4], [0, 5, 6, 0, 6], [0, 0, 0, 0, 0]]";
  fs.writeFileSync(
    path.join(dir, "isobench", "graph_maxflow.jsonl"),
    [
      { id: 0, image: "flow.png", adjacency_matrix: flow, source_node: 0, sink_node: 4, label: 16 },
      { id: 1, image: "flow.png", adjacency_matrix: "[[0, 3], [0, 0]]", source_node: 0, sink_node: 1, label: 3 },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n"),
  );
});

afterAll(async () => {
  await closeSenders();
  await fixture.close();
});

describe("ground-truth benchmarks", () => {
  it("imports each benchmark's own layout as prompt sets with licence, provenance and the paper's prompts", async () => {
    const mathvista = await importBenchmark(db, "mathvista", [path.join(dir, "mathvista", "testmini.json")]);
    expect(mathvista.sets).toEqual([{ name: "mathvista-testmini", version: 1, items: 3 }]);
    const set = await findPromptSet(db, "mathvista-testmini");
    expect(set.licence).toMatch(/CC BY-SA 4\.0/);
    const first = await db.prisma.promptItem.findFirst({
      where: { setId: set.id, questionId: "1" },
      include: { images: true },
    });
    expect((first?.turns as { content: string }[] | undefined)?.[0]?.content).toBe(
      "Hint: Please answer the question and provide the correct option letter, e.g., A, B, C, D, at the end.\nQuestion: Find the angle.\nChoices:\n(A) 145°\n(B) 35°\n(C) 55°",
    );
    expect(first?.images).toHaveLength(1);
    expect(first?.provenance).toMatchObject({ record: "record 1" });

    const emma = await importBenchmark(db, "emma", [path.join(dir, "emma", "emma.json")]);
    expect(emma.sets.map((s) => s.name).sort()).toEqual(["emma-cot", "emma-direct"]);
    const cot = await db.prisma.promptItem.findFirst({ where: { questionId: "chem_1", set: { name: "emma-cot" } } });
    expect((cot?.turns as { content: string }[] | undefined)?.[0]?.content).toBe(
      '\nWhich solution is more concentrated? <image_1>\nA: Solution A\nB: Solution B\nC: neither\n\nAnswer with the option\'s letter from the given choices and put the letter in one "\\boxed{}". Please solve the problem step by step.',
    );

    const iso = await importBenchmark(db, "isobench", [path.join(dir, "isobench", "graph_maxflow.jsonl")]);
    expect(iso.sets).toEqual([
      { name: "isobench-image", version: 1, items: 2 },
      { name: "isobench-text", version: 1, items: 2 },
      { name: "isobench-scratchpad", version: 1, items: 2 },
      { name: "isobench-combined", version: 1, items: 2 },
    ]);
  });

  it("imports MathVista's Hugging Face Parquet layout, images as bytes in decoded_image", async () => {
    const { parquetWriteFile } = await import("hyparquet-writer");
    const file = path.join(dir, "mathvista", "testmini-00000-of-00001.parquet");
    const image = await png(90);
    parquetWriteFile({
      filename: file,
      columnData: [
        { name: "pid", data: ["101"], type: "STRING" },
        { name: "question", data: ["What is the total?"], type: "STRING" },
        {
          name: "query",
          data: [
            "Hint: Please answer the question requiring an integer answer and provide the final value, e.g., 1, 2, 3, at the end.\nQuestion: What is the total?",
          ],
          type: "STRING",
        },
        { name: "question_type", data: ["free_form"], type: "STRING" },
        { name: "answer_type", data: ["integer"], type: "STRING" },
        { name: "answer", data: ["7"], type: "STRING" },
        { name: "decoded_image", data: [new Uint8Array(image)], type: "BYTE_ARRAY" },
      ] as never,
    });
    const result = await importBenchmark(db, "mathvista", [file], { name: "mathvista-parquet" });
    expect(result.sets).toEqual([{ name: "mathvista-parquet", version: 1, items: 1 }]);
    const item = await db.prisma.promptItem.findFirst({
      where: { questionId: "101", set: { name: "mathvista-parquet" } },
      include: { images: true },
    });
    expect(item?.images).toHaveLength(1);
    expect((item?.turns as { content: string }[] | undefined)?.[0]?.content).toMatch(
      /^Hint: Please answer the question requiring an integer/,
    );
    expect(JSON.stringify(item?.metadata)).not.toContain("decoded_image");
  });

  it("offers imported MathVista items as the arena's preset images, stratified by source, credited, when enabled", async () => {
    process.env.ARENA_BENCHMARK_PRESETS = "0";
    expect((await offeredPresets(db)).filter((p) => p.kind === "benchmark")).toHaveLength(0);
    process.env.ARENA_BENCHMARK_PRESETS = "2";
    const items = await itemPresets(db);
    // the newest MathVista set (the Parquet import): one item, from its one source
    expect(items).toHaveLength(1);
    const testmini = await findPromptSet(db, "mathvista-testmini");
    const set = await db.prisma.promptSet.findFirstOrThrow({ where: { name: "mathvista-parquet" } });
    expect(items[0]?.id).toBe(`benchmark:${set.id}:101`);
    expect(testmini.id).not.toBe(set.id);
    // a battle can start from it: the item's image, marked as a preset
    const visitorId = (await acceptTerms(db, null, null)).id;
    const { id } = await openConversation(db, {
      visitorId,
      ipHash: null,
      mode: "battle",
      prompt: "Total?",
      uploads: [],
      presetId: items[0]?.id,
    });
    const conversation = await db.prisma.conversation.findUniqueOrThrow({
      where: { id },
      include: { messages: { include: { images: true } } },
    });
    expect(conversation).toMatchObject({ isPreset: true, presetId: items[0]?.id });
    expect(conversation.messages[0]?.images[0]?.imageSha256).toBe(items[0]?.imageSha);
    // an item the bank does not offer cannot be used
    await expect(
      openConversation(db, {
        visitorId,
        ipHash: null,
        mode: "battle",
        prompt: "x",
        uploads: [],
        presetId: `benchmark:${testmini.id}:1`,
      }),
    ).rejects.toMatchObject({ code: "unknown_preset" });
    process.env.ARENA_BENCHMARK_PRESETS = "0";
  });

  it("lists the benchmark folder's data files for the console and refuses paths outside it", () => {
    const files = libraryFiles(dir);
    expect(files).toContain(path.join("mathvista", "testmini.json"));
    expect(files).toContain(path.join("isobench", "graph_maxflow.jsonl"));
    expect(files.some((f) => f.includes("images"))).toBe(false);
    expect(libraryFile(dir, "mathvista/testmini.json")).toBe(path.join(dir, "mathvista", "testmini.json"));
    for (const bad of ["../etc/passwd.json", "/etc/passwd.json", "mathvista/images/1.png", "nothing.json"]) {
      expect(() => libraryFile(dir, bad)).toThrow(/benchmark folder/);
    }
  });

  it("refuses a bad record with one line naming the file, the record and the field, and writes nothing", async () => {
    const bad = path.join(dir, "mathvista", "bad.json");
    fs.writeFileSync(
      bad,
      JSON.stringify({
        "9": {
          pid: "9",
          image: "images/missing.png",
          question: "?",
          answer: "1",
          question_type: "free_form",
          answer_type: "integer",
        },
      }),
    );
    await expect(importBenchmark(db, "mathvista", [bad], { name: "bad-set" })).rejects.toThrow(
      /bad\.json: record 9: field image: image not found/,
    );
    expect(await db.prisma.promptSet.count({ where: { name: "bad-set" } })).toBe(0);
  });

  it("runs models, stores each verdict with what decided it, and reports accuracy with intervals", async () => {
    for (const model of ["bee", "sixteen"]) {
      const run = await createRun(db, { set: "mathvista-testmini", model });
      await executeRun(db, run.id);
    }
    const set = await findPromptSet(db, "mathvista-testmini");
    const report = await benchmarkReport(db, [set.id], { rounds: 200 });
    expect(report.benchmark).toBe("mathvista");
    const bee = report.models.find((m) => m.model === "bee");
    const sixteen = report.models.find((m) => m.model === "sixteen");
    // bee answers "B": on item 3 that is one of the choices (the official exact-choice rule) → right; on item 1 a
    // bare letter is no quick rule's (the official code asks GPT-4) → undecided; item 2 (integer) → undecided
    expect(bee?.overall).toMatchObject({ correct: 1, total: 3 });
    expect(bee?.decidedBy).toMatchObject({ "rule:exact-choice": 1, undecided: 2 });
    // sixteen: a JSON reply is no rule's: every item undecided or the nearest choice
    expect(sixteen?.overall.correct).toBe(0);
    expect(bee?.overall.ci[0]).toBeGreaterThan(0);
    expect(bee?.byKey.source?.GeoQA?.total ?? bee?.byKey.source?.["GeoQA+"]?.total).toBe(2);
    expect(report.differences).toHaveLength(1);
    expect(report.differences[0]).toMatchObject({ a: "bee", b: "sixteen", items: 3 });
    const verdicts = await db.prisma.benchmarkVerdict.findMany({ include: { item: true } });
    expect(verdicts.find((v) => v.item.questionId === "3" && v.correct)).toMatchObject({
      extraction: "B",
      prediction: "B",
      truth: "B",
      decidedBy: "rule:exact-choice",
    });
    // scored once: a second report adds nothing
    expect(await scoreBenchmarkRun(db, verdicts[0]?.runId as string)).toBe(0);
  });

  it("asks a judge, with MathVista's 5-shot extraction prompt, only what the rules could not read, and says so", async () => {
    const set = await findPromptSet(db, "mathvista-testmini");
    const model = await db.prisma.model.findUniqueOrThrow({ where: { id: "extractor" }, include: { provider: true } });
    fake.reset();
    const report = await benchmarkReport(db, [set.id], { rounds: 50, judge: judgeFrom(model) });
    const asked = fake.requests.filter((r) => r.model === "extractor");
    // bee's two undecided items and sixteen's three (a JSON reply is no quick rule's)
    expect(asked).toHaveLength(5);
    expect(asked[0]?.userTexts[0]).toMatch(/^Please read the following example\. Then extract the answer/);
    expect(asked[0]?.userTexts[0]).toMatch(/\n\nExtracted answer: $/);
    const bee = report.models.find((m) => m.model === "bee");
    // item 1: the judge reads "B" → (B) 35° → right; item 2 (integer): "B" → int(float("B")) fails → wrong
    expect(bee?.overall).toMatchObject({ correct: 2, total: 3 });
    expect(bee?.decidedBy).toMatchObject({ "rule:exact-choice": 1, "judge:extractor@extractor": 2 });
    // decided once: asking again with the judge asks nothing
    fake.reset();
    await benchmarkReport(db, [set.id], { rounds: 50, judge: judgeFrom(model) });
    expect(fake.requests).toHaveLength(0);
  });

  it("asks EMMA's judge only where its rules found no answer, and records it", async () => {
    const run = await createRun(db, { set: "emma-direct", model: "rambler" });
    await executeRun(db, run.id);
    expect(await scoreBenchmarkRun(db, run.id)).toBe(2);
    const before = await db.prisma.benchmarkVerdict.findMany({ where: { runId: run.id } });
    expect(before.every((v) => v.decidedBy === "rule:whole-response" && !v.correct)).toBe(true);
    const grader = await db.prisma.model.findUniqueOrThrow({ where: { id: "grader" }, include: { provider: true } });
    fake.reset();
    expect(await scoreBenchmarkRun(db, run.id, { judge: judgeFrom(grader) })).toBe(2);
    const asked = fake.requests.filter((r) => r.model === "grader");
    expect(asked).toHaveLength(2);
    expect(asked[0]?.userTexts[0]).toMatch(
      /^Please read the following example\. Then determine whether the response is correct/,
    );
    expect(asked[0]?.userTexts[0]).toMatch(/\nCorrect_or_not:$/);
    const after = await db.prisma.benchmarkVerdict.findMany({ where: { runId: run.id } });
    expect(after.every((v) => v.correct && v.decidedBy.startsWith("judge:grader@grader"))).toBe(true);
  });

  it("sets accuracy beside the live arena: Spearman overall and on the related boards, with an interval", async () => {
    const run = await createRun(db, { set: "mathvista-testmini", model: "extractor" });
    await executeRun(db, run.id);
    const board = (ratings: Record<string, number>) => ({
      battles: 10,
      components: 1,
      warnings: [],
      models: Object.entries(ratings).map(([model, rating], k) => ({
        model,
        rating,
        ciLower: rating - 5,
        ciUpper: rating + 5,
        rank: k + 1,
        votes: 10,
        winRate: 0.5,
      })),
    });
    // the arena orders them as the benchmark does overall, and the other way round on the math board
    for (const [category, ratings] of [
      ["overall", { bee: 1100, sixteen: 1060, extractor: 1000 }],
      ["math", { bee: 1000, sixteen: 1040, extractor: 1100 }],
    ] as const) {
      await db.prisma.leaderboardSnapshot.create({
        data: { category, styleControl: false, params: {}, payload: board(ratings), voteCount: 10 },
      });
    }
    const set = await findPromptSet(db, "mathvista-testmini");
    const report = await benchmarkReport(db, [set.id], { rounds: 100 });
    const accuracy = Object.fromEntries(report.models.map((m) => [m.model, m.overall.accuracy]));
    expect(accuracy.extractor).toBeLessThan(accuracy.bee as number); // 1 of 3 by rules alone, against 2 of 3
    const overall = report.arena.find((a) => a.category === "overall");
    const math = report.arena.find((a) => a.category === "math");
    expect(overall?.models).toBe(3);
    expect(overall?.spearman).toBeGreaterThan(0);
    expect(math?.spearman).toBeLessThan(0);
    expect(overall?.ci[0]).toBeLessThanOrEqual(overall?.spearman as number);
    expect(report.arena.map((a) => a.category)).not.toContain("homework"); // no board for it here
  });

  it("runs IsoScratchPad: the model describes the image, then answers from its description alone", async () => {
    fake.reset();
    const run = await createRun(db, { set: "isobench-scratchpad", model: "sixteen" });
    await executeRun(db, run.id);
    const calls = fake.requests.filter((r) => r.model === "sixteen");
    expect(calls).toHaveLength(4); // two items, two steps each
    const describes = calls.filter((c) => c.userTexts[0]?.startsWith("Describe the image in full detail"));
    const answers = calls.filter((c) => c.userTexts[0]?.startsWith("The picture is described as follows"));
    expect(describes.map((c) => c.images.length)).toEqual([1, 1]);
    expect(answers.map((c) => c.images.length)).toEqual([0, 0]);
    expect(answers.map((c) => c.messageCount)).toEqual([1, 1]); // a fresh conversation each
    expect(answers[0]?.userTexts[0]).toContain('The picture is described as follows:\n{"answer": 16');
    expect(await scoreBenchmarkRun(db, run.id)).toBe(2);
    const verdicts = await db.prisma.benchmarkVerdict.findMany({ where: { runId: run.id }, include: { item: true } });
    expect(verdicts.find((v) => v.item.questionId === "graph_maxflow/0")).toMatchObject({
      correct: true,
      prediction: "16",
    });
  });

  it("scores IsoBench text answers against the computed max flow, and runs and reports from the command line", async () => {
    const { code, out } = await runCli(["benchmark", "run", "isobench-text", "--model", "sixteen", "--here"]);
    expect(code).toBe(0);
    expect(out).toMatch(/done: 2 answered, 0 failed; 2 verdicts/);
    const report = await runCli(["benchmark", "report", "isobench-text", "--format", "json"]);
    const parsed = JSON.parse(report.out);
    expect(parsed.models[0]).toMatchObject({ model: "sixteen", overall: { correct: 1, total: 2 } });
    const table = await runCli(["benchmark", "report", "isobench-text"]);
    expect(table.out).toMatch(/sixteen\s+50\.0% \[/);
    expect(table.out).toMatch(/random guess: 4\.0% \(IsoBench/);
    // exported with every step, JSON Lines and Parquet alike, and a datasheet with the licence
    const outDir = path.join(dir, "export");
    const exported = await runCli(["benchmark", "export", "mathvista-testmini", "isobench-text", "--out", outDir]);
    const expected = await db.prisma.benchmarkVerdict.count({
      where: { run: { set: { name: { in: ["mathvista-testmini", "isobench-text"] } } } },
    });
    expect(exported.out).toMatch(new RegExp(`wrote ${expected} verdicts`));
    const lines = fs.readFileSync(path.join(outDir, "verdicts.jsonl"), "utf8").trim().split("\n");
    expect(lines).toHaveLength(expected);
    const rows = lines.map((l) => JSON.parse(l) as { benchmark: string; set: string; decided_by: string });
    expect(rows.filter((r) => r.benchmark === "mathvista" && r.set === "mathvista-testmini@1")).toHaveLength(
      expected - 2,
    );
    expect(rows.filter((r) => r.set === "isobench-text@1")).toHaveLength(2);
    const { asyncBufferFromFile, parquetReadObjects } = await import("hyparquet");
    const parquet = await parquetReadObjects({
      file: await asyncBufferFromFile(path.join(outDir, "verdicts.parquet")),
    });
    expect(parquet).toHaveLength(expected);
    expect(parquet.filter((r) => r.correct === true)).toHaveLength(lines.filter((l) => JSON.parse(l).correct).length);
    expect(fs.readFileSync(path.join(outDir, "DATASHEET.md"), "utf8")).toMatch(/CC BY-SA 4\.0/);

    // the verdicts as pairwise outcomes (issue 43): each item both models answered, right beating wrong
    const pairsFile = path.join(dir, "pairs.json");
    const pairs = await runCli(["benchmark", "pairs", "mathvista-testmini", "--out", pairsFile]);
    expect(pairs.code).toBe(0);
    const battles = JSON.parse(fs.readFileSync(pairsFile, "utf8")) as PairBattle[];
    // every model run on the set so far has one (native) run: each item gives one battle per pair of them
    const verdicts = await db.prisma.benchmarkVerdict.findMany({
      where: { run: { set: { name: "mathvista-testmini" } } },
      include: { item: true, run: true },
    });
    const models = [...new Set(verdicts.map((v) => v.run.modelId))];
    const items = new Set(verdicts.map((v) => v.item.questionId));
    expect(models.length).toBeGreaterThanOrEqual(2);
    expect(battles).toHaveLength((items.size * models.length * (models.length - 1)) / 2);
    const right = (model: string, question: string) =>
      verdicts.find((v) => v.run.modelId === model && v.item.questionId === question)?.correct as boolean;
    for (const battle of battles) {
      const question = battle.question_id.split("/").at(-1) as string;
      const [a, b] = [right(battle.model_a, question), right(battle.model_b, question)];
      expect(battle.winner).toBe(a === b ? (a ? "tie" : "tie (bothbad)") : a ? "model_a" : "model_b");
    }
    expect(new Set(battles.map((b) => b.winner)).size).toBeGreaterThan(1); // the data has more than one kind
    expect(pairs.out).toMatch(new RegExp(`wrote ${battles.length} pairwise outcomes`));
    // the same outcomes, one component per set, are what the recompute's composite board reads
    const components = await groundTruthComponents(db);
    const mathvista = components.find((c) => c.set === "mathvista-testmini@1");
    expect(mathvista?.benchmark).toBe("mathvista");
    expect(mathvista?.pairs.map((p) => [p.model_a, p.model_b, p.winner])).toEqual(
      battles.map((p) => [p.model_a, p.model_b, p.winner]),
    );
    // a battle file the leaderboard reads, as a component of the composite board or alone
    const board = await runCli(["leaderboard", pairsFile, "--format", "json", "--ci", "sandwich"]);
    expect(
      JSON.parse(board.out)
        .models.map((m: { model: string }) => m.model)
        .sort(),
    ).toEqual(models.sort());
  });

  it("imports VLMEvalKit's and lmms-eval's predictions as runs scored officially, beside the native runs", async () => {
    // VLMEvalKit's evaluated MathVista table for "sixteen": index, prediction, the judge's res, and a per-item hit
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(["index", "question", "answer", "prediction", "res", "log", "hit"]);
    sheet.addRow([1, "Find the angle.", "35°", "The answer is (B) 35°", "B", "Succeed", 1]);
    sheet.addRow([2, "How many sides?", "16", "There are 16 sides.", "16", "Succeed", 0]);
    sheet.addRow([3, "Which is largest?", "B", "C", "", "Prefetch succeed", 0]);
    const xlsx = path.join(dir, "sixteen_MathVista_MINI_gpt-4o-mini.xlsx");
    await workbook.xlsx.writeFile(xlsx);
    const vlm = await runCli([
      "benchmark",
      "import-predictions",
      "mathvista",
      xlsx,
      "--from",
      "vlmevalkit",
      "--model",
      "sixteen",
      "--format",
      "json",
    ]);
    expect(vlm.code).toBe(0);
    const imported = JSON.parse(vlm.out);
    // 1: res B → the second choice, 35° (right); 2: res 16 (right, the file says wrong); 3: no res, the bare "C" is a
    // choice by the exact-choice rule (wrong)
    expect(imported).toMatchObject({
      set: "mathvista-testmini@1",
      ours: { correct: 2, total: 3 },
      reported: { correct: 1, total: 3 },
      unanswered: 0,
    });
    expect(imported.differences).toEqual([
      { pid: "2", reported: false, ours: true, prediction: "16", truth: "16", decidedBy: "file:vlmevalkit extraction" },
    ]);

    // lmms-eval's --log_samples for "bee": doc, filtered_resps and gpt_eval_score; one item not in the set
    const samples = path.join(dir, "samples_mathvista_testmini.jsonl");
    const line = (pid: string, response: string, right: boolean) =>
      JSON.stringify({
        doc_id: Number(pid),
        doc: { pid, question: "…" },
        target: "",
        resps: [[response]],
        filtered_resps: [response],
        gpt_eval_score: { question_id: pid, extraction: response, prediction: response, true_false: right },
      });
    fs.writeFileSync(samples, [line("1", "35°", true), line("3", "B", true), line("99", "A", false)].join("\n"));
    const lmms = await importPredictions(db, {
      benchmark: "mathvista",
      file: samples,
      from: "lmms-eval",
      model: "bee",
    });
    expect(lmms).toMatchObject({ ours: { correct: 2, total: 2 }, reported: { correct: 2, total: 2 }, unanswered: 1 });
    expect(lmms.differences).toEqual([]);
    expect(lmms.warnings.join("\n")).toMatch(/1 items of the file are not in mathvista-testmini@1/);

    // a bad record: one line naming file, line and field, and nothing written
    const runsBefore = await db.prisma.evalRun.count();
    fs.writeFileSync(
      path.join(dir, "bad.jsonl"),
      [line("1", "35°", true), JSON.stringify({ resps: [["x"]] })].join("\n"),
    );
    const bad = await runCli([
      "benchmark",
      "import-predictions",
      "mathvista",
      path.join(dir, "bad.jsonl"),
      "--from",
      "lmms-eval",
      "--model",
      "bee",
    ]);
    expect(bad.code).toBe(1);
    await expect(
      importPredictions(db, {
        benchmark: "mathvista",
        file: path.join(dir, "bad.jsonl"),
        from: "lmms-eval",
        model: "bee",
      }),
    ).rejects.toThrow(`${path.join(dir, "bad.jsonl")}: line 2: field doc is missing`);
    await expect(
      importPredictions(db, { benchmark: "mathvista", file: samples, from: "lmms-eval", model: "nobody" }),
    ).rejects.toThrow(/unknown model 'nobody'/);
    expect(await db.prisma.evalRun.count()).toBe(runsBefore);

    // the page's data: each imported run beside the model's native run, named by its toolkit, with its own figure
    const boards = await benchmarkBoards(db);
    const mathvista = boards.find((b) => b.benchmark === "mathvista");
    const runs = mathvista?.report.models.map((m) => `${m.model}/${m.source}`);
    for (const run of ["bee/lmms-eval", "bee/native", "sixteen/native", "sixteen/vlmevalkit"])
      expect(runs).toContain(run);
    const fromVlm = mathvista?.report.models.find((m) => m.source === "vlmevalkit");
    expect(fromVlm?.overall).toMatchObject({ correct: 2, total: 3 });
    expect(fromVlm?.reported).toMatchObject({ correct: 1, total: 3 });
    expect(mathvista?.report.differences.some((d) => d.a.includes("(") || d.b.includes("("))).toBe(true);
  });

  it("queues the console's prediction imports for the jobs process: links, oversize files and wrong targets refused first (issue 40)", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "arena-predictions-"));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "arena-outside-"));
    process.env.ARENA_BENCHMARK_DIR = folder;
    process.env.ARENA_PREDICTION_MAX_MB = "1";
    try {
      const line = (pid: string, response: string) =>
        JSON.stringify({ doc_id: Number(pid), doc: { pid }, resps: [[response]], filtered_resps: [response] });
      fs.writeFileSync(path.join(outside, "secret.jsonl"), line("1", "35°"));
      fs.symlinkSync(path.join(outside, "secret.jsonl"), path.join(folder, "linked.jsonl"));
      fs.mkdirSync(path.join(folder, "sub"));
      fs.symlinkSync(outside, path.join(folder, "sub", "away"));
      fs.writeFileSync(path.join(folder, "big.jsonl"), "x".repeat(1024 * 1024 + 1));
      // an xlsx counts four times its size
      fs.writeFileSync(path.join(folder, "big.xlsx"), Buffer.alloc(300 * 1024));
      fs.writeFileSync(path.join(folder, "good.jsonl"), [line("1", "35°"), line("3", "B")].join("\n"));
      fs.writeFileSync(
        path.join(folder, "bad.jsonl"),
        [line("1", "35°"), JSON.stringify({ resps: [["x"]] })].join("\n"),
      );
      const request = (file: string, extra: { model?: string; set?: string } = {}) =>
        queuePredictionImport(
          db,
          { benchmark: "mathvista", from: "lmms-eval", file, model: extra.model ?? "bee", set: extra.set },
          "admin@example.com",
        );
      const refusals: [string, RegExp][] = [
        ["linked.jsonl", /'linked\.jsonl' is a link or not a plain file/],
        ["sub/away/secret.jsonl", /'sub\/away\/secret\.jsonl' is a link or not a plain file/],
        ["../outside.jsonl", /is not a data file in the benchmark folder/],
        ["big.jsonl", /'big\.jsonl' is 1\.0 MB; prediction files up to 1 MB are imported here/],
        ["big.xlsx", /'big\.xlsx' is 0\.3 MB; prediction files up to 0 MB \(as \.xlsx\)/],
      ];
      for (const [file, message] of refusals) {
        const refused = await request(file).catch((error: Error) => error);
        expect(refused, file).toBeInstanceOf(Error);
        expect((refused as Error).message, file).toMatch(message);
        // the server's own paths are never named
        expect((refused as Error).message).not.toContain(folder);
        expect((refused as Error).message).not.toContain(outside);
      }
      await expect(request("good.jsonl", { model: "nobody" })).rejects.toThrow(/unknown model 'nobody'/);
      await expect(request("good.jsonl", { set: "no-such-set@1" })).rejects.toThrow();
      expect(await db.prisma.predictionImport.count()).toBe(0);

      // accepted: queued, then read and scored by the jobs process's handler
      const { importId } = await request("good.jsonl");
      expect((await recentPredictionImports(db))[0]).toMatchObject({
        id: importId,
        status: "queued",
        file: "good.jsonl",
      });
      await runPredictionImport(db, importId);
      const done = (await recentPredictionImports(db)).find((i) => i.id === importId);
      expect(done).toMatchObject({ status: "done", model: "bee", error: null });
      expect(done?.result).toMatchObject({ set: "mathvista-testmini@1", ours: { total: 2 }, file: "good.jsonl" });
      // taken once: a second delivery of the job writes no second run
      const runs = await db.prisma.evalRun.count();
      await runPredictionImport(db, importId);
      expect(await db.prisma.evalRun.count()).toBe(runs);

      // a bad record: the outcome names the file as the console did, the record and the field
      const bad = await request("bad.jsonl");
      await runPredictionImport(db, bad.importId);
      const failed = (await recentPredictionImports(db)).find((i) => i.id === bad.importId);
      expect(failed).toMatchObject({ status: "failed", error: "bad.jsonl: line 2: field doc is missing" });
    } finally {
      delete process.env.ARENA_BENCHMARK_DIR;
      delete process.env.ARENA_PREDICTION_MAX_MB;
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
