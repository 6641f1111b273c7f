"use client";

import ReactMarkdown from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";

/** Model answers are untrusted: sanitised first (no raw HTML, no scripts), then code is highlighted. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="prose-answer">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize, [rehypeHighlight, { detect: true }]]}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
