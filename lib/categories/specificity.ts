// VisionArena's specificity (§4.4): the number of named entities in an answer. The paper tags answers with a NER
// model; here compromise's topics (people, places, organisations), which run on rules and a lexicon shipped in its
// npm package, with no model to download. Code blocks are removed first, as the markdown counts do.
import nlp from "compromise";

const CODE_BLOCK = /```[\s\S]*?(?:```|$)/g;

export function countNamedEntities(text: string): number {
  const prose = text.replace(CODE_BLOCK, " ");
  if (!prose.trim()) return 0;
  return nlp(prose).topics().length;
}
