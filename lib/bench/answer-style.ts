// An answer's style as arena-hard-auto records it for style control (add_markdown_info: tokens, headers, lists,
// bold), from the text or from an answer file's metadata, and the four features of one battle as its v2 computes them.
import { countMarkdown, markdownTotals } from "../arena/markdown";
import { countTokens } from "../text/tokens";

export interface AnswerStyle {
  tokens: number;
  headers: number;
  lists: number;
  bold: number;
}

export const STYLE_CONTROLS = ["length", "markdown"] as const;
export type StyleControl = (typeof STYLE_CONTROLS)[number];
export const FEATURE_NAMES = ["length", "header_density", "list_density", "bold_density"] as const;

/** An answer's style as arena-hard-auto's add_markdown_info records it (tokens: cl100k, as our arena counts). */
export async function styleOfAnswer(text: string): Promise<AnswerStyle> {
  const totals = markdownTotals(countMarkdown(text));
  return { tokens: await countTokens(text), headers: totals.headers, lists: totals.lists, bold: totals.bold };
}

const total = (value: unknown): number =>
  typeof value === "number"
    ? value
    : value && typeof value === "object"
      ? Object.values(value as Record<string, unknown>).reduce<number>((s, v) => s + (typeof v === "number" ? v : 0), 0)
      : Number.NaN;

/** The style recorded in an answer file's `metadata` (v2) or `conv_metadata` (v0.1); null when absent. */
export function styleFromMetadata(meta: unknown): AnswerStyle | null {
  if (!meta || typeof meta !== "object") return null;
  const m = meta as Record<string, unknown>;
  const style = {
    tokens: total(m.token_len),
    headers: total(m.header_count),
    lists: total(m.list_count),
    bold: total(m.bold_count),
  };
  return Object.values(style).every(Number.isFinite) ? style : null;
}

/** The four raw features of one battle, candidate m against baseline b. */
export function styleFeatures(m: AnswerStyle, b: AnswerStyle): [number, number, number, number] {
  const length = m.tokens + b.tokens === 0 ? 0 : (m.tokens - b.tokens) / (m.tokens + b.tokens);
  const density = (x: number, s: AnswerStyle) => x / (s.tokens + 1);
  const md = (mx: number, bx: number) => {
    const dm = density(mx, m);
    const db = density(bx, b);
    return (dm - db) / (dm + db + 1);
  };
  return [length, md(m.headers, b.headers), md(m.lists, b.lists), md(m.bold, b.bold)];
}
