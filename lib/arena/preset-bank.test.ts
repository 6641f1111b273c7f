import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { presetBank, presetCredit } from "./presets";

const DIR = path.join(process.cwd(), "public", "presets");
const LICENCES = new Set(["Public domain", "CC0 1.0", "CC BY 2.0", "CC BY 4.0"]);

describe("the random-image bank", () => {
  const bank = presetBank();

  it("holds at least 100 images over OCR, charts, scenes, documents and diagrams, each a real image file", async () => {
    expect(bank.length).toBeGreaterThanOrEqual(100);
    const kinds = new Set(bank.map((p) => p.kind));
    for (const kind of ["ocr", "chart", "scene", "document", "diagram", "table"]) expect(kinds).toContain(kind);
    expect(new Set(bank.map((p) => p.id)).size).toBe(bank.length);
    for (const p of bank) {
      expect(p.question.trim().length, p.id).toBeGreaterThan(10);
      const meta = await sharp(fs.readFileSync(path.join(DIR, p.file))).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0), p.file).toBeLessThanOrEqual(1024);
    }
  });

  it("credits every photograph with an author and a licence that allows shipping it", () => {
    const photos = bank.filter((p) => p.photo);
    expect(photos.length).toBeGreaterThanOrEqual(30);
    const credits = fs.readFileSync(path.join(DIR, "CREDITS.md"), "utf8");
    for (const p of photos) {
      expect(LICENCES.has(p.licence ?? ""), `${p.id}: ${p.licence}`).toBe(true);
      expect(p.author, p.id).toBeTruthy();
      expect(credits).toContain(`| ${p.file} |`);
      expect(presetCredit(p)).toBe(`Photo: ${p.title}, ${p.author} · ${p.licence}`);
    }
    // drawn images are the project's own and carry no credit line
    expect(presetCredit(bank.find((p) => !p.photo) as (typeof bank)[number])).toBeUndefined();
  });
});
