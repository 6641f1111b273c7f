// Demo models: they answer the question from what they really see in the pictures (lib/demo-vision: text read by
// Tesseract, objects by CenterNet, drawn shapes, faces, the colours a person would name, where things are), say so
// plainly when a question is beyond them, each in its own style, streamed word by word. "structured" is a reasoning demo: it streams its thinking first, which the
// arena shows as "thinking…" and keeps apart from the answer. Clearly labelled as demos everywhere.
import { config } from "../config";
import { lookAt } from "../demo-vision";
import { boldReply, demoThought, structuredReply, terseReply } from "./demo-replies";
import type { ChatTurn, StreamEnd, StreamOptions } from "./types";

const REPLIES: Record<string, (question: string, sights: Awaited<ReturnType<typeof lookAt>>[]) => string> = {
  terse: terseReply,
  structured: structuredReply,
  bold: boldReply,
};

/** The style that thinks before it answers. */
const THINKS = new Set(["structured"]);

export const demoTokenDelay = (): number => config().DEMO_TOKEN_DELAY_MS;

const words = (text: string) => text.match(/\s*\S+/g) ?? [];

async function wait(delay: number, signal?: AbortSignal) {
  if (signal?.aborted) throw signal.reason ?? new Error("aborted");
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
}

export async function* streamDemo(
  style: string,
  turns: ChatTurn[],
  options: StreamOptions,
): AsyncGenerator<string, StreamEnd> {
  const started = performance.now();
  // the pictures the question is about: every one the latest prompt brought, else the latest ones before it (a
  // follow-up without a picture asks about the last pictures sent)
  const prompts = turns.filter((t) => t.role === "user");
  const images = [...prompts].reverse().find((t) => t.images?.length)?.images ?? [];
  const sights = await Promise.all(images.map((image) => lookAt(image.data)));
  const question = prompts.at(-1)?.text ?? "";
  const delay = demoTokenDelay();
  let reasoning: StreamEnd["reasoning"];
  if (THINKS.has(style)) {
    // thinking arrives as empty deltas: the arena shows the time, never the thought, before the vote
    const thought = demoThought(question, sights);
    const collected = options.thought;
    for (const word of words(thought)) {
      await wait(delay, options.signal);
      collected?.add(word);
      yield "";
    }
    reasoning = { text: thought, ms: Math.round(performance.now() - started), tokens: words(thought).length };
  }
  const text = (REPLIES[style] ?? terseReply)(question, sights);
  const tokens = words(text);
  for (const token of tokens) {
    await wait(delay, options.signal);
    yield token;
  }
  return { finishReason: "stop", outputTokens: tokens.length, ...(reasoning ? { reasoning } : {}) };
}
