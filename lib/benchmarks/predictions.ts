// Prediction files of the two toolkits most published MathVista and EMMA numbers come from, read into one shape:
// each answer's item id, the model's response, the toolkit's own extraction and verdict where the file carries them.
//   VLMEvalKit: the per-benchmark prediction table ({model}_{dataset}.xlsx, or .tsv/.csv/.json as PRED_FORMAT
//     sets), one row per item with `index` and `prediction`; its evaluated copy ({…}_{judge}.xlsx) adds `res` (the
//     judge's extraction) and `log`, and some benchmarks a per-item `hit`/`score`.
//   lmms-eval: `--log_samples` JSON Lines, one line per item {doc_id, doc, resps, filtered_resps, <metric>: {…}}:
//     MathVista's metric object (gpt_eval_score) carries `extraction` and `true_false`, EMMA's (emma_score) `pred`
//     and `is_correct`.
import fs from "node:fs";
import path from "node:path";
import type { Workbook } from "exceljs";
import { BenchmarkDataError } from "./errors";
import { type PyValue, parsePythonJson, pyStr } from "./python";

export const PREDICTION_SOURCES = ["vlmevalkit", "lmms-eval"] as const;
export type PredictionSource = (typeof PREDICTION_SOURCES)[number];

export interface Prediction {
  /** the benchmark's item id (MathVista's and EMMA's pid) */
  pid: string;
  response: string;
  /** the toolkit's extraction of the answer (VLMEvalKit's judge `res`, lmms-eval's `extraction`), when it has one */
  extraction?: string;
  /** the toolkit's own verdict, when the file carries one */
  reported?: boolean;
  /** where in the file: "record 12" / "line 12" */
  where: string;
}

type Row = Record<string, unknown>;

const text = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : typeof v === "string" ? v : pyStr(v as PyValue);

/** A toolkit's truthy cell: True/False, 1/0, "1"/"0", "True"/"False". */
function flag(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  const s = text(v)?.trim().toLowerCase();
  if (s === undefined || s === "") return undefined;
  if (["true", "1", "1.0", "yes"].includes(s)) return true;
  if (["false", "0", "0.0", "no"].includes(s)) return false;
  return undefined;
}

async function workbookRows(file: string): Promise<Row[]> {
  const { Workbook: WorkbookClass } = (await import("exceljs")).default as unknown as {
    Workbook: new () => Workbook;
  };
  const workbook = new WorkbookClass();
  const ext = path.extname(file).toLowerCase();
  try {
    if (ext === ".xlsx") await workbook.xlsx.readFile(file);
    else await workbook.csv.readFile(file, { parserOptions: { delimiter: ext === ".tsv" ? "\t" : "," } });
  } catch (error) {
    throw new BenchmarkDataError(`${file}: not a readable ${ext.slice(1)} file (${(error as Error).message})`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BenchmarkDataError(`${file}: no sheet`);
  const header: string[] = [];
  const rows: Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as unknown[];
    if (number === 1) {
      for (let c = 1; c < values.length; c++) header[c] = String(values[c] ?? "").trim();
      return;
    }
    const record: Row = {};
    for (let c = 1; c < header.length; c++) {
      const name = header[c];
      if (!name) continue;
      const cell = values[c];
      // rich text and formula cells as their text / result
      const value =
        cell && typeof cell === "object" && "richText" in cell
          ? (cell as { richText: { text: string }[] }).richText.map((r) => r.text).join("")
          : cell && typeof cell === "object" && "result" in cell
            ? (cell as { result: unknown }).result
            : cell;
      record[name] = value;
    }
    rows.push(record);
  });
  return rows;
}

function jsonRows(file: string): Row[] {
  const content = fs.readFileSync(file, "utf8");
  const trimmed = content.trimStart();
  try {
    const parsed = parsePythonJson(content);
    if (Array.isArray(parsed)) return parsed as Row[];
    // pandas' to_json orients: records (a list, above), index ({index: row}), columns ({column: {index: value}})
    if (parsed && typeof parsed === "object") {
      const entries = Object.entries(parsed as Row);
      const columnar = entries.length > 0 && entries.some(([key]) => key === "prediction");
      if (columnar) {
        const columns = parsed as Record<string, Record<string, unknown>>;
        const keys = Object.keys(columns.prediction ?? {});
        return keys.map((k) => Object.fromEntries(Object.entries(columns).map(([c, v]) => [c, v?.[k]])));
      }
      return entries.map(([key, row]) => ({ index: key, ...(row as Row) }));
    }
  } catch (error) {
    if (!trimmed.startsWith("{")) throw new BenchmarkDataError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  return jsonLines(file, content);
}

/** JSON Lines: one object per line, each line's own error named. */
function jsonLines(file: string, content = fs.readFileSync(file, "utf8")): Row[] {
  return content
    .split("\n")
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim())
    .map(({ line, i }) => {
      let row: PyValue;
      try {
        row = parsePythonJson(line);
      } catch (error) {
        throw new BenchmarkDataError(`${file}: line ${i + 1}: not valid JSON: ${(error as Error).message}`);
      }
      if (!row || typeof row !== "object" || Array.isArray(row))
        throw new BenchmarkDataError(`${file}: line ${i + 1}: not an object`);
      return row as Row;
    });
}

async function vlmEvalKit(file: string): Promise<Prediction[]> {
  const ext = path.extname(file).toLowerCase();
  const rows = [".xlsx", ".tsv", ".csv"].includes(ext) ? await workbookRows(file) : jsonRows(file);
  return rows.map((row, i) => {
    const where = `record ${i + 1}`;
    const pid = text(row.pid ?? row.index);
    if (pid === undefined || pid === "") throw new BenchmarkDataError(`${file}: ${where}: field index is missing`);
    const response = text(row.prediction);
    if (response === undefined) throw new BenchmarkDataError(`${file}: ${where}: field prediction is missing`);
    return predictionOf(pid, response, where, text(row.res), flag(row.hit ?? row.true_false ?? row.score));
  });
}

/** A prediction, with the toolkit's extraction and verdict only where the file has them. */
function predictionOf(
  pid: string,
  response: string,
  where: string,
  extraction: string | undefined,
  reported: boolean | undefined,
): Prediction {
  return {
    pid,
    response,
    where,
    ...(extraction !== undefined && extraction !== "" ? { extraction } : {}),
    ...(reported !== undefined ? { reported } : {}),
  };
}

/** The per-item metric object lmms-eval logged beside the doc: the one carrying a verdict. */
function metricOf(row: Row): Row | undefined {
  for (const [key, value] of Object.entries(row)) {
    if (["doc", "arguments", "resps", "filtered_resps", "target"].includes(key)) continue;
    if (value && typeof value === "object" && !Array.isArray(value) && ("true_false" in value || "is_correct" in value))
      return value as Row;
  }
  return undefined;
}

function lmmsEval(file: string): Prediction[] {
  return jsonLines(file).map((row, i) => {
    const where = `line ${i + 1}`;
    const doc = row.doc as Row | undefined;
    if (!doc || typeof doc !== "object") throw new BenchmarkDataError(`${file}: ${where}: field doc is missing`);
    const pid = text(doc.pid ?? doc.id);
    if (pid === undefined || pid === "") throw new BenchmarkDataError(`${file}: ${where}: field doc.pid is missing`);
    // filtered_resps: the response after the task's filters ([text] or [[text]]); resps: the raw generations
    const first = (v: unknown): unknown => (Array.isArray(v) ? first(v[0]) : v);
    const response = text(first(row.filtered_resps) ?? first(row.resps));
    if (response === undefined)
      throw new BenchmarkDataError(`${file}: ${where}: field filtered_resps (or resps) is missing`);
    const metric = metricOf(row);
    return predictionOf(pid, response, where, text(metric?.extraction), flag(metric?.true_false ?? metric?.is_correct));
  });
}

/** Every prediction of a toolkit's file; a bad record stops the read with one line naming file, record and field. */
export async function readPredictions(file: string, from: PredictionSource): Promise<Prediction[]> {
  if (!fs.existsSync(file)) throw new BenchmarkDataError(`${file}: no such file`);
  const predictions = from === "vlmevalkit" ? await vlmEvalKit(file) : lmmsEval(file);
  if (predictions.length === 0) throw new BenchmarkDataError(`${file}: no predictions`);
  const seen = new Map<string, string>();
  for (const p of predictions) {
    const before = seen.get(p.pid);
    if (before)
      throw new BenchmarkDataError(`${file}: ${p.where}: field index: item ${p.pid} again (first at ${before})`);
    seen.set(p.pid, p.where);
  }
  return predictions;
}
