// The native classifier (onnxruntime-node on the graph converted from nsfwjs's Keras layers) against nsfwjs itself
// on TensorFlow.js: the same five probabilities within 1e-3 on every picture of a varied set, so the switch of
// runtime changes no verdict.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { normaliseImage, sniffImageType } from "../images";
import { classifierPixels, kerasToOnnx, UnsupportedLayerError } from "../vision";
import { type NsfwScores, nsfwScores, tfjsNsfwScores, timedNsfwScores } from "./nsfw";

const fixtures = path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "images");

async function testSet(): Promise<Buffer[]> {
  const set: Buffer[] = [];
  for (const file of fs.readdirSync(fixtures).filter((f) => /\.(jpe?g|png)$/i.test(f)))
    set.push(fs.readFileSync(path.join(fixtures, file)));
  for (let i = 0; i < 12; i++) {
    const hue = (i * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${300 + i * 20}" height="${260 + i * 10}">
      <rect width="100%" height="100%" fill="hsl(${hue},40%,${30 + i * 4}%)"/>
      <ellipse cx="${120 + i * 9}" cy="140" rx="${50 + i * 4}" ry="${80 - i * 2}" fill="hsl(${(hue + 180) % 360},55%,70%)"/>
      <text x="20" y="40" font-size="28" fill="#fff">sample ${i}</text></svg>`;
    set.push(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer());
  }
  const noise = Buffer.alloc(96 * 96 * 3);
  for (let k = 0; k < noise.length; k++) noise[k] = (k * 7919) % 251;
  set.push(
    await sharp(noise, { raw: { width: 96, height: 96, channels: 3 } })
      .png()
      .toBuffer(),
  );
  return set;
}

describe("the NSFW classifier on onnxruntime-node", () => {
  it("gives nsfwjs's own probabilities (TensorFlow.js) within 1e-3 on every picture", async () => {
    const images = await testSet();
    expect(images.length).toBeGreaterThan(12);
    let worst = 0;
    for (const image of images) {
      const [native, reference] = [await nsfwScores(image), await tfjsNsfwScores(image)];
      for (const name of Object.keys(reference) as (keyof NsfwScores)[])
        worst = Math.max(worst, Math.abs(native[name] - reference[name]));
      expect(Object.values(native).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    }
    expect(worst).toBeLessThan(1e-3);
  }, 60_000);

  it("says where the time went", async () => {
    const { timing } = await timedNsfwScores(fs.readFileSync(path.join(fixtures, "portrait.jpg")));
    expect(timing.decodeResize).toBeGreaterThan(0);
    expect(timing.inference).toBeGreaterThan(0);
  });

  it("classifies an upload from the pixels its normalisation made: a PNG's are the stored image's own, a JPEG's differ only by the re-encoding", async () => {
    const images = await testSet();
    let worstJpeg = 0;
    let pngs = 0;
    for (const image of images) {
      const normalised = await normaliseImage(image, sniffImageType(image) ?? "image/png", 1024, 50_000_000, {
        classifierPixels: true,
      });
      const handed = normalised.classifierPixels as Uint8Array;
      expect(handed.length).toBe(224 * 224 * 3);
      const decoded = await classifierPixels(normalised.data);
      if (normalised.mime === "image/png") {
        pngs++;
        expect(Buffer.from(handed).equals(Buffer.from(decoded))).toBe(true);
        continue;
      }
      const [now, before] = [await nsfwScores({ pixels: handed }), await nsfwScores(normalised.data)];
      for (const name of Object.keys(now) as (keyof NsfwScores)[])
        worstJpeg = Math.max(worstJpeg, Math.abs(now[name] - before[name]));
    }
    expect(pngs).toBeGreaterThan(0);
    // bench:image-safety prints the largest difference over its pictures; on the 110 presets and fixtures it was 0.084
    expect(worstJpeg).toBeLessThan(0.1);
    expect((await normaliseImage(images[0] as Buffer, "image/jpeg", 1024)).classifierPixels).toBeUndefined();
  }, 60_000);

  it("refuses a layer it cannot convert, by name, rather than convert it wrongly", () => {
    const layer = (name: string, kind: string) => ({
      name,
      getClassName: () => kind,
      getConfig: () => ({}),
      getWeights: () => [],
      inboundNodes: [{ inboundLayers: name === "input" ? [] : [{ name: "input" }] }],
    });
    expect(() =>
      kerasToOnnx([layer("input", "InputLayer"), layer("lstm_1", "LSTM")], { height: 8, width: 8, channels: 3 }),
    ).toThrow(new UnsupportedLayerError("layer lstm_1 of kind LSTM"));
  });
});
