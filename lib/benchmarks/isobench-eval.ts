// IsoBench's official evaluation (IsoBench/IsoBench-Eval, 2025) read back and scored twice. Its layout: one JSON
// list per task and model (`<task>.json`), each record {sample_index, task_name, modality, dataset_sample,
// evaluation: {choices, input_prompt, model_response, parsed_prediction, ground_truth, is_correct}}, and an
// `evaluation_summary.json`. Its parser is gpt-3.5-turbo mapping the response onto the choices; its verdict, as the
// published result files were scored (task_evaluators.py, current release), compares `str(prediction)` and
// `str(ground_truth)` lower-cased and stripped, booleans written "yes"/"no": the string "5" equals the integer 5.
// Each answer gets that verdict from the file's own `parsed_prediction` (`officialCorrect`, which must equal the
// file's `is_correct`) and ours from `model_response` alone (`correct`, with what decided it), through the same
// comparison. Summaries pool correct/total as evaluator.py does: per task and modality, per domain group
// (Math, Science, Algorithm, Game) and overall, here with 95% Wilson intervals, and the text − image gap with
// Newcombe's interval.
import fs from "node:fs";
import path from "node:path";
import { isLosslessNumber } from "lossless-json";
import { BenchmarkDataError } from "./errors";
import { ISOBENCH_TASKS, type IsoTask, isIsoTask } from "./isobench";
import { type ChoiceReading, readChoice } from "./isobench-choice";
import { isoBenchEvalParsed, isoBenchEvalParsePrompt } from "./isobench-official-parse";
import type { Judge } from "./judge-extract";
import { type PyValue, parsePythonJson, pyStr, pyStrip } from "./python";
import { type Tally, tally } from "./wilson";

/** evaluator.py's groups, in its order. */
export const ISOBENCH_EVAL_GROUPS: Record<string, IsoTask[]> = {
  Math: ["math_parity", "math_convexity", "math_breakpoint"],
  Science: ["chemistry", "physics"],
  Algorithm: ["graph_connectivity", "graph_maxflow", "graph_isomorphism"],
  Game: ["winner_id", "puzzle"],
};

const MODALITIES = ["text", "image"] as const;
type Modality = (typeof MODALITIES)[number];

export interface IsoEvalItem {
  task: IsoTask;
  modality: Modality;
  sampleIndex: number;
  /** the official verdict, recomputed from the file's parsed_prediction and ground_truth */
  officialCorrect: boolean;
  /** the file's own is_correct */
  fileCorrect: boolean;
  officialPrediction: string;
  groundTruth: string;
  /** our verdict from model_response alone */
  correct: boolean;
  prediction: string | null;
  extraction: string | null;
  decided_by: string;
}

export interface PooledScore {
  overall: Tally;
  text: Tally;
  image: Tally;
  /** text − image accuracy, with Newcombe's 95% interval (hybrid Wilson score) */
  gap: { value: number; ci: [number, number] } | null;
}

export interface IsoEvalSummary {
  official: PooledScore;
  ours: PooledScore;
  /** answers where our verdict equals the official one */
  agreement: Tally;
  /** the same, per modality */
  agreementByModality: Record<Modality, Tally>;
}

export interface IsoEvalScore {
  benchmark: "isobench";
  layout: "isobench-eval";
  model: string | null;
  files: string[];
  /** per task, keyed `<modality>:<sample_index>` */
  items: Record<string, Record<string, IsoEvalItem>>;
  tasks: Record<string, IsoEvalSummary>;
  groups: Record<string, IsoEvalSummary>;
  overall: IsoEvalSummary;
  warnings: string[];
}

/** True for a folder, or a JSON list whose first record is an IsoBench-Eval log entry. */
export function isIsoBenchEvalLayout(target: string): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return false;
  }
  if (stat.isDirectory()) return true;
  const head = fs.readFileSync(target, "utf8").slice(0, 4096).trimStart();
  return head.startsWith("[") && /"sample_index"\s*:/.test(head) && /"evaluation"\s*:/.test(head);
}

type Py = { [key: string]: PyValue };
const isObject = (v: PyValue | undefined): v is Py =>
  v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v) && !isLosslessNumber(v);

/** str(value) as the official comparison writes a value: Python's str(), with booleans as "yes"/"no". */
function officialText(value: PyValue | undefined): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  return pyStr(value ?? null);
}

/** task_evaluators.py's comparison, exactly: str(prediction).lower().strip() == str(ground_truth).lower().strip(). */
export function officialIsCorrect(prediction: PyValue | undefined, truth: PyValue | undefined): boolean {
  return pyStrip(officialText(prediction).toLowerCase()) === pyStrip(officialText(truth).toLowerCase());
}

/** Our prediction against the ground truth through the official comparison; no prediction is never right. */
function sameAnswer(prediction: string | null, truth: PyValue | undefined): boolean {
  return prediction !== null && officialIsCorrect(prediction, truth);
}

interface RawRecord {
  file: string;
  record: number;
  entry: Py;
}

function readList(file: string): RawRecord[] {
  let parsed: PyValue;
  try {
    parsed = parsePythonJson(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new BenchmarkDataError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new BenchmarkDataError(`${file}: expected a JSON list of IsoBench-Eval records`);
  return parsed.map((entry, i) => {
    if (!isObject(entry)) throw new BenchmarkDataError(`${file}: record ${i + 1}: not an object`);
    return { file, record: i + 1, entry };
  });
}

/** A record checked field by field: one line naming file, record and field for the first thing wrong. */
type Reader = (task: IsoTask, response: string, choices: string[] | null) => ChoiceReading;

function itemOf({ file, record, entry }: RawRecord, read: Reader = readChoice): IsoEvalItem {
  const where = (field: string) => `${file}: record ${record}: field ${field}`;
  const index = entry.sample_index;
  if (!isLosslessNumber(index) || !/^\d+$/.test(index.value))
    throw new BenchmarkDataError(`${where("sample_index")} is missing or not a whole number`);
  const task = entry.task_name;
  if (typeof task !== "string" || !isIsoTask(task))
    throw new BenchmarkDataError(
      `${where("task_name")}: '${typeof task === "string" ? task : ""}' is not an IsoBench task (${Object.keys(ISOBENCH_TASKS).join(", ")})`,
    );
  const modality = entry.modality;
  if (modality !== "text" && modality !== "image")
    throw new BenchmarkDataError(`${where("modality")} must be text or image`);
  const evaluation = entry.evaluation;
  if (!isObject(evaluation)) throw new BenchmarkDataError(`${where("evaluation")} is missing or not an object`);
  if (typeof evaluation.is_correct !== "boolean")
    throw new BenchmarkDataError(`${where("evaluation.is_correct")} is missing or not true/false`);
  if (!("parsed_prediction" in evaluation))
    throw new BenchmarkDataError(`${where("evaluation.parsed_prediction")} is missing`);
  if (!("ground_truth" in evaluation)) throw new BenchmarkDataError(`${where("evaluation.ground_truth")} is missing`);
  const response = evaluation.model_response;
  if (typeof response !== "string")
    throw new BenchmarkDataError(`${where("evaluation.model_response")} is missing or not text`);
  const rawChoices = evaluation.choices;
  if (rawChoices !== null && rawChoices !== undefined && !Array.isArray(rawChoices))
    throw new BenchmarkDataError(`${where("evaluation.choices")} must be a list or null`);
  const choices = rawChoices ? rawChoices.map((c) => pyStr(c)) : null;
  const truth = evaluation.ground_truth;
  // an errored call is logged with a response starting ERROR: and prediction -1; it is an answer with no choice
  const reading = response.startsWith("ERROR:")
    ? { prediction: null, extraction: null, decided_by: "rule:provider-error" }
    : read(task, response, choices);
  return {
    task,
    modality,
    sampleIndex: Number(index.value),
    officialCorrect: officialIsCorrect(evaluation.parsed_prediction, truth),
    fileCorrect: evaluation.is_correct,
    officialPrediction: pyStr(evaluation.parsed_prediction ?? null),
    groundTruth: pyStr(truth ?? null),
    correct: sameAnswer(reading.prediction, truth),
    ...reading,
  };
}

/** Newcombe's hybrid score interval for the difference of two independent proportions (text − image). */
function gapOf(text: Tally, image: Tally): PooledScore["gap"] {
  if (!text.total || !image.total) return null;
  const d = text.accuracy - image.accuracy;
  const [l1, u1] = text.ci;
  const [l2, u2] = image.ci;
  return {
    value: d,
    ci: [
      d - Math.sqrt((text.accuracy - l1) ** 2 + (u2 - image.accuracy) ** 2),
      d + Math.sqrt((u1 - text.accuracy) ** 2 + (image.accuracy - l2) ** 2),
    ],
  };
}

function pool(items: IsoEvalItem[], verdict: (item: IsoEvalItem) => boolean): PooledScore {
  const count = (list: IsoEvalItem[]) => tally(list.filter(verdict).length, list.length);
  const text = count(items.filter((i) => i.modality === "text"));
  const image = count(items.filter((i) => i.modality === "image"));
  return { overall: count(items), text, image, gap: gapOf(text, image) };
}

function summarise(items: IsoEvalItem[]): IsoEvalSummary {
  return {
    official: pool(items, (i) => i.officialCorrect),
    ours: pool(items, (i) => i.correct),
    agreement: agreementOf(items),
    agreementByModality: {
      text: agreementOf(items.filter((i) => i.modality === "text")),
      image: agreementOf(items.filter((i) => i.modality === "image")),
    },
  };
}

const agreementOf = (items: IsoEvalItem[]) =>
  tally(items.filter((i) => i.correct === i.officialCorrect).length, items.length);

/** The published summary's pooled counts where they differ from what the records give. */
function summaryDifferences(file: string, items: IsoEvalItem[]): string[] {
  let parsed: PyValue;
  try {
    parsed = parsePythonJson(fs.readFileSync(file, "utf8"));
  } catch (error) {
    return [`${file}: not read (${(error as Error).message})`];
  }
  const tasks = isObject(parsed) && isObject(parsed.task_summaries) ? parsed.task_summaries : {};
  const out: string[] = [];
  for (const [task, summary] of Object.entries(tasks)) {
    if (!isObject(summary)) continue;
    const mine = items.filter((i) => i.task === task);
    const fileCorrect = mine.filter((i) => i.fileCorrect).length;
    const official = mine.filter((i) => i.officialCorrect).length;
    const published = `${pyStr(summary.correct_samples ?? null)}/${pyStr(summary.total_samples ?? null)}`;
    if (published !== `${fileCorrect}/${mine.length}`)
      out.push(
        `${path.basename(file)}: ${task} says ${published}; its records' is_correct give ${fileCorrect}/${mine.length}`,
      );
    else if (official !== fileCorrect)
      out.push(
        `${path.basename(file)}: ${task} ${published} counts is_correct; the official comparison gives ${official}`,
      );
  }
  return out;
}

/** The records of an IsoBench-Eval result file, or of a model's folder of them. */
function loadRecords(target: string): { isDir: boolean; files: string[]; records: RawRecord[] } {
  const isDir = fs.statSync(target).isDirectory();
  const files = isDir
    ? fs
        .readdirSync(target)
        .filter((f) => f.endsWith(".json") && f !== "evaluation_summary.json")
        .sort()
        .map((f) => path.join(target, f))
    : [target];
  const records = files.flatMap((file) => {
    const list = readList(file);
    // evaluator.py's summary lists every .json of the folder: a file of something else stops here, named
    if (isDir && list.length && !("sample_index" in (list[0] as RawRecord).entry))
      throw new BenchmarkDataError(`${file}: record 1: field sample_index is missing (not an IsoBench-Eval log)`);
    return list;
  });
  if (records.length === 0) throw new BenchmarkDataError(`${target}: no IsoBench-Eval records`);
  return { isDir, files, records };
}

/** Scores an IsoBench-Eval result file, or a model's folder of them, with our rules. */
export function scoreIsoBenchEval(target: string): IsoEvalScore {
  const loaded = loadRecords(target);
  return assemble(
    target,
    loaded,
    loaded.records.map((r) => itemOf(r)),
  );
}

/**
 * The same, with `judge` asked what IsoBench-Eval's parser asks (its prompt, word for word) wherever the task has
 * choices, and its answer kept as IsoBench-Eval keeps it (the JSON's answer when it is a choice, else the first
 * choice; not JSON: its simple fallback). Every record is checked before the first question is asked.
 */
export async function scoreIsoBenchEvalWithJudge(target: string, judge: Judge, concurrency = 4): Promise<IsoEvalScore> {
  const loaded = loadRecords(target);
  for (const record of loaded.records) itemOf(record);
  const readings = new Map<RawRecord, ChoiceReading>();
  const queue = loaded.records.filter((r) => {
    const evaluation = r.entry.evaluation as Py;
    const response = evaluation.model_response as string;
    return Array.isArray(evaluation.choices) && evaluation.choices.length > 0 && !response.startsWith("ERROR:");
  });
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let record = queue.shift(); record; record = queue.shift()) {
        const evaluation = record.entry.evaluation as Py;
        const response = evaluation.model_response as string;
        const choices = (evaluation.choices as PyValue[]).map((c) => pyStr(c));
        const answer = await judge.ask(isoBenchEvalParsePrompt(response, choices));
        readings.set(record, {
          prediction: isoBenchEvalParsed(answer, response, choices),
          extraction: answer.slice(0, 300),
          decided_by: judge.label,
        });
      }
    }),
  );
  const items = loaded.records.map((r) =>
    itemOf(r, (task, response, choices) => readings.get(r) ?? readChoice(task, response, choices)),
  );
  return assemble(target, loaded, items);
}

function assemble(
  target: string,
  { isDir, files }: { isDir: boolean; files: string[] },
  all: IsoEvalItem[],
): IsoEvalScore {
  const items: IsoEvalScore["items"] = {};
  const warnings: string[] = [];
  for (const item of all) {
    items[item.task] ??= {};
    const byKey = items[item.task] as Record<string, IsoEvalItem>;
    let key = `${item.modality}:${item.sampleIndex}`;
    // a resumed run can log an answer twice; evaluator.py counts both, so both are kept
    for (let n = 2; key in byKey; n++) key = `${item.modality}:${item.sampleIndex}#${n}`;
    if (key.includes("#"))
      warnings.push(`${item.task} ${key}: logged more than once (every entry is counted, as evaluator.py does)`);
    byKey[key] = item;
  }
  const mismatched = all.filter((i) => i.officialCorrect !== i.fileCorrect);
  if (mismatched.length)
    warnings.push(
      `${mismatched.length} answers' is_correct differ from the official comparison of parsed_prediction and ground_truth (first: ${mismatched[0]?.task} ${mismatched[0]?.modality}:${mismatched[0]?.sampleIndex})`,
    );
  const summaryFile = isDir ? path.join(target, "evaluation_summary.json") : null;
  let model: string | null = isDir ? path.basename(path.resolve(target)) : null;
  if (summaryFile && fs.existsSync(summaryFile)) {
    warnings.push(...summaryDifferences(summaryFile, all));
    try {
      const summary = parsePythonJson(fs.readFileSync(summaryFile, "utf8"));
      if (isObject(summary) && typeof summary.model_name === "string") model = summary.model_name;
    } catch {
      // reported above
    }
  }
  const tasks: IsoEvalScore["tasks"] = {};
  for (const task of Object.keys(ISOBENCH_TASKS) as IsoTask[]) {
    const mine = all.filter((i) => i.task === task);
    if (mine.length) tasks[task] = summarise(mine);
  }
  const groups: IsoEvalScore["groups"] = {};
  for (const [group, members] of Object.entries(ISOBENCH_EVAL_GROUPS)) {
    const mine = all.filter((i) => members.includes(i.task));
    if (mine.length) groups[group] = summarise(mine);
  }
  return {
    benchmark: "isobench",
    layout: "isobench-eval",
    model,
    files,
    items,
    tasks,
    groups,
    overall: summarise(all),
    warnings,
  };
}

const pct = (t: Tally) => `${(t.accuracy * 100).toFixed(1)}% (${t.correct}/${t.total})`;
const range = (t: Tally) => `${(t.ci[0] * 100).toFixed(1)}–${(t.ci[1] * 100).toFixed(1)}`;

/** The report as a table: accuracy from the official parse and from ours, per task and modality, and agreement. */
export function isoBenchEvalTable(score: IsoEvalScore): string {
  const lines = [
    `isobench (IsoBench-Eval layout${score.model ? `, ${score.model}` : ""}): ${score.overall.agreement.total} answers in ${Object.keys(score.tasks).length} tasks`,
    "",
    `${"".padEnd(20)} ${"modality".padEnd(8)} ${"official parse".padEnd(22)} ${"95% CI".padEnd(11)} ${"our parse".padEnd(22)} 95% CI`,
  ];
  const rows = (name: string, s: IsoEvalSummary) => {
    for (const modality of MODALITIES) {
      const official = s.official[modality];
      const ours = s.ours[modality];
      if (!official.total) continue;
      lines.push(
        `${name.padEnd(20)} ${modality.padEnd(8)} ${pct(official).padEnd(22)} ${range(official).padEnd(11)} ${pct(ours).padEnd(22)} ${range(ours)}`,
      );
    }
    const gap = s.official.gap;
    const signed = (v: number) => `${v >= 0 ? "+" : ""}${(v * 100).toFixed(1)}`;
    lines.push(
      `${"".padEnd(20)} text − image ${gap ? `${signed(gap.value)} points (95% CI ${signed(gap.ci[0])} to ${signed(gap.ci[1])})` : "—"}; ` +
        `our parse agrees with the official one on ${pct(s.agreement)} ` +
        `(text ${pct(s.agreementByModality.text)}, image ${pct(s.agreementByModality.image)})`,
    );
  };
  for (const [task, s] of Object.entries(score.tasks)) rows(task, s);
  lines.push("");
  for (const [group, s] of Object.entries(score.groups)) rows(group, s);
  lines.push("");
  rows("overall", score.overall);
  for (const warning of score.warnings) lines.push(`warning: ${warning}`);
  return `${lines.join("\n")}\n`;
}
