// The local NSFW classifier: nsfwjs's MobileNetV2 (weights inside the npm package), run by onnxruntime-node's CPU
// library (inside its npm package too; its install script, which would fetch GPU files, is denied in package.json's
// allowScripts). The graph is converted from the Keras layers nsfwjs loads, once per process (~80 ms), so the
// verdicts are nsfwjs's own: the two runtimes agree within 1e-5 (lib/image-safety/nsfw.test.ts checks < 1e-3).
// Measured on this machine (bench:image-safety, one thread): inference 7.6 ms per image against 63 ms on
// TensorFlow.js WebAssembly (SIMD, single thread), which stays here as the reference (tfjsNsfwScores).
import sharp from "sharp";
import { kerasToOnnx } from "./onnx/from-keras";
import { tensorflow } from "./tensorflow";

export type NsfwClass = "Drawing" | "Hentai" | "Neutral" | "Porn" | "Sexy";
export type NsfwScores = Record<NsfwClass, number>;
/** nsfwjs's class order (its NSFW_CLASSES) */
const CLASSES: NsfwClass[] = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"];
const SIZE = 224;

type KerasModel = {
  classify(image: unknown, topk?: number): Promise<{ className: string; probability: number }[]>;
  model: { layers: Parameters<typeof kerasToOnnx>[0] };
};

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    made.catch(() => {
      made = undefined;
    });
    return made;
  };
};

const kerasModel = once(async () => {
  await tensorflow();
  const nsfw = await import("nsfwjs");
  return (await nsfw.load("MobileNetV2")) as unknown as KerasModel;
});

/** An onnxruntime session of the graph up to `output`: the class scores, or the pooled features before them. */
const sessionOf = (output: "scores" | "features") =>
  once(async () => {
    const ort = await import("onnxruntime-node");
    const graph = kerasToOnnx(
      (await kerasModel()).model.layers,
      { height: SIZE, width: SIZE, channels: 3 },
      { output },
    );
    // one thread: the pool runs one classifier per worker thread, and a second thread per image bought nothing here
    const created = await ort.InferenceSession.create(graph, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: "sequential",
      graphOptimizationLevel: "all",
    });
    return { ort, session: created };
  });
const session = sessionOf("scores");
/** The same network cut where its convolutions become a vector: what the classifier's head reads. */
const featureSession = sessionOf("features");

/** The model's input from raw RGB: channels first, scaled to 0–1 as nsfwjs scales (it divides by 255). */
function channelsFirst(rgb: Uint8Array): Float32Array {
  const plane = SIZE * SIZE;
  const chw = new Float32Array(3 * plane);
  for (let p = 0; p < plane; p++) {
    chw[p] = (rgb[p * 3] as number) / 255;
    chw[plane + p] = (rgb[p * 3 + 1] as number) / 255;
    chw[2 * plane + p] = (rgb[p * 3 + 2] as number) / 255;
  }
  return chw;
}

/**
 * An image's embedding from nsfwjs's MobileNetV2 (weights inside its npm package): the pooled features its
 * classifier head reads (1,280 values), for "which model for an image like mine?" (lib/neighbourhood).
 */
export async function imageFeatures(bytes: Buffer): Promise<Float32Array> {
  const { ort, session: model } = await featureSession();
  const input = channelsFirst(await classifierPixels(bytes));
  const output = await model.run({ image: new ort.Tensor("float32", input, [1, 3, SIZE, SIZE]) });
  return Float32Array.from(output.features?.data as Float32Array);
}

/**
 * The picture as the model takes it: 224×224 RGB, stretched (nsfwjs's own resize), as raw bytes; from an encoded
 * image, or from decoded pixels (`raw` says their layout: the upload's normalisation hands over what it decoded).
 */
export async function classifierPixels(
  image: Buffer,
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<Uint8Array> {
  const { data } = await sharp(image, raw ? { raw } : undefined)
    .resize(SIZE, SIZE, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

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
