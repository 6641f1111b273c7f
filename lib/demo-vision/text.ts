// Text in a picture, for the demo models: Tesseract (tesseract.js, its WebAssembly core in a worker thread) with
// the English model shipped in @tesseract.js-data/eng, so nothing is downloaded. Tesseract reads dark text on a
// light page; on a photo it read nothing of a black-on-white sign over a teal wall ("Cm"), and everything once the
// picture was made grey, enlarged to ~1,000 px and thresholded, so that is done first (and, when nothing is read,
// again inverted, for light text on a dark ground). Measured here: ~90 ms a pass on a 480×320 picture after a ~0.5 s start.
import path from "node:path";
import sharp from "sharp";
import { runtimeRequire } from "../process/runtime-require";

export interface SeenText {
  /** the lines read, in reading order */
  lines: string[];
  /** where the text is, as fractions of the picture: [x, y, width, height] */
  box: [number, number, number, number] | null;
}

interface Word {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface Line {
  words: Word[];
}
type Worker = {
  recognize(
    image: Buffer,
    options: object,
    output: { blocks: boolean },
  ): Promise<{ data: { blocks: { paragraphs: { lines: Line[] }[] }[] | null } }>;
  setParameters(params: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
};

let worker: Promise<Worker> | undefined;
/** one picture at a time: the worker reads one image at a time anyway */
let queue: Promise<unknown> = Promise.resolve();

function start(): Promise<Worker> {
  worker ??= (async () => {
    const tesseract = runtimeRequire("tesseract.js") as {
      createWorker(lang: string, oem: number, options: object): Promise<Worker>;
    };
    const langPath = path.join(
      path.dirname(runtimeRequire.resolve("@tesseract.js-data/eng/package.json")),
      "4.0.0_best_int",
    );
    // OEM 1: the LSTM engine, the one the shipped model holds; no cache written anywhere, no logging
    const created = await tesseract.createWorker("eng", 1, { langPath, gzip: true, cacheMethod: "none" });
    // PSM 11, sparse text: a sign or a label in a photo, not a page of columns
    // debug_file: Tesseract's own notes ("Detected 165 diacritics") would go to the server's output
    await created.setParameters({ tessedit_pageseg_mode: "11", debug_file: "/dev/null" });
    return created;
  })();
  worker.catch(() => {
    worker = undefined;
  });
  return worker;
}

/** Ends the worker thread (tests and scripts; the web process keeps it). */
export async function stopReadingText() {
  const running = worker;
  worker = undefined;
  if (running) await (await running).terminate().catch(() => undefined);
}

const WIDTH = 1000;
const MIN_CONFIDENCE = 75;
/** A word worth saying: a number, or letters with a vowel; a vowelless run of capitals only when Tesseract is all but
 *  sure (an acronym). On photographs Tesseract reads texture as "Cm", "ll", "rn" at fair confidence: the demo read
 *  text where there was none (issue 69). */
const readable = (word: Word) =>
  /[\p{L}\p{N}]/u.test(word.text) &&
  (word.text.length > 1 || /\d/.test(word.text)) &&
  (/\d/.test(word.text) ||
    /[aeiouyàâäéèêëîïôöûüù]/i.test(word.text) ||
    (/^\p{Lu}{2,5}$/u.test(word.text) && word.confidence >= 90));

async function pass(reader: Worker, bytes: Uint8Array, invert: boolean) {
  let image = sharp(bytes).rotate().flatten({ background: "#ffffff" }).greyscale().normalise();
  image = image.resize({ width: WIDTH, height: WIDTH, fit: "inside" });
  if (invert) image = image.negate({ alpha: false });
  const input = await image.threshold(128).png().toBuffer();
  const { data } = await reader.recognize(input, {}, { blocks: true });
  const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  return lines
    .map((line) => line.words.filter((w) => w.confidence >= MIN_CONFIDENCE && readable(w)))
    .filter(
      (words) =>
        words
          .map((w) => w.text)
          .join("")
          .replace(/[^\p{L}\p{N}]/gu, "").length >= 2,
    );
}

/** The text Tesseract reads with confidence, or none. */
export function readText(bytes: Uint8Array): Promise<SeenText> {
  const run = queue.then(async () => {
    const reader = await start();
    const meta = await sharp(bytes).rotate().metadata();
    const scale = WIDTH / Math.max(meta.width ?? WIDTH, meta.height ?? WIDTH);
    let found = await pass(reader, bytes, false);
    if (found.length === 0) found = await pass(reader, bytes, true);
    const seen = new Set<string>();
    const lines: string[] = [];
    let box: [number, number, number, number] | null = null;
    for (const words of found) {
      const line = words.map((w) => w.text).join(" ");
      if (seen.has(line)) continue;
      seen.add(line);
      lines.push(line);
      for (const { bbox } of words) {
        const width = (meta.width ?? 1) * scale;
        const height = (meta.height ?? 1) * scale;
        const [x0, y0, x1, y1] = [bbox.x0 / width, bbox.y0 / height, bbox.x1 / width, bbox.y1 / height];
        box = box
          ? [Math.min(box[0], x0), Math.min(box[1], y0), Math.max(box[2], x1), Math.max(box[3], y1)]
          : [x0, y0, x1, y1];
      }
    }
    // corners to [x, y, width, height]
    return { lines, box: box ? [box[0], box[1], box[2] - box[0], box[3] - box[1]] : null } as SeenText;
  });
  queue = run.catch(() => undefined);
  return run;
}
