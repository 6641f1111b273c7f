// Objects in a picture, for the demo models: the CenterNet detector (COCO's 80 classes) whose model files ship
// inside @vladmandic/human, through its WebAssembly build on the process's one TensorFlow.js, as faces are found
// for blurring (../image-safety/faces.ts). Nothing is downloaded: the models are read from the package's folder.
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { packageEntryDir, runtimeRequire } from "../image-safety/runtime-require";
import { tensorflow } from "../image-safety/tensorflow";

export interface SeenObject {
  label: string;
  score: number;
  /** where it is, as fractions of the picture's width and height */
  box: [number, number, number, number];
}

type HumanInstance = {
  load(): Promise<void>;
  detect(input: unknown): Promise<{
    object: { label: string; score: number; boxRaw: [number, number, number, number] }[];
  }>;
  tf: { tensor4d(data: Uint8Array, shape: number[], dtype: string): { dispose(): void } };
};

let human: Promise<HumanInstance> | undefined;

function load(): Promise<HumanInstance> {
  human ??= (async () => {
    await tensorflow();
    const packageDir = path.dirname(packageEntryDir("@vladmandic/human"));
    const { Human } = runtimeRequire(path.join(packageDir, "dist", "human.node-wasm.js")) as {
      Human: new (config: unknown) => HumanInstance;
    };
    const off = { enabled: false };
    const instance = new Human({
      backend: "wasm",
      wasmPath: `${packageEntryDir("@tensorflow/tfjs-backend-wasm")}/`,
      modelBasePath: `${pathToFileURL(path.join(packageDir, "models")).href}/`,
      debug: false,
      async: true,
      // Human is made for video: by default it reuses a previous frame's result for a similar next frame
      cacheSensitivity: 0,
      face: off,
      body: off,
      hand: off,
      gesture: off,
      segmentation: off,
      filter: off,
      object: { enabled: true, modelPath: "centernet.json", minConfidence: 0.15, iouThreshold: 0.4, maxDetected: 20 },
    });
    await instance.load();
    return instance;
  })();
  human.catch(() => {
    human = undefined;
  });
  return human;
}

const SIDE = 512;

/**
 * The objects CenterNet finds, most confident first. The detector squeezes its input into a square, which
 * flattens a wide picture until nothing in it is recognisable (a 1000×400 photo of a person and a cup: nothing
 * found; letterboxed: both), so the picture is letterboxed first and the boxes mapped back.
 */
export async function detectObjects(bytes: Uint8Array): Promise<SeenObject[]> {
  const detector = await load();
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
  const tensor = detector.tf.tensor4d(new Uint8Array(data), [1, SIDE, SIDE, 3], "int32");
  try {
    const result = await detector.detect(tensor);
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
