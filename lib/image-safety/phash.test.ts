import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import sharpPhash from "sharp-phash";
import { describe, expect, it } from "vitest";
import { perceptualHash } from "./phash";

const reference = async (bytes: Buffer) =>
  BigInt(`0b${await sharpPhash(bytes)}`)
    .toString(16)
    .padStart(16, "0");

describe("perceptualHash", () => {
  it("is sharp-phash's hash bit for bit: every picture of the bank and fixtures, resized and re-encoded copies too", async () => {
    const dirs = [path.join("public", "presets"), path.join("tests", "fixtures", "images")];
    const files = dirs.flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((f) => /\.(png|jpe?g)$/.test(f))
        .map((f) => path.join(dir, f)),
    );
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      expect(await perceptualHash(bytes), file).toBe(await reference(bytes));
      const copy = await sharp(bytes).resize(200).jpeg({ quality: 60 }).toBuffer();
      expect(await perceptualHash(copy), `${file} (copy)`).toBe(await reference(copy));
    }
  });
});
