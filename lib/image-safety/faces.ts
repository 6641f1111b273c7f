// Faces found locally, for blurring before release (VisionArena §3.1): Human's BlazeFace detector (model files
// inside @vladmandic/human, ./human.ts).
import sharp from "sharp";
import { lazyHuman } from "../vision";

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

const off = { enabled: false };
/** the detector's own floor (every caller uses it today); a caller asking for more filters above it */
const FLOOR = 0.5;
const detector = lazyHuman<{ face: { box: [number, number, number, number]; boxScore: number }[] }>({
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: 50, minConfidence: FLOOR, return: false },
    mesh: off,
    iris: off,
    description: off,
    emotion: off,
    antispoof: off,
    liveness: off,
    attention: off,
  },
});

/** The faces in an image, in its own pixel coordinates. */
export async function detectFaces(bytes: Buffer, minConfidence = 0.5): Promise<FaceBox[]> {
  const human = await detector();
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const tensor = human.tf.tensor4d(new Uint8Array(data), [1, info.height, info.width, 3], "int32");
  try {
    const result = await human.detect(tensor);
    return result.face
      .filter((f) => f.boxScore >= minConfidence)
      .map(({ box: [x, y, width, height], boxScore }) => ({ x, y, width, height, score: boxScore }));
  } finally {
    tensor.dispose();
  }
}

/**
 * The image with every face blurred past recognition (a margin of a fifth of the box around it), in the same
 * format; the image as it was when no face is found. Returns the faces too, for the datasheet's counts.
 */
export async function blurFaces(bytes: Buffer, minConfidence = 0.5): Promise<{ data: Buffer; faces: FaceBox[] }> {
  const faces = await detectFaces(bytes, minConfidence);
  if (faces.length === 0) return { data: bytes, faces };
  const image = sharp(bytes).rotate();
  const { width = 0, height = 0, format } = await image.metadata();
  const base = await image.toBuffer();
  const patches = await Promise.all(
    faces.map(async (f) => {
      const margin = 0.2;
      const left = Math.max(0, Math.floor(f.x - f.width * margin));
      const top = Math.max(0, Math.floor(f.y - f.height * margin));
      const right = Math.min(width, Math.ceil(f.x + f.width * (1 + margin)));
      const bottom = Math.min(height, Math.ceil(f.y + f.height * (1 + margin)));
      const region = { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
      const sigma = Math.max(8, Math.min(region.width, region.height) / 6);
      const input = await sharp(base).extract(region).blur(sigma).toBuffer();
      return { input, left, top };
    }),
  );
  const out = sharp(base).composite(patches);
  const data = await (format === "png"
    ? out.png()
    : format === "webp"
      ? out.webp()
      : out.jpeg({ quality: 90 })
  ).toBuffer();
  return { data, faces };
}
