// VisionArena's specificity (§4.4): the number of named entities in an answer. The paper tags answers with a NER
// model; here compromise's topics (people, places, organisations), which run on rules and a lexicon shipped in its
// npm package, with no model to download. Code blocks are removed first, as the markdown counts do.
// Long answers are counted in pieces (lib/text says why) and only over their first MAX_ANALYSED_CHARS: ~0.3 s of
// CPU at most per answer, where a 2 MB answer once froze the jobs process.
import nlp from "compromise";
import { chunks } from "../text";

const CODE_BLOCK = /```[\s\S]*?(?:```|$)/g;

/** How much of an answer's prose is read for its named entities (LMArena's longest answers are ~20k chars). */
export const MAX_ANALYSED_CHARS = 32_000;

export function countNamedEntities(text: string): number {
  const prose = text
    .slice(0, MAX_ANALYSED_CHARS * 2)
    .replace(CODE_BLOCK, " ")
    .slice(0, MAX_ANALYSED_CHARS);
  if (!prose.trim()) return 0;
  let count = 0;
  for (const piece of chunks(prose)) if (piece.trim()) count += nlp(piece).topics().length;
  return count;
}
