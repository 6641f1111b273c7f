// Token counts with a real tokenizer: cl100k_base, the encoding FastChat's clean_battle_data uses (tiktoken's
// gpt-4 encoding). The ranks ship inside the npm package; they are loaded on first use.
//
// js-tiktoken's byte-pair merge is quadratic in the length of one pre-split piece: measured here, a run of 5,000
// letters without a space takes 2.4 s and 20,000 take 43 s (ordinary words: 20,000 characters in 4 ms). Runs of
// LONG_RUN or more non-space characters (base64, long URLs, a model stuck repeating) are therefore encoded in
// SLICE-character slices, which adds at most one token per slice; all other text is encoded whole, exactly.
import { Tiktoken } from "js-tiktoken/lite";

let encoder: Tiktoken | undefined;

async function load(): Promise<Tiktoken> {
  if (!encoder) {
    const ranks = (await import("js-tiktoken/ranks/cl100k_base")).default;
    encoder = new Tiktoken(ranks);
  }
  return encoder;
}

const LONG_RUN = 200;
const SLICE = 64;
const LONG_RUNS = new RegExp(`\\S{${LONG_RUN},}`, "g");

export function countWith(tokenizer: Pick<Tiktoken, "encode">, text: string): number {
  const count = (part: string) => (part ? tokenizer.encode(part, [], []).length : 0);
  let total = 0;
  let from = 0;
  for (const match of text.matchAll(LONG_RUNS)) {
    const start = match.index ?? 0;
    total += count(text.slice(from, start));
    for (let i = 0; i < match[0].length; i += SLICE) total += count(match[0].slice(i, i + SLICE));
    from = start + match[0].length;
  }
  return total + count(text.slice(from));
}

export async function countTokens(text: string): Promise<number> {
  if (!text) return 0;
  return countWith(await load(), text);
}
