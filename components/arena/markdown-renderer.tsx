"use client";

import "katex/dist/katex.min.css";
import { type ReactNode, useRef } from "react";
import ReactMarkdown from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import rehypeKatex from "rehype-katex";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import { useT } from "@/components/i18n";
import { CopyButton } from "./copy-button";
import { prepareMath } from "./math-delimiters";

// Sanitising runs first, on the markdown's own HTML; it must keep the classes remark-math puts on formulas so that
// KaTeX, run after it, finds them. KaTeX's output is trusted because `trust` stays off: no \href, \url,
// \includegraphics or \html* commands, and macro expansion is capped.
const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ["className", /^language-./, "math-inline", "math-display"]],
  },
};
const katexOptions = { throwOnError: false, strict: "ignore", trust: false, maxExpand: 500, maxSize: 20 } as const;

function CodeBlock({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLPreElement>(null);
  const t = useT();
  return (
    <div className="relative">
      <pre ref={ref}>{children}</pre>
      <div className="absolute top-1 right-1">
        <CopyButton text={() => ref.current?.textContent ?? ""} label={t("answer.copyCode")} />
      </div>
    </div>
  );
}

/** Model answers are untrusted: sanitised first (no raw HTML, no scripts), then math typeset and code highlighted. */
export function MarkdownRenderer({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <div className="prose-answer">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        rehypePlugins={[
          [rehypeSanitize, schema],
          [rehypeKatex, katexOptions],
          [rehypeHighlight, { detect: true }],
        ]}
        components={{ pre: CodeBlock }}
      >
        {prepareMath(text, streaming)}
      </ReactMarkdown>
    </div>
  );
}
