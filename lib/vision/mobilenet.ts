// MobileNetV2 as nsfwjs ships it (weights inside its npm package), run by onnxruntime-node's CPU library (inside its
// npm package too; its install script, which would fetch GPU files, is denied in package.json's allowScripts). The
// graph is converted from the Keras layers nsfwjs loads, once per process (~80 ms): cut at its class scores it is
// the NSFW classifier (lib/image-safety/nsfw.ts), cut where its convolutions become a vector it is an image
// embedding (lib/neighbourhood). The two runtimes agree within 1e-5 (lib/image-safety/nsfw.test.ts checks < 1e-3).
import sharp from "sharp";
import { kerasToOnnx } from "./onnx/from-keras";
import { tensorflow } from "./tensorflow";

/** The network's input side, in pixels. */
export const SIZE = 224;

export type KerasModel = {
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

/** nsfwjs's Keras model, loaded once per process (TensorFlow.js runs it: the reference the graph is held to). */
export const kerasModel = once(async () => {
  await tensorflow();
  const nsfw = await import("nsfwjs");
  return (await nsfw.load("MobileNetV2")) as unknown as KerasModel;
});

/** An onnxruntime session of the graph up to `output`: the class scores, or the pooled features before them. */
export const sessionOf = (output: "scores" | "features") =>
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
/** The network cut where its convolutions become a vector: what the classifier's head reads. */
const featureSession = sessionOf("features");

/** The model's input from raw RGB: channels first, scaled to 0–1 as nsfwjs scales (it divides by 255). */
export function channelsFirst(rgb: Uint8Array): Float32Array {
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
export async function imageEmbedding(bytes: Buffer): Promise<Float32Array> {
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
