// The ground-truth results as Hugging Face `.eval_results` files: what a model repository carries so its scores show
// on the model page and in the benchmark dataset's leaderboard. One folder per model (`eval_results/<model>/
// .eval_results/`), one YAML file per benchmark set (the Hub's rule: each variant — a split, a prompting strategy, a
// representation — a file of its own), each a list of one result with the Hub's fields:
//   dataset.id (the benchmark's Hub dataset), dataset.task_id (the set), value, date, source.url/name, notes.
// A model's result on a set is its counted run (native before imported, newest first), as every report counts it;
// value is the accuracy in percent, and the notes carry its 95% Wilson interval and what scored it.
import fs from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import { benchmarkNamed } from "../benchmarks/registry";
import { countedRunsSql, SCORER_VERSION } from "../benchmarks/verdicts";
import { tally } from "../benchmarks/wilson";
import { type Config, config, configuredOrigin } from "../config";
import type { Db } from "../db/context";
import { sql } from "../db/sql";

/** The Hub's fields for one result, as its `.eval_results` documentation lists them (docs/hub/eval-results.md). */
export interface EvalResult {
  dataset: { id: string; task_id: string; revision?: string };
  value: number;
  verifyToken?: string;
  date?: string;
  source?: { url: string; name?: string; user?: string };
  evaluation_framework?: string;
  notes?: string;
}

interface ResultRow {
  model: string;
  benchmark: string;
  set: string;
  version: number;
  correct: number;
  total: number;
  imported: string | null;
  at: Date;
}

/** A file name the Hub and every file system take: the set's name, lower case, [a-z0-9_-]. */
const fileName = (set: string) => `${set.toLowerCase().replace(/[^a-z0-9_-]+/g, "_")}.yaml`;
/** A model id as a folder name (ids may hold "/", as Hub ids do). */
const folderName = (model: string) => model.replace(/[^A-Za-z0-9._-]+/g, "_");

/** The task within the benchmark's dataset: the set's name without the benchmark's own prefix. */
const taskOf = (benchmark: string, set: string) => set.replace(new RegExp(`^${benchmark}[-_:]?`, "i"), "") || set;

export async function evalResultRows(db: Db): Promise<ResultRow[]> {
  const { rows } = await db.pool.query<ResultRow>(
    sql`WITH runs AS (${countedRunsSql(sql`TRUE`)})
        SELECT runs."modelId" AS model, s.metadata->>'benchmark' AS benchmark, s.name AS set, s.version,
               count(*) FILTER (WHERE v.correct)::int AS correct, count(*)::int AS total,
               r.settings->'imported'->>'from' AS imported, COALESCE(r."finishedAt", r."createdAt") AS at
          FROM runs JOIN "EvalRun" r ON r.id = runs.id JOIN "PromptSet" s ON s.id = runs."setId"
          JOIN "BenchmarkVerdict" v ON v."runId" = runs.id AND v.scorer = ${SCORER_VERSION}
         WHERE s.source LIKE 'benchmark:%'
         GROUP BY runs."modelId", s.id, r.id
         ORDER BY runs."modelId", s.name, s.version`,
  );
  return rows;
}

export function evalResultOf(row: ResultRow, c: Config = config()): EvalResult {
  const definition = benchmarkNamed(row.benchmark);
  const t = tally(row.correct, row.total);
  const origin = configuredOrigin(c);
  const percent = (v: number) => (100 * v).toFixed(1);
  return {
    dataset: { id: definition?.hubDataset ?? row.benchmark, task_id: taskOf(row.benchmark, row.set) },
    value: Number((100 * t.accuracy).toFixed(2)),
    date: row.at.toISOString().slice(0, 10),
    // where the result can be checked: the arena's benchmark page, when the arena knows its public address
    ...(origin ? { source: { url: `${origin}/benchmarks`, name: "Vision Arena" } } : {}),
    notes:
      `${row.correct}/${row.total} correct, 95% Wilson interval ${percent(t.ci[0])}–${percent(t.ci[1])}; ` +
      `${row.set}@${row.version} scored by the official rules (scorer ${SCORER_VERSION})` +
      (row.imported ? `, from ${row.imported}'s predictions` : ""),
  };
}

/** Writes `<outDir>/eval_results/<model>/.eval_results/<set>.yaml` for every counted run; returns the files written. */
export async function exportEvalResults(db: Db, options: { outDir: string }): Promise<string[]> {
  const written: string[] = [];
  const root = path.join(options.outDir, "eval_results");
  const rows = await evalResultRows(db);
  // one file per model and set name: the newest version's run
  const newest = new Map<string, ResultRow>();
  for (const row of rows) newest.set(`${row.model}\u0000${row.set}`, row);
  for (const row of newest.values()) {
    const dir = path.join(root, folderName(row.model), ".eval_results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, fileName(row.set));
    fs.writeFileSync(file, stringify([evalResultOf(row)]));
    written.push(file);
  }
  return written;
}
