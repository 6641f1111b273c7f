// Markdown element counts of an answer, exactly as FastChat's add_markdown_info.py: fenced code blocks are
// removed first, then headers (h1–h6), list items (ordered, unordered) and bold spans (**, __) are counted.

export interface MarkdownCounts {
  header: { h1: number; h2: number; h3: number; h4: number; h5: number; h6: number };
  list: { ordered: number; unordered: number };
  bold: { "**": number; __: number };
}

const CODE_BLOCK = /```[^`]*```/g;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

export function countMarkdown(answer: string): MarkdownCounts {
  const text = answer.replace(CODE_BLOCK, "");
  const headers = [1, 2, 3, 4, 5, 6].map((level) => count(text, new RegExp(`^#{${level}}\\s`, "gm")));
  return {
    header: {
      h1: headers[0] ?? 0,
      h2: headers[1] ?? 0,
      h3: headers[2] ?? 0,
      h4: headers[3] ?? 0,
      h5: headers[4] ?? 0,
      h6: headers[5] ?? 0,
    },
    list: { ordered: count(text, /^\s*\d+\.\s/gm), unordered: count(text, /^\s*[-*+]\s/gm) },
    bold: { "**": count(text, /\*\*[^*\n]+\*\*/g), __: count(text, /__[^_\n]+__/g) },
  };
}

export function markdownTotals(counts: MarkdownCounts) {
  const sum = (o: Record<string, number>) => Object.values(o).reduce((s, v) => s + v, 0);
  return { headers: sum(counts.header), lists: sum(counts.list), bold: sum(counts.bold) };
}
