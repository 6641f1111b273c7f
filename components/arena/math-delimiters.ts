// Models write math four ways: $…$, $$…$$, \(…\) and \[…\]. remark-math reads only the dollar forms, so the
// bracket forms are rewritten to dollars outside code, a lone-line $$…$$ becomes a display block, and while an
// answer streams an unclosed formula is kept as text until its closing delimiter arrives (otherwise the half
// formula flashes as a KaTeX error on every chunk).

/** Fenced code blocks and inline code spans: math delimiters inside them are code, not math. */
const CODE = /(^|\n)(```|~~~)[^\n]*\n[\s\S]*?(?:\n\2[^\n]*(?=\n|$)|$)|`[^`\n]+`/g;

const DISPLAY_BRACKETS = /\\\[([\s\S]+?)\\\]/g;
const INLINE_PARENS = /\\\(([\s\S]+?)\\\)/g;
const LONE_LINE_DISPLAY = /^([ \t]*)\$\$([^\n$]+?)\$\$[ \t]*$/gm;
const UNESCAPED_DOUBLE_DOLLAR = /(?<!\\)\$\$/g;

function rewriteProse(prose: string): string {
  return prose
    .replace(DISPLAY_BRACKETS, (_, body: string) => `\n$$\n${body.trim()}\n$$\n`)
    .replace(INLINE_PARENS, (_, body: string) => `$${body.trim()}$`)
    .replace(
      LONE_LINE_DISPLAY,
      (_, indent: string, body: string) => `${indent}$$\n${indent}${body.trim()}\n${indent}$$`,
    );
}

/** Escapes every dollar from the last unclosed `$$` on, so an unfinished display formula reads as text. */
function holdUnclosedDisplay(prose: string): string {
  const opens = [...prose.matchAll(UNESCAPED_DOUBLE_DOLLAR)];
  if (opens.length % 2 === 0) return prose;
  const last = opens[opens.length - 1]?.index ?? prose.length;
  return prose.slice(0, last) + prose.slice(last).replace(/(?<!\\)\$/g, "\\$");
}

export function prepareMath(text: string, streaming = false): string {
  const parts: string[] = [];
  let prose = "";
  let at = 0;
  const flush = () => {
    parts.push(rewriteProse(prose));
    prose = "";
  };
  for (const code of text.matchAll(CODE)) {
    prose += text.slice(at, code.index);
    flush();
    parts.push(code[0]);
    at = code.index + code[0].length;
  }
  prose += text.slice(at);
  flush();
  // the last prose piece is where a streaming answer ends, so only it can hold an unfinished formula
  if (streaming) {
    const lastProse = parts.length - 1;
    parts[lastProse] = holdUnclosedDisplay(parts[lastProse] ?? "");
  }
  return parts.join("");
}
