// compromise (named entities, personal names) takes time that grows faster than its input on long text without
// breaks: measured on this machine, one 100 KB sentence 3.4 s whole and 0.96 s in 2 KB pieces; 50 KB 1.2 s and
// 0.37 s. Long text is therefore analysed in pieces cut where no name can run across them: at paragraph breaks,
// else at a sentence's end, else at a space. Pieces are at most CHUNK_CHARS long; text shorter than that is one
// piece, so short answers are analysed exactly as before.
export const CHUNK_CHARS = 2_000;

/** Where to cut `text` at or before `limit`: the latest paragraph break, sentence end or space, in that order. */
function cutPoint(text: string, start: number, limit: number): number {
  const window = text.slice(start, limit);
  for (const pattern of [/\n\s*\n/g, /[.!?]["')\]]?\s+/g, /\s+/g]) {
    let last = -1;
    for (const match of window.matchAll(pattern)) last = (match.index ?? 0) + match[0].length;
    if (last > 0) return start + last;
  }
  return limit; // one unbroken run of CHUNK_CHARS characters: no name runs across it meaningfully
}

/** `text` in consecutive pieces whose concatenation is `text`, each at most `size` characters. */
export function chunks(text: string, size = CHUNK_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    let end = cutPoint(text, start, start + size);
    // never split a surrogate pair
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1] ?? "")) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** Lets the event loop serve others between pieces of long work. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
