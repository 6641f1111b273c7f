import { describe, expect, it } from "vitest";
import { packSigned, packUnsigned, unpackSigned, unpackUnsigned } from "./vectors";

describe("a battle's stored embedding", () => {
  it("keeps each value within one quantisation step, a quarter of float32's size", () => {
    const image = Float32Array.from({ length: 1280 }, (_, i) => Math.abs(Math.sin(i)) * 6);
    const packed = packUnsigned(image);
    expect(packed.bytes).toHaveLength(1280);
    const back = new Float32Array(1280);
    unpackUnsigned(packed.bytes, packed.scale, back);
    for (let i = 0; i < image.length; i++)
      expect(Math.abs((back[i] as number) - (image[i] as number))).toBeLessThanOrEqual(packed.scale / 2 + 1e-6);
    const text = Float32Array.from({ length: 100 }, (_, i) => Math.cos(i) * 0.3);
    const signed = packSigned(text);
    const into = new Float32Array(110);
    unpackSigned(signed.bytes, signed.scale, into, 10);
    for (let i = 0; i < text.length; i++)
      expect(Math.abs((into[10 + i] as number) - (text[i] as number))).toBeLessThanOrEqual(signed.scale / 2 + 1e-6);
  });

  it("stores an all-zero vector as zeros, and never a negative image feature", () => {
    expect(packUnsigned(new Float32Array(4))).toMatchObject({ scale: 0 });
    const clipped = packUnsigned(Float32Array.from([2, -1]));
    expect([...clipped.bytes]).toEqual([255, 0]);
  });
});
