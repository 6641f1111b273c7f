// Token counts with a real tokenizer: cl100k_base, the encoding FastChat's clean_battle_data uses (tiktoken's
// gpt-4 encoding). The ranks ship inside the npm package; they are loaded on first use.
import { Tiktoken } from "js-tiktoken/lite";

let encoder: Tiktoken | undefined;

async function load(): Promise<Tiktoken> {
  if (!encoder) {
    const ranks = (await import("js-tiktoken/ranks/cl100k_base")).default;
    encoder = new Tiktoken(ranks);
  }
  return encoder;
}

export async function countTokens(text: string): Promise<number> {
  if (!text) return 0;
  return (await load()).encode(text, [], []).length;
}
