// `arena benchmark score`: a benchmark's published outputs re-scored with no database and no images — the data file
// for answers and metadata, the outputs file for responses (and extractions when they carry them) — giving each
// item's verdict with what decided it, and accuracy with 95% Wilson intervals overall and per metadata key.
import fs from "node:fs";
import type { ItemVerdict, Problem } from "./definition";
import { BenchmarkDataError } from "./errors";
import { type ModalityGap, modalityGap } from "./modality-gap";
import { type PyValue, parsePythonJson, pyStr } from "./python";
import { type BenchmarkName, benchmarkDefinition } from "./registry";
import { type Tally, tally } from "./wilson";

export interface FileScore {
  benchmark: BenchmarkName;
  items: Record<string, ItemVerdict>;
  accuracy: { overall: Tally } & Record<string, Record<string, Tally> | Tally>;
  /** items only a judge model could have read (counted as not correct) */
  undecided: number;
  warnings: string[];
  /** a benchmark asked in representations (IsoBench), when the outputs answer items both from the image and from
   *  a text representation */
  modalityGap?: ModalityGap;
}

export interface Entry {
  key: string;
  problem: Problem;
}

/** Every record of a file, in order, keyed by its dict key, `pid` or `id` (several may share one: IsoBench's
 *  representations of one item). */
export function readEntries(file: string): Entry[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new BenchmarkDataError(`${file}: cannot read this file`);
  }
  const out: Entry[] = [];
  const add = (value: PyValue, where: string, key?: string) => {
    if (!value || typeof value !== "object" || Array.isArray(value) || "isLosslessNumber" in value) {
      throw new BenchmarkDataError(`${file}: ${where}: not an object`);
    }
    const problem = value as Problem;
    const id = problem.pid ?? problem.id;
    const pid = key ?? (id !== undefined && id !== null ? pyStr(id) : undefined);
    if (!pid) throw new BenchmarkDataError(`${file}: ${where}: field pid (or id) is missing`);
    out.push({ key: pid, problem });
  };
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    let parsed: PyValue;
    try {
      parsed = parsePythonJson(text);
    } catch (error) {
      if (!trimmed.startsWith("{")) {
        throw new BenchmarkDataError(`${file}: not valid JSON: ${(error as Error).message}`);
      }
      // JSON Lines: one item per line
      for (const [i, line] of text.split("\n").entries()) {
        if (!line.trim()) continue;
        let value: PyValue;
        try {
          value = parsePythonJson(line);
        } catch (lineError) {
          throw new BenchmarkDataError(`${file}: line ${i + 1}: not valid JSON: ${(lineError as Error).message}`);
        }
        add(value, `line ${i + 1}`);
      }
      return out;
    }
    if (Array.isArray(parsed)) {
      for (const [i, item] of parsed.entries()) add(item, `record ${i + 1}`);
    } else if (parsed && typeof parsed === "object" && !("isLosslessNumber" in parsed)) {
      const entries = Object.entries(parsed as Record<string, PyValue>);
      // one item (a JSON Lines file of one line) or a dict keyed by pid
      const single = ("pid" in parsed || "id" in parsed) && !entries.every(([, v]) => v && typeof v === "object");
      if (single) add(parsed, "record 1");
      else for (const [key, value] of entries) add(value, `record ${key}`, key);
    }
    return out;
  }
  throw new BenchmarkDataError(`${file}: expected a JSON object, a JSON list or JSON Lines`);
}

export function scoreOutputs(
  benchmark: BenchmarkName,
  outputsFile: string,
  dataFiles: string | string[] = [],
): FileScore {
  const files = typeof dataFiles === "string" ? [dataFiles] : dataFiles;
  const { scorer, representations } = benchmarkDefinition(benchmark);
  const needsAnswer = scorer.gold === "answer";
  // the data: by key, and where items come in representations (IsoBench) by task and id (ids repeat across tasks)
  const data = new Map<string, Problem[]>();
  for (const file of files) {
    const fileTask = representations?.taskOfFile(file);
    for (const { key, problem } of readEntries(file)) {
      const withTask = fileTask && problem.task === undefined ? { ...problem, task: fileTask } : problem;
      const known = data.get(key);
      if (known) known.push(withTask);
      else data.set(key, [withTask]);
    }
  }
  const outputs = readEntries(outputsFile);
  const items: Record<string, ItemVerdict> = {};
  const groups = new Map<string, Map<string, { correct: number; total: number }>>();
  const warnings: string[] = [];
  let correct = 0;
  let undecided = 0;
  let disagreements = 0;
  let mislabelled = 0;
  const where = (pid: string) => `${outputsFile}: record ${pid}`;
  for (const { key: pid, problem: output } of outputs) {
    const candidates = data.get(pid) ?? [];
    let truth: Problem | undefined;
    if (representations && typeof output.task === "string") {
      truth = candidates.find((c) => c.task === output.task);
    } else if (representations && candidates.length > 1) {
      throw new BenchmarkDataError(`${where(pid)}: field task is missing, and id ${pid} is in several tasks`);
    } else truth = candidates[0];
    // the output's own fields first, as the official scripts read them; the data file fills what it lacks
    const problem: Problem = { ...(truth ?? {}), ...output };
    if (needsAnswer && problem.answer === undefined) {
      throw new BenchmarkDataError(
        files.length
          ? `${where(pid)}: field answer is missing, and ${files.join(", ")} has no item ${pid}`
          : `${where(pid)}: field answer is missing (give --data)`,
      );
    }
    if (!needsAnswer && problem.label === undefined) {
      throw new BenchmarkDataError(`${where(pid)}: field label is missing${files.length ? "" : " (give --data)"}`);
    }
    let verdict: ItemVerdict & { computed?: string; truth?: string };
    try {
      verdict = scorer.score(problem);
    } catch (error) {
      if (error instanceof BenchmarkDataError) throw new BenchmarkDataError(`${where(pid)}: field ${error.message}`);
      throw error;
    }
    const itemKey = representations ? `${problem.task}/${pid}/${representations.representationOf(problem)}` : pid;
    items[itemKey] = verdict;
    if (verdict.correct) correct++;
    if (verdict.decided_by === "undecided") undecided++;
    if (verdict.computed !== undefined && verdict.computed !== verdict.truth) mislabelled++;
    if (typeof output.true_false === "boolean" && output.true_false !== verdict.correct) disagreements++;
    for (const key of scorer.keys) {
      const perKey = groups.get(key) ?? new Map<string, { correct: number; total: number }>();
      groups.set(key, perKey);
      for (const value of scorer.values(problem, key)) {
        const t = perKey.get(value) ?? { correct: 0, total: 0 };
        t.total++;
        if (verdict.correct) t.correct++;
        perKey.set(value, t);
      }
    }
  }
  if (outputs.length === 0) throw new BenchmarkDataError(`${outputsFile}: no items`);
  const accuracy: FileScore["accuracy"] = { overall: tally(correct, outputs.length) };
  for (const [key, perKey] of groups) {
    if (perKey.size === 0) continue;
    // by accuracy, best first, as the official scores file; equal ones in the order they first appear
    const sorted = [...perKey].map(([value, t]) => [value, tally(t.correct, t.total)] as const);
    sorted.sort((p, q) => q[1].accuracy - p[1].accuracy);
    accuracy[key] = Object.fromEntries(sorted);
  }
  if (undecided) {
    warnings.push(
      `${undecided} items have no extraction the rules can read: the official code asks GPT-4 (counted as not correct)`,
    );
  }
  if (disagreements) warnings.push(`${disagreements} items' true_false in the outputs file differ from this verdict`);
  if (mislabelled) warnings.push(`${mislabelled} items' dataset label differs from the answer computed from the item`);
  const result: FileScore = { benchmark, items, accuracy, undecided, warnings };
  if (representations) {
    const gap = modalityGap(items, representations.techniques);
    if (gap) result.modalityGap = gap;
  }
  return result;
}
