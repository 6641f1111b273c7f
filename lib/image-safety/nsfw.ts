// The local NSFW classifier: nsfwjs's MobileNetV2 (weights inside the npm package) on TensorFlow.js WebAssembly.
import sharp from "sharp";
import { tensorflow } from "./tensorflow";

export type NsfwClass = "Drawing" | "Hentai" | "Neutral" | "Porn" | "Sexy";
export type NsfwScores = Record<NsfwClass, number>;

type Model = { classify(image: unknown, topk?: number): Promise<{ className: string; probability: number }[]> };
let model: Promise<Model> | undefined;

function load(): Promise<Model> {
  model ??= (async () => {
    await tensorflow();
    const nsfw = await import("nsfwjs");
    return (await nsfw.load("MobileNetV2")) as unknown as Model;
  })();
  model.catch(() => {
    model = undefined;
  });
  return model;
}

/** Probabilities of the five classes for an image (any format sharp reads). */
export async function nsfwScores(bytes: Buffer): Promise<NsfwScores> {
  const [classifier, tf] = [await load(), await tensorflow()];
  const { data, info } = await sharp(bytes)
    .resize(224, 224, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
  try {
    const ranked = await classifier.classify(tensor, 5);
    const scores: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
    for (const { className, probability } of ranked) scores[className as NsfwClass] = probability;
    return scores;
  } finally {
    tensor.dispose();
  }
}

/** The score a threshold is held against: the likelier of the two explicit classes. */
export const explicitScore = (s: NsfwScores) => Math.max(s.Porn, s.Hentai);
