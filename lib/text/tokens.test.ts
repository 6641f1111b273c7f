import fs from "node:fs";
import path from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import ranks from "js-tiktoken/ranks/cl100k_base";
import { describe, expect, it } from "vitest";
import { createRandom } from "../numeric";
import { countTokens, encodedParts, PieceCounter } from "./tokens";

/** Text of every kind an answer holds: the project's own docs (prose, tables, code), and generated strings. */
function corpus(): string[] {
  const root = path.join(import.meta.dirname, "..", "..");
  const texts = [
    fs.readFileSync(path.join(root, "README.md"), "utf8"),
    ...fs
      .readdirSync(path.join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => fs.readFileSync(path.join(root, "docs", f), "utf8")),
    fs.readFileSync(path.join(root, "lib", "text", "tokens.ts"), "utf8"),
  ];
  const rand = createRandom(11);
  const alphabet = [
    "a",
    "B",
    " ",
    "  ",
    "\n",
    "\n\n",
    "\t",
    "1",
    "23",
    "456",
    "'s",
    "'LL",
    "é",
    "ß",
    "中",
    "文",
    "😀",
    "👍🏽",
    "!",
    "?!",
    "...",
    "**",
    "##",
    "<|endoftext|>",
    "\r\n",
    "-",
    "_",
    "(",
    ")",
    "{",
    "}",
    "ﬁ",
    "\u00a0",
  ];
  for (let k = 0; k < 200; k++) {
    let text = "";
    const length = 1 + Math.floor(rand() * 300);
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(rand() * alphabet.length)];
    texts.push(text);
  }
  return texts;
}

describe("countTokens", () => {
  it("counts ordinary text exactly as cl100k_base does", async () => {
    expect(await countTokens("hello world")).toBe(2);
    expect(await countTokens("")).toBe(0);
  });

  it("counts piece by piece, remembering pieces, exactly as encoding each part whole", () => {
    const tokenizer = new Tiktoken(ranks);
    const counter = new PieceCounter(tokenizer, new RegExp(ranks.pat_str, "gu"));
    let tokens = 0;
    for (const text of corpus()) {
      let whole = 0;
      for (const part of encodedParts(text)) whole += tokenizer.encode(part, [], []).length;
      expect(counter.count(text)).toBe(whole);
      expect(counter.count(text)).toBe(whole); // again, from the remembered pieces
      tokens += whole;
    }
    expect(tokens).toBeGreaterThan(20_000);
  });

  it("stays linear on a long run without spaces, within a token per 64 characters", async () => {
    const run = "ab".repeat(50_000); // 100,000 characters; whole, this would take minutes
    const tokens = await countTokens(`Look: ${run} done`);
    // "ab" repeated is one token per pair whole; slices of 64 characters cost at most one more token each
    expect(tokens).toBeGreaterThanOrEqual(50_000 / 2);
    expect(tokens).toBeLessThanOrEqual(50_000 + 100_000 / 64 + 10);
  });
});
