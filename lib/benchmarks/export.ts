// `arena benchmark export`: every scored run over a benchmark's sets, item by item with every step of the verdict
// (response, extraction, prediction, gold answer, correct, what decided it, the scorer's version), as JSON Lines
// and Parquet, with a datasheet naming the data's source and licence (MathVista and EMMA are CC BY-SA 4.0).
import fs from "node:fs";
import path from "node:path";
import { parquetWriteFile } from "hyparquet-writer";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { BenchmarkDataError } from "./errors";

interface ExportRow {
  benchmark: string;
  set: string;
  model: string;
  run_id: string;
  question_id: string;
  representation: string | null;
  /** IsoScratchPad: the model's own description of the image, which its answer rested on */
  description: string | null;
  response: string | null;
  extraction: string | null;
  prediction: string | null;
  truth: string | null;
  correct: boolean;
  decided_by: string;
  scorer: string;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
}

export async function exportBenchmarkVerdicts(db: Db, setIds: string[], outDir: string) {
  const { rows } = await db.pool.query<ExportRow & { turns: string[] | null; licence: string | null; source: string }>(
    sql`SELECT s.metadata->>'benchmark' AS benchmark, s.name || '@' || s.version AS set, s.licence, s.source,
            r."modelId" AS model, r.id AS run_id, i."questionId" AS question_id,
            i.metadata->>'representation' AS representation, a.turns, v.extraction, v.prediction, v.truth, v.correct,
            v."decidedBy" AS decided_by, v.scorer, a."inputTokens" AS input_tokens, a."outputTokens" AS output_tokens,
            a."costUsd" AS cost_usd
       FROM "BenchmarkVerdict" v JOIN "EvalRun" r ON r.id = v."runId" JOIN "PromptItem" i ON i.id = v."itemId"
       JOIN "PromptSet" s ON s.id = r."setId"
       LEFT JOIN "EvalAnswer" a ON a."runId" = v."runId" AND a."itemId" = v."itemId"
      WHERE r."setId" = ANY(${setIds}::uuid[])
      ORDER BY s.name, s.version, r."modelId", r."createdAt", i.position`,
  );
  if (rows.length === 0)
    throw new BenchmarkDataError("no scored runs on these sets (arena benchmark report scores them)");
  fs.mkdirSync(outDir, { recursive: true });
  const records: ExportRow[] = rows.map(({ turns, licence: _l, source: _s, ...row }) => ({
    ...row,
    description: row.representation === "scratchpad" ? (turns?.[0] ?? null) : null,
    response: !turns ? null : row.representation === "scratchpad" ? (turns.at(-1) ?? null) : turns.join("\n\n"),
    cost_usd: row.cost_usd === null ? null : Number(row.cost_usd),
  }));
  fs.writeFileSync(path.join(outDir, "verdicts.jsonl"), `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
  const column = (name: keyof ExportRow, type: string) => ({
    name,
    type,
    data: records.map((r) => r[name] ?? null),
    nullable: true,
  });
  parquetWriteFile({
    filename: path.join(outDir, "verdicts.parquet"),
    columnData: [
      column("benchmark", "STRING"),
      column("set", "STRING"),
      column("model", "STRING"),
      column("run_id", "STRING"),
      column("question_id", "STRING"),
      column("representation", "STRING"),
      column("description", "STRING"),
      column("response", "STRING"),
      column("extraction", "STRING"),
      column("prediction", "STRING"),
      column("truth", "STRING"),
      column("correct", "BOOLEAN"),
      column("decided_by", "STRING"),
      column("scorer", "STRING"),
      column("input_tokens", "INT32"),
      column("output_tokens", "INT32"),
      column("cost_usd", "DOUBLE"),
    ] as never,
  });
  const sets = [...new Map(rows.map((r) => [r.set, r])).values()];
  const models = [...new Set(rows.map((r) => r.model))];
  const decided = new Map<string, number>();
  for (const r of records) {
    const how = r.decided_by.split(/[;(]/)[0]?.trim() as string;
    decided.set(how, (decided.get(how) ?? 0) + 1);
  }
  const datasheet = [
    "# Benchmark verdicts",
    "",
    `Exported ${new Date().toISOString()} by Vision Arena (\`arena benchmark export\`).`,
    "",
    "## Data",
    ...sets.map((s) => `- ${s.set} (${s.benchmark}; ${s.source}). Licence: ${s.licence ?? "not stated"}.`),
    "",
    "Items keep their source's licence: for CC BY-SA 4.0 data (MathVista, EMMA) give attribution and share derived",
    "data under the same licence.",
    "",
    "## Contents",
    `- ${records.length} verdicts from ${models.length} models: ${models.join(", ")}.`,
    "- `verdicts.jsonl` and `verdicts.parquet`: one row per model's answer to an item: the response, what was",
    "  extracted, the normalised prediction, the gold answer, whether they match, what decided it, and the",
    "  scorer's version; tokens and the cost estimate of the answer.",
    "",
    "## How verdicts were decided",
    ...[...decided].map(([how, n]) => `- ${how}: ${n}`),
    "",
    "`rule:*` are the benchmark's official rules (MathVista's quick extraction and calculate_score.py, EMMA's",
    "fast_extract_answer and is_equal; IsoBench's parser is ours, written down in the README); `file` is an",
    "extraction the outputs carried; `judge:<model>@<name>` a judge model's; `undecided` only a judge could read.",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(outDir, "DATASHEET.md"), datasheet);
  return { rows: records.length, files: ["verdicts.jsonl", "verdicts.parquet", "DATASHEET.md"] };
}
