// Demo models: they answer from the real image (size, format, dominant colours, brightness, read with sharp) and
// the question, each in its own style, streamed word by word. Clearly labelled as demos everywhere.
import sharp from "sharp";
import { config } from "../config";
import type { ChatTurn, ImageInput, StreamEnd, StreamOptions } from "./types";

interface ImageFacts {
  format: string;
  width: number;
  height: number;
  dominant: string;
  brightness: number;
  orientation: string;
  hasAlpha: boolean;
}

const PALETTE: [string, number, number, number][] = [
  ["black", 20, 20, 20],
  ["white", 240, 240, 240],
  ["grey", 128, 128, 128],
  ["red", 200, 40, 40],
  ["orange", 240, 140, 30],
  ["yellow", 235, 220, 50],
  ["green", 50, 160, 60],
  ["teal", 30, 140, 140],
  ["blue", 40, 90, 210],
  ["purple", 130, 60, 170],
  ["pink", 235, 130, 180],
  ["brown", 120, 80, 40],
];

export function colourName(r: number, g: number, b: number): string {
  let best = "grey";
  let distance = Number.POSITIVE_INFINITY;
  for (const [name, pr, pg, pb] of PALETTE) {
    const d = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2;
    if (d < distance) {
      distance = d;
      best = name;
    }
  }
  return best;
}

export async function describeImage(image: ImageInput): Promise<ImageFacts> {
  const pipeline = sharp(image.data);
  const [meta, stats] = await Promise.all([pipeline.metadata(), pipeline.stats()]);
  const [r = 0, g = 0, b = 0] = stats.channels.map((c) => c.mean);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return {
    format: (meta.format ?? "unknown").toUpperCase(),
    width,
    height,
    dominant: colourName(stats.dominant.r, stats.dominant.g, stats.dominant.b),
    brightness: Math.round(((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255) * 100),
    orientation: width > height * 1.1 ? "landscape" : height > width * 1.1 ? "portrait" : "square",
    hasAlpha: meta.hasAlpha ?? false,
  };
}

const lightness = (b: number) => (b < 30 ? "dark" : b < 60 ? "moderately lit" : "bright");

export function demoReply(style: string, question: string, facts: ImageFacts[]): string {
  const asked = question.trim().replace(/\s+/g, " ").slice(0, 200) || "(no question)";
  const first = facts[0];
  if (style === "terse") {
    if (!first) return `No image here. You asked: "${asked}" — I am a demo model and can only describe images.`;
    return `A ${first.orientation} ${first.format} image, ${first.width}×${first.height}, mostly ${first.dominant}, ${lightness(first.brightness)} (${first.brightness}% brightness).${facts.length > 1 ? ` Plus ${facts.length - 1} more.` : ""} On "${asked}": I only measure pixels.`;
  }
  if (style === "structured") {
    const sections = facts.map(
      (f, i) =>
        `## Image ${i + 1}\n\n- **Format:** ${f.format}\n- **Size:** ${f.width} × ${f.height} pixels (${f.orientation})\n- **Dominant colour:** ${f.dominant}\n- **Brightness:** ${f.brightness}% (${lightness(f.brightness)})\n- **Transparency:** ${f.hasAlpha ? "yes" : "no"}`,
    );
    return [
      "# Analysis",
      "",
      facts.length
        ? `I looked at ${facts.length} image${facts.length > 1 ? "s" : ""}.`
        : "There is no image in this conversation.",
      "",
      ...sections.flatMap((s) => [s, ""]),
      "## Your question",
      "",
      `> ${asked}`,
      "",
      "1. I am a demo model: I measure the image rather than understand it.",
      "2. This arena is running on demo models until its operators connect real ones.",
    ].join("\n");
  }
  if (!first) return `**No image** in this conversation. You asked **"${asked}"**, and I am **only a demo**.`;
  return `**Short answer:** this is a **${first.dominant}** ${first.orientation} picture. It measures **${first.width}×${first.height}** pixels in **${first.format}**, with **${first.brightness}%** brightness. About **"${asked}"**: I am a **demo model**, so that is all I can tell.`;
}

export const demoTokenDelay = (): number => config().DEMO_TOKEN_DELAY_MS;

export async function* streamDemo(
  style: string,
  turns: ChatTurn[],
  options: StreamOptions,
): AsyncGenerator<string, StreamEnd> {
  const images = turns.flatMap((t) => t.images ?? []);
  const facts = await Promise.all(images.map(describeImage));
  const question = [...turns].reverse().find((t) => t.role === "user")?.text ?? "";
  const text = demoReply(style, question, facts);
  const delay = demoTokenDelay();
  const tokens = text.match(/\s*\S+/g) ?? [];
  for (const token of tokens) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    yield token;
  }
  return { finishReason: "stop", outputTokens: tokens.length };
}
