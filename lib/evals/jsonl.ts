// JSON Lines read a line at a time (files of any size), each object with its line number; a line that is not a
// JSON object stops the read with one line naming the file and the line.
import fs from "node:fs";
import readline from "node:readline";
import { domainError } from "../errors";

export class JsonLinesError extends domainError("invalid", "invalid_json_lines") {}

export async function* readJsonLines(file: string): AsyncGenerator<{ row: Record<string, unknown>; line: number }> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (!text.trim()) continue;
    let row: unknown;
    try {
      row = JSON.parse(text);
    } catch {
      throw new JsonLinesError(`${file}:${line}: not valid JSON`);
    }
    if (!row || typeof row !== "object" || Array.isArray(row))
      throw new JsonLinesError(`${file}:${line}: not an object`);
    yield { row: row as Record<string, unknown>, line };
  }
}
