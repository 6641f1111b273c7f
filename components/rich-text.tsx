// A catalogue message with markup: "See <link>the methodology page</link>." — each <tag>…</tag> is drawn by the
// function given for it (a link, emphasis, code), so translators move the link words within their sentence. Tags
// do not nest; a tag without a function is shown as its words. Pure: server and client components both use it.
import { Fragment, type ReactNode } from "react";

export type Tags = Record<string, (words: string) => ReactNode>;

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

export function rich(text: string, tags: Tags): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", words = ""] = match;
    const index = match.index ?? 0;
    if (index > at) parts.push(text.slice(at, index));
    const draw = tags[name];
    parts.push(<Fragment key={index}>{draw ? draw(words) : words}</Fragment>);
    at = index + whole.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
