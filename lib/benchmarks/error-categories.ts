// Where a model goes wrong on the ground-truth benchmarks: its error rate in each category the benchmark's scorer
// breaks accuracy down by (MathVista's skills and contexts, EMMA's subjects, IsoBench's tasks), the worst first,
// each with its Wilson interval. The model page sets them beside the visitors' reactions to its answers.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { Problem } from "./definition";
import { benchmarkNamed } from "./registry";
import { countedRunsSql, SCORER_VERSION } from "./verdicts";
import { type Tally, tally } from "./wilson";

export interface ErrorCategory {
  benchmark: string;
  key: string;
  value: string;
  /** the errors among the model's answers in the category, with the error rate's 95% Wilson interval */
  errors: Tally;
}

/** Categories with fewer answers than this say too little to list. */
const MIN_ANSWERS = 5;

/** The model's worst categories per benchmark (at most `perBenchmark`), from its newest run of each set (native first). */
export async function modelErrorCategories(db: Db, modelId: string, perBenchmark = 3): Promise<ErrorCategory[]> {
  const { rows } = await db.pool.query<{ benchmark: string; metadata: Problem; correct: boolean }>(
    sql`WITH runs AS (${countedRunsSql(sql`r."modelId" = ${modelId}`)})
        SELECT s.metadata->>'benchmark' AS benchmark, i.metadata, v.correct
          FROM runs JOIN "BenchmarkVerdict" v ON v."runId" = runs.id AND v.scorer = ${SCORER_VERSION}
          JOIN "PromptItem" i ON i.id = v."itemId" JOIN "PromptSet" s ON s.id = runs."setId"`,
  );
  const counts = new Map<string, { benchmark: string; key: string; value: string; wrong: number; total: number }>();
  for (const row of rows) {
    const scorer = benchmarkNamed(row.benchmark)?.scorer;
    for (const key of scorer?.keys ?? []) {
      for (const value of scorer?.values(row.metadata, key) ?? []) {
        const id = `${row.benchmark}\u0000${key}\u0000${value}`;
        const count = counts.get(id) ?? { benchmark: row.benchmark, key, value, wrong: 0, total: 0 };
        count.total++;
        if (!row.correct) count.wrong++;
        counts.set(id, count);
      }
    }
  }
  const byBenchmark = new Map<string, ErrorCategory[]>();
  for (const c of counts.values()) {
    if (c.total < MIN_ANSWERS || c.wrong === 0) continue;
    const list = byBenchmark.get(c.benchmark) ?? [];
    list.push({ benchmark: c.benchmark, key: c.key, value: c.value, errors: tally(c.wrong, c.total) });
    byBenchmark.set(c.benchmark, list);
  }
  return [...byBenchmark.values()].flatMap((list) =>
    list
      .sort((x, y) => y.errors.accuracy - x.errors.accuracy || y.errors.total - x.errors.total)
      .slice(0, perBenchmark),
  );
}
