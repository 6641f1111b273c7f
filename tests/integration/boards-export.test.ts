// Boards as citable data (issue 71): `arena export --boards` writes every board over time in the layout of LMArena's
// leaderboard dataset, read back here by DuckDB (Parquet and the CSV with its `#` citation lines) and compared with
// the stored snapshots score by score; and each model's ground-truth results as Hugging Face `.eval_results` YAML,
// validated against the Hub's published field list.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { castVote } from "../../lib/arena";
import { importBenchmark, scoreBenchmarkRun } from "../../lib/benchmarks";
import { closeDb, createDb, type Db } from "../../lib/db";
import { createRun, executeRun } from "../../lib/evals";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { publishRun } from "../../lib/leaderboard/runs";
import { loadModelsConfig, syncRegistry } from "../../lib/providers";
import type { Winner } from "../../lib/ratings";
import { migratedScratchDatabase } from "./db-admin";
import { runCli } from "./run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-boards-"));
const out = path.join(dir, "export");
let db: Db;
let drop: () => Promise<void>;
let fake: FakeModelServer;
const MODELS = ["north", "south", "east"];

/**
 * The Hub's `.eval_results` fields as its documentation lists them (huggingface/hub-docs, docs/hub/eval-results.md,
 * "Adding Evaluation Results"): each file a list of results, each with `dataset.id`, `dataset.task_id` and `value`
 * required; `dataset.revision`, `verifyToken`, `date` (ISO-8601 date or datetime), `source` (`url` required when
 * given, `name`, `user`), `evaluation_framework` and `notes` optional; nothing else.
 */
const hubResult = z
  .object({
    dataset: z
      .object({
        id: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
        task_id: z.string().min(1),
        revision: z.string().optional(),
      })
      .strict(),
    value: z.number(),
    verifyToken: z.string().optional(),
    date: z.iso.date().or(z.iso.datetime()).optional(),
    source: z.object({ url: z.url(), name: z.string().optional(), user: z.string().optional() }).strict().optional(),
    evaluation_framework: z.string().optional(),
    notes: z.string().optional(),
  })
  .strict();

async function vote(a: string, b: string, winner: Winner) {
  const visitor = await db.prisma.visitor.create({ data: { termsAcceptedAt: new Date() } });
  const side = (s: "a" | "b", model: string, tokens: number) => ({
    side: s,
    turn: 1,
    role: "assistant" as const,
    content: `answer ${s}`,
    response: { create: { modelId: model, finishReason: "stop", tokens, headerCount: 0, listCount: 0, boldCount: 0 } },
  });
  const conversation = await db.prisma.conversation.create({
    data: {
      mode: "battle",
      visitorId: visitor.id,
      modelAId: a,
      modelBId: b,
      turnCount: 1,
      language: "English",
      messages: { create: [side("a", a, 120), side("b", b, 80)] },
    },
  });
  await castVote(db, { conversationId: conversation.id, visitorId: visitor.id, winner, ipHash: null });
}

/** Votes, then a recompute dated `daysAgo` days back (its snapshots moved to that day). */
async function boardOfDay(daysAgo: number, northWins: number) {
  for (let k = 0; k < 12; k++) {
    await vote("north", "south", k < northWins ? "model_a" : "model_b");
    await vote("south", "east", k % 3 ? "model_a" : "model_b");
    await vote("east", "north", k % 2 ? "model_a" : "model_b");
  }
  const before = new Date();
  await recomputeSnapshots(db, { rounds: 10 });
  await db.pool.query(
    `UPDATE "LeaderboardSnapshot" SET "createdAt" = "createdAt" - make_interval(days => $1) WHERE "createdAt" >= $2`,
    [daysAgo, before],
  );
}

beforeAll(async () => {
  let url: string;
  ({ url, drop } = await migratedScratchDatabase());
  fake = await startFakeModelServer({
    models: { north: { reply: "long" }, south: { reply: "short" }, east: { reply: "long" } },
  });
  const modelsFile = writeFakeModelsFile(dir, fake.baseURL, MODELS);
  Object.assign(process.env, {
    ARENA_MODELS_FILE: modelsFile,
    ARENA_DATA_DIR: dir,
    DATABASE_URL: url,
    ARENA_PUBLIC_URL: "https://arena.example.org",
  });
  db = createDb(url);
  await syncRegistry(db.prisma, loadModelsConfig().config);
  await db.prisma.model.update({ where: { id: "north" }, data: { organization: "North Labs", license: "Apache-2.0" } });
  // three days of boards: north wins more each day; the middle day's run is published
  await boardOfDay(2, 4);
  await boardOfDay(1, 8);
  const { rows } = await db.pool.query<{ runId: string }>(
    `SELECT params->>'runId' AS "runId" FROM "LeaderboardSnapshot" ORDER BY "createdAt" DESC LIMIT 1`,
  );
  await publishRun(db, rows[0]?.runId as string);
  // published that day
  await db.pool.query(
    `UPDATE "LeaderboardSnapshot" SET "publishedAt" = "publishedAt" - interval '1 day' WHERE published`,
  );
  await boardOfDay(0, 11);
  // a benchmark run for the .eval_results files: MathVista items answered "long" (3 in 4 right)
  fs.mkdirSync(path.join(dir, "mathvista", "images"), { recursive: true });
  await sharp({ create: { width: 20, height: 20, channels: 3, background: "#884422" } })
    .png()
    .toFile(path.join(dir, "mathvista", "images", "a.png"));
  const items: Record<string, unknown> = {};
  for (let k = 1; k <= 8; k++) {
    items[String(k)] = {
      pid: String(k),
      image: "images/a.png",
      question: `Is bar ${k} short or long?`,
      choices: ["short", "long"],
      unit: null,
      precision: null,
      answer: k % 4 === 0 ? "short" : "long",
      question_type: "multi_choice",
      answer_type: "text",
      metadata: {
        language: "english",
        source: "FigureQA",
        category: "general-vqa",
        task: "figure question answering",
        context: "bar chart",
        grade: "daily life",
        skills: ["statistical reasoning"],
      },
    };
  }
  fs.writeFileSync(path.join(dir, "mathvista", "testmini.json"), JSON.stringify(items));
  const [set] = (await importBenchmark(db, "mathvista", [path.join(dir, "mathvista", "testmini.json")])).sets;
  for (const model of ["north", "south"]) {
    const run = await createRun(db, { set: `${set?.name}@${set?.version}`, model });
    await executeRun(db, run.id);
    await scoreBenchmarkRun(db, run.id);
  }
}, 240_000);

afterAll(async () => {
  await closeDb(db);
  await fake?.close();
  await drop?.();
});

describe("boards as citable data", () => {
  it("exports every day's board in LMArena's layout, which DuckDB reads back score for score", async () => {
    const cli = await runCli(["export", "--boards", "--out", out]);
    expect(cli.code).toBe(0);
    expect(cli.out).toMatch(/boards\/vision: \d+ rows latest, \d+ rows full/);
    for (const subset of ["vision", "vision_style_control"]) {
      for (const file of ["latest.parquet", "full.parquet", "latest.csv", "full.csv"]) {
        expect(fs.existsSync(path.join(out, "boards", subset, file)), `${subset}/${file}`).toBe(true);
      }
    }
    const card = fs.readFileSync(path.join(out, "boards", "README.md"), "utf8");
    expect(card).toContain("config_name: vision_style_control");
    expect(card).toMatch(/licence: .+\n- citation: .*Vision Arena.*https:\/\/arena\.example\.org/);

    const duck = await (await DuckDBInstance.create(":memory:")).connect();
    const read = async (query: string) => (await duck.runAndReadAll(query)).getRowObjectsJson();
    const parquet = (subset: string, split: string) =>
      `read_parquet('${path.join(out, "boards", subset, `${split}.parquet`)}')`;
    // LMArena's columns first, in its order
    const columns = await read(`DESCRIBE SELECT * FROM ${parquet("vision", "full")}`);
    expect(columns.slice(0, 11).map((c) => c.column_name)).toEqual([
      "model_name",
      "organization",
      "license",
      "rating",
      "rating_lower",
      "rating_upper",
      "variance",
      "vote_count",
      "rank",
      "category",
      "leaderboard_publish_date",
    ]);
    // full: one board per day and board; every score as the stored snapshot holds it
    const { rows: stored } = await db.pool.query<{
      id: string;
      category: string;
      style: boolean;
      day: string;
      models: { model: string; rating: number; ciLower: number; ciUpper: number; votes: number; rank: number | null }[];
    }>(
      `SELECT DISTINCT ON (category, "styleControl", date_trunc('day', COALESCE("publishedAt", "createdAt")))
              id, category, "styleControl" AS style, to_char(COALESCE("publishedAt", "createdAt"), 'YYYY-MM-DD') AS day,
              payload->'models' AS models
         FROM "LeaderboardSnapshot" WHERE source = 'live'
        ORDER BY category, "styleControl", date_trunc('day', COALESCE("publishedAt", "createdAt")), published DESC, "createdAt" DESC`,
    );
    expect(new Set(stored.map((s) => s.day)).size).toBe(3);
    for (const style of [false, true]) {
      const subset = style ? "vision_style_control" : "vision";
      const rows = await read(`SELECT * FROM ${parquet(subset, "full")}`);
      const expected = stored.filter((s) => s.style === style);
      expect(new Set(rows.map((r) => r.snapshot_id))).toEqual(new Set(expected.map((s) => s.id)));
      for (const snapshot of expected) {
        for (const m of snapshot.models) {
          const row = rows.find((r) => r.snapshot_id === snapshot.id && r.model_name === m.model);
          expect(row, `${snapshot.id} ${m.model}`).toBeDefined();
          expect(Number(row?.rating)).toBeCloseTo(m.rating, 9);
          expect(Number(row?.rating_lower)).toBeCloseTo(m.ciLower, 9);
          expect(Number(row?.rating_upper)).toBeCloseTo(m.ciUpper, 9);
          expect(Number(row?.vote_count)).toBe(m.votes);
          expect(row?.rank === null ? null : Number(row?.rank)).toBe(m.rank);
          expect(row).toMatchObject({
            category: snapshot.category,
            leaderboard_publish_date: snapshot.day,
            style_control: style,
          });
        }
      }
    }
    const north = await read(
      `SELECT organization, license FROM ${parquet("vision", "latest")} WHERE model_name = 'north' LIMIT 1`,
    );
    expect(north[0]).toEqual({ organization: "North Labs", license: "Apache-2.0" });
    // latest is the board the public is served: the published run's, not the newer one
    const latest = await read(
      `SELECT DISTINCT leaderboard_publish_date AS day FROM ${parquet("vision", "latest")} WHERE category = 'overall'`,
    );
    const published = stored.find((s) => !s.style && s.category === "overall" && s.day === latest[0]?.day);
    expect(latest).toHaveLength(1);
    expect(published).toBeDefined();
    const { rows: served } = await db.pool.query<{ id: string }>(
      `SELECT id FROM "LeaderboardSnapshot" WHERE source = 'live' AND category = 'overall' AND NOT "styleControl" AND published`,
    );
    const latestIds = await read(
      `SELECT DISTINCT snapshot_id FROM ${parquet("vision", "latest")} WHERE category = 'overall'`,
    );
    expect(latestIds.map((r) => r.snapshot_id)).toEqual(served.map((s) => s.id));
    // the CSV says the same after its citation lines
    const csvFile = path.join(out, "boards", "vision", "full.csv");
    expect(fs.readFileSync(csvFile, "utf8").split("\n").slice(0, 3)).toEqual([
      expect.stringMatching(/^# licence: /),
      expect.stringMatching(/^# citation: /),
      expect.stringMatching(/^# as_of: \d{4}-/),
    ]);
    const fromCsv = await read(
      `SELECT count(*) AS n, sum(rating) AS total FROM read_csv('${csvFile}', comment = '#', header = true)`,
    );
    const fromParquet = await read(`SELECT count(*) AS n, sum(rating) AS total FROM ${parquet("vision", "full")}`);
    expect(Number(fromCsv[0]?.n)).toBe(Number(fromParquet[0]?.n));
    expect(Number(fromCsv[0]?.total)).toBeCloseTo(Number(fromParquet[0]?.total), 6);
    // and the Parquet file carries its citation in its metadata
    const meta = await read(
      `SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata('${path.join(out, "boards", "vision", "full.parquet")}')`,
    );
    expect(meta.map((m) => m.key)).toEqual(expect.arrayContaining(["licence", "citation", "as_of"]));
  });

  it("writes each model's ground-truth results as .eval_results files that hold to the Hub's fields", async () => {
    const files = fs
      .readdirSync(path.join(out, "eval_results"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".yaml"));
    expect(files.sort()).toEqual([
      path.join("north", ".eval_results", "mathvista-testmini.yaml"),
      path.join("south", ".eval_results", "mathvista-testmini.yaml"),
    ]);
    const results: Record<string, Record<string, unknown>[]> = Object.fromEntries(
      files.map((f) => [f.split(path.sep)[0], parse(fs.readFileSync(path.join(out, "eval_results", f), "utf8"))]),
    );
    for (const list of Object.values(results)) {
      expect(Array.isArray(list)).toBe(true);
      for (const entry of list) expect(hubResult.safeParse(entry).error?.issues ?? []).toEqual([]);
    }
    expect(results.north?.[0]).toMatchObject({
      dataset: { id: "AI4Math/MathVista", task_id: "testmini" },
      value: 75,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      source: { url: "https://arena.example.org/benchmarks", name: "Vision Arena" },
    });
    expect(results.north?.[0]?.notes).toMatch(/^6\/8 correct, 95% Wilson interval 40\.9–92\.9/);
    expect(results.south?.[0]?.value).toBe(25);
  });

  it("serves the same as one public zip, README first with the licence, citation and as-of date", async () => {
    const { GET } = await import("../../app/api/leaderboard/dataset/route");
    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="vision-arena-boards-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(files);
    expect(names[0]).toMatch(/^vision-arena-boards-[\d-]+\/README\.md$/);
    // built at most every ten minutes: asked again, the very archive already built (no second read of the boards)
    const { boardsArchive } = await import("../../lib/export");
    const first = await boardsArchive(db);
    expect(await boardsArchive(db)).toBe(first);
    expect(new TextDecoder().decode(files[names[0] as string])).toMatch(
      /- licence: .+\n- citation: .+\n- as_of: \d{4}-/,
    );
    expect(names.some((n) => n.endsWith("/boards/vision_style_control/full.parquet"))).toBe(true);
    expect(names.some((n) => n.endsWith("/eval_results/north/.eval_results/mathvista-testmini.yaml"))).toBe(true);
  });
});
