// The local NSFW classifier: nsfwjs's MobileNetV2 cut at its class scores (lib/vision/mobilenet.ts runs it), so the
// verdicts are nsfwjs's own: the two runtimes agree within 1e-5 (lib/image-safety/nsfw.test.ts checks < 1e-3).
// Measured on this machine (bench:image-safety, one thread): inference 7.6 ms per image against 63 ms on
// TensorFlow.js WebAssembly (SIMD, single thread), which stays here as the reference (tfjsNsfwScores).
import { channelsFirst, classifierPixels, kerasModel, SIZE, sessionOf, tensorflow } from "../vision";

export type NsfwClass = "Drawing" | "Hentai" | "Neutral" | "Porn" | "Sexy";
export type NsfwScores = Record<NsfwClass, number>;
/** nsfwjs's class order (its NSFW_CLASSES) */
const CLASSES: NsfwClass[] = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"];

const session = sessionOf("scores");

/** An image to classify: its encoded bytes (decoded here), or its classifier pixels (classifierPixels). */
export type NsfwInput = Buffer | { pixels: Uint8Array };

/** Where a classification's time went, in milliseconds (bench:image-safety prints it). */
export interface NsfwTiming {
  /** 0 when the pixels came with the image */
  decodeResize: number;
  inference: number;
}

/** Probabilities of the five classes for an image, with the time each step took. */
export async function timedNsfwScores(input: NsfwInput): Promise<{ scores: NsfwScores; timing: NsfwTiming }> {
  const { ort, session: model } = await session();
  const started = performance.now();
  const rgb = Buffer.isBuffer(input) ? await classifierPixels(input) : input.pixels;
  const decoded = performance.now();
  const chw = channelsFirst(rgb);
  const output = await model.run({ image: new ort.Tensor("float32", chw, [1, 3, SIZE, SIZE]) });
  const probabilities = output.scores?.data as Float32Array;
  const scores = Object.fromEntries(CLASSES.map((name, i) => [name, probabilities[i] ?? 0])) as NsfwScores;
  return { scores, timing: { decodeResize: decoded - started, inference: performance.now() - decoded } };
}

export async function nsfwScores(input: NsfwInput): Promise<NsfwScores> {
  return (await timedNsfwScores(input)).scores;
}

/** The same classification on TensorFlow.js, as nsfwjs runs it: the reference the native graph is held to. */
export async function tfjsNsfwScores(bytes: Buffer): Promise<NsfwScores> {
  const [classifier, tf] = [await kerasModel(), await tensorflow()];
  const tensor = tf.tensor3d(await classifierPixels(bytes), [SIZE, SIZE, 3], "int32");
  try {
    const ranked = await classifier.classify(tensor, 5);
    const scores: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
    for (const { className, probability } of ranked) scores[className as NsfwClass] = probability;
    return scores;
  } finally {
    tensor.dispose();
  }
}

/** Loads the model and builds the graph now, so the first upload does not wait for it. */
export async function warmNsfw(): Promise<void> {
  await session();
}

/** The score a threshold is held against: the likelier of the two explicit classes. */
export const explicitScore = (s: NsfwScores) => Math.max(s.Porn, s.Hentai);
