import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { thumbnailFeatures } from "../vision";
import { concatWeighted, tfidfVectors } from "./embeddings";

const norm = (v: Float64Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const dot = (p: Float64Array, q: Float64Array) => p.reduce((s, x, i) => s + x * (q[i] as number), 0);

describe("the local embedding fallback", () => {
  it("gives unit TF-IDF vectors where shared rare words weigh more than common ones", () => {
    const [a, b, c] = tfidfVectors([
      "what breed is this dog",
      "what breed is that dog",
      "solve this equation please",
    ]) as [Float64Array, Float64Array, Float64Array];
    expect(norm(a)).toBeCloseTo(1, 12);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c));
    expect(dot(a, a)).toBeCloseTo(1, 12);
  });

  it("joins the text and the image parts at unit length", async () => {
    const png = (background: string) =>
      sharp({ create: { width: 32, height: 32, channels: 3, background } })
        .png()
        .toBuffer();
    const red = await thumbnailFeatures(await png("#dd2222"));
    const [text] = tfidfVectors(["a red square"]) as [Float64Array];
    expect(norm(concatWeighted([text, red]))).toBeCloseTo(1, 12);
  });
});
