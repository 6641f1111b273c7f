// A cheap image vector needing no model: an 8×8 grey thumbnail and a 4×4×4 colour histogram (128 values, unit
// length), from sharp. The bench's curation uses it beside hashed TF-IDF when no embedding model is configured.
import sharp from "sharp";
import { unitLength } from "../numeric";

export async function thumbnailFeatures(bytes: Buffer): Promise<Float64Array> {
  const grey = await sharp(bytes).resize(8, 8, { fit: "fill" }).greyscale().raw().toBuffer();
  const colour = await sharp(bytes).resize(32, 32, { fit: "fill" }).removeAlpha().raw().toBuffer();
  const v = new Float64Array(128);
  for (let i = 0; i < 64; i++) v[i] = (grey[i] ?? 0) / 255;
  for (let i = 0; i + 2 < colour.length; i += 3) {
    const bin = (((colour[i] ?? 0) >> 6) << 4) | (((colour[i + 1] ?? 0) >> 6) << 2) | ((colour[i + 2] ?? 0) >> 6);
    v[64 + bin] = (v[64 + bin] as number) + 1 / 1024;
  }
  return unitLength(v);
}
