// Reading judgment files in arena-hard-auto's and WildVision-Bench's layout: one JSON Lines file per model, each
// line `{question_id, model, judge, games: [{score, judgment?, user_prompt?}, …]}`. A bad record stops the read with
// one line naming the file, the line and the field.
import fs from "node:fs";
import path from "node:path";
import { domainError } from "../errors";
import { readJsonLines } from "../evals";
import { parseVerdict } from "./verdicts";

export class JudgmentFileError extends domainError("invalid", "invalid_judgment_file") {}

export interface Game {
  /** the verdict label as the file gives it, or parsed from `judgment` when `score` is absent; null: none found */
  score: string | null;
  /** what decided `score`: the file's own field, our parse of the judge's text, or nothing */
  source: "score" | "judgment" | "missing";
}

export interface JudgmentRecord {
  questionId: string;
  model: string;
  judge: string | null;
  /** arena-hard-auto v2's category of the question (hard_prompt, creative_writing, …), when the file has one */
  category?: string | null;
  games: Game[];
  file: string;
  line: number;
}

/** The files a path names: a .jsonl file, or every .jsonl file of a folder (sorted, not recursive). */
export function judgmentFiles(inputs: string[]): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(input);
    } catch {
      throw new JudgmentFileError(`${input}: no such file or folder`);
    }
    if (stat.isDirectory()) {
      const inside = fs
        .readdirSync(input)
        .filter((name) => name.endsWith(".jsonl"))
        .sort()
        .map((name) => path.join(input, name));
      if (inside.length === 0) throw new JudgmentFileError(`${input}: no .jsonl judgment files in this folder`);
      files.push(...inside);
    } else files.push(input);
  }
  return files;
}

function gameOf(raw: unknown, where: string): Game {
  if (raw === null || raw === undefined) return { score: null, source: "missing" };
  if (typeof raw !== "object" || Array.isArray(raw)) throw new JudgmentFileError(`${where}: not an object`);
  const game = raw as { score?: unknown; judgment?: unknown };
  if (typeof game.score === "string") return { score: game.score, source: "score" };
  if (game.score !== undefined && game.score !== null) {
    throw new JudgmentFileError(`${where}.score: expected a verdict label such as "A>B" or null`);
  }
  if (typeof game.judgment === "string") {
    const parsed = parseVerdict(game.judgment);
    return parsed ? { score: parsed, source: "judgment" } : { score: null, source: "missing" };
  }
  return { score: null, source: "missing" };
}

export async function* readJudgments(files: string[]): AsyncGenerator<JudgmentRecord> {
  for (const file of files) {
    for await (const { row, line } of readJsonLines(file)) {
      const where = `${file}:${line}`;
      const questionId = row.question_id ?? row.uid;
      if (typeof questionId !== "string" && typeof questionId !== "number") {
        throw new JudgmentFileError(`${where}: field question_id is missing`);
      }
      if (typeof row.model !== "string" || !row.model) {
        throw new JudgmentFileError(`${where}: field model is missing or not a string`);
      }
      if (!Array.isArray(row.games)) throw new JudgmentFileError(`${where}: field games is missing or not a list`);
      yield {
        questionId: String(questionId),
        model: row.model,
        judge: typeof row.judge === "string" ? row.judge : null,
        category: typeof row.category === "string" ? row.category : null,
        games: row.games.map((game, i) => gameOf(game, `${where}: games[${i}]`)),
        file,
        line,
      };
    }
  }
}
