import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageEmbedding, thumbnailFeatures } from "./index";

const png = (background: string, width = 64) =>
  sharp({ create: { width, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
const norm = (v: ArrayLike<number>) => Math.sqrt(Array.from(v).reduce((s, x) => s + x * x, 0));
const cosine = (p: ArrayLike<number>, q: ArrayLike<number>) =>
  Array.from(p).reduce((s, x, i) => s + x * (q[i] as number), 0) / (norm(p) * norm(q));

describe("image vectors", () => {
  it("thumbnail features: unit length, nearer for nearer colours", async () => {
    const red = await thumbnailFeatures(await png("#dd2222"));
    const red2 = await thumbnailFeatures(await png("#dd2020"));
    const blue = await thumbnailFeatures(await png("#2222dd"));
    expect(norm(red)).toBeCloseTo(1, 12);
    expect(cosine(red, red2)).toBeGreaterThan(cosine(red, blue));
  });

  it("MobileNetV2's embedding: 1,280 values, the same for the same picture, nearer for a resized copy", async () => {
    const stripes = await sharp({
      create: { width: 96, height: 96, channels: 3, background: "#f0f0f0" },
    })
      .composite([{ input: await png("#202080", 96), top: 24, left: 0 }])
      .png()
      .toBuffer();
    const a = await imageEmbedding(stripes);
    expect(a).toHaveLength(1280);
    expect(Array.from(await imageEmbedding(stripes))).toEqual(Array.from(a));
    const resized = await sharp(stripes).resize(150, 150).png().toBuffer();
    const other = await png("#c03010");
    expect(cosine(a, await imageEmbedding(resized))).toBeGreaterThan(cosine(a, await imageEmbedding(other)));
  }, 60_000);
});
