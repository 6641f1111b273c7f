// Objects in a picture, for the demo models: the CenterNet detector (COCO's 80 classes) whose model files ship
// inside @vladmandic/human (../vision/human.ts). Nothing is downloaded.
import sharp from "sharp";
import { lazyHuman } from "../vision";

export interface SeenObject {
  label: string;
  score: number;
  /** where it is, as fractions of the picture's width and height */
  box: [number, number, number, number];
}

const detector = lazyHuman<{
  object: { label: string; score: number; boxRaw: [number, number, number, number] }[];
}>({ object: { enabled: true, modelPath: "centernet.json", minConfidence: 0.15, iouThreshold: 0.4, maxDetected: 20 } });

const SIDE = 512;

/**
 * The objects CenterNet finds, most confident first. The detector squeezes its input into a square, which
 * flattens a wide picture until nothing in it is recognisable (a 1000×400 photo of a person and a cup: nothing
 * found; letterboxed: both), so the picture is letterboxed first and the boxes mapped back.
 */
export async function detectObjects(bytes: Uint8Array): Promise<SeenObject[]> {
  const human = await detector();
  const meta = await sharp(bytes).rotate().metadata();
  const [width, height] = meta.autoOrient
    ? [meta.autoOrient.width, meta.autoOrient.height]
    : [meta.width ?? 1, meta.height ?? 1];
  const scale = SIDE / Math.max(width, height);
  const { data } = await sharp(bytes)
    .rotate()
    .resize({ width: SIDE, height: SIDE, fit: "contain", background: "#808080" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // the picture's place inside the square, as fractions of the square
  const w = (width * scale) / SIDE;
  const h = (height * scale) / SIDE;
  const left = (1 - w) / 2;
  const top = (1 - h) / 2;
  const tensor = human.tf.tensor4d(new Uint8Array(data), [1, SIDE, SIDE, 3], "int32");
  try {
    const result = await human.detect(tensor);
    return result.object
      .map((o) => {
        const [x, y, bw, bh] = o.boxRaw;
        const box: SeenObject["box"] = [(x - left) / w, (y - top) / h, bw / w, bh / h];
        return { label: o.label, score: o.score, box };
      })
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}
