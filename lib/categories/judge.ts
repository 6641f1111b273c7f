// The category judge: one question per category to a configured model (ARENA_JUDGE_MODEL, any model of the
// registry), with the paper's system prompts, answered as <decision>yes/no</decision>.

import { domainError } from "../errors";
import { type ChatTurn, type ImageInput, type ModelTarget, streamChat } from "../providers";
import { JUDGE_PROMPTS } from "./judge-prompts";
import { JUDGED_CATEGORIES, type JudgedCategory } from "./names";

export interface JudgeMaterial {
  prompt: string;
  images: ImageInput[];
  answers: { a: string; b: string };
}

/** The verdict in a judge's reply; null when it gave none (the job fails and is retried). */
export function parseDecision(reply: string): boolean | null {
  const match =
    /<decision>\s*\[?\s*(yes|no)\s*\]?\s*<\/?decision>/i.exec(reply) ?? /<decision>\s*(yes|no)\b/i.exec(reply);
  if (!match) return null;
  return (match[1] as string).toLowerCase() === "yes";
}

export function judgeTurn(category: JudgedCategory, material: JudgeMaterial): ChatTurn {
  const { input } = JUDGE_PROMPTS[category];
  if (input === "responses") {
    return { role: "user", text: `Model A:\n${material.answers.a}\n\nModel B:\n${material.answers.b}` };
  }
  const images = input === "prompt" ? [] : material.images;
  const text = input === "image" ? "Here is the image." : material.prompt;
  return { role: "user", text, images };
}

export class JudgeError extends domainError("upstream", "judge_failed") {}

async function ask(target: ModelTarget, category: JudgedCategory, material: JudgeMaterial, signal?: AbortSignal) {
  let reply = "";
  const stream = streamChat(target, [judgeTurn(category, material)], {
    system: JUDGE_PROMPTS[category].system,
    temperature: 0,
    maxOutputTokens: 32,
    signal,
  });
  for await (const text of stream) reply += text;
  const decision = parseDecision(reply);
  if (decision === null) throw new JudgeError(`the judge gave no <decision> for ${category}: ${reply.slice(0, 80)}`);
  return decision;
}

/** Every judged category of one battle; categories needing an image are "no" when it has none. */
export async function judgeBattle(
  target: ModelTarget,
  material: JudgeMaterial,
  options: { signal?: AbortSignal } = {},
): Promise<Record<JudgedCategory, boolean>> {
  const labels = {} as Record<JudgedCategory, boolean>;
  for (const category of JUDGED_CATEGORIES) {
    const needsImage = JUDGE_PROMPTS[category].input.startsWith("image");
    labels[category] =
      needsImage && material.images.length === 0 ? false : await ask(target, category, material, options.signal);
  }
  return labels;
}
