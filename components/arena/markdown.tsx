"use client";
// The answer renderer (markdown, KaTeX, highlighting: ~600 KB of script, 170 KB compressed) is its own chunk,
// fetched when a page first shows an answer (the arena asks for it as a question is sent): the arena's first view,
// and every page that links to it (Next prefetches linked routes), no longer carry it. Until it arrives the text
// shows as it is.
import { lazy, Suspense } from "react";

const load = () => import("./markdown-renderer").then((m) => ({ default: m.MarkdownRenderer }));
const Renderer = lazy(load);

/** Starts fetching the renderer before the first answer needs it. */
export const preloadMarkdown = () => void load();

export function Markdown(props: { text: string; streaming?: boolean }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{props.text}</p>}>
      <Renderer {...props} />
    </Suspense>
  );
}
