import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitImages, PROVIDER_IMAGE_LIMITS } from "./image-limits";
import type { ModelTarget } from "./types";

const target = (providerType: ModelTarget["providerType"], paramRules?: ModelTarget["paramRules"]): ModelTarget => ({
  id: "m",
  providerType,
  baseURL: null,
  apiKeyEnv: null,
  providerModelId: "m",
  paramRules,
});

/** A photograph-like image (noise compresses badly, as photographs do). */
async function noisy(width: number, height: number, format: "png" | "jpeg" | "gif" = "png") {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === "png"
    ? image.png().toBuffer()
    : format === "gif"
      ? image.gif().toBuffer()
      : image.jpeg().toBuffer();
}

describe("images as each provider accepts them", () => {
  it("sends a small image as it is (the same bytes, no re-encoding)", async () => {
    const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const turns = [{ role: "user" as const, text: "hi", images: [{ data, mime: "image/png" }] }];
    const [turn] = await fitImages(target("anthropic"), turns);
    expect(turn?.images?.[0]?.data).toBe(data);
  });

  it("shrinks a large photograph below Anthropic's long edge and byte cap; the original is untouched", async () => {
    const data = await noisy(4000, 3000);
    const copy = Buffer.from(data);
    const [turn] = await fitImages(target("anthropic"), [
      { role: "user", text: "hi", images: [{ data, mime: "image/png" }] },
    ]);
    const sent = turn?.images?.[0];
    const meta = await sharp(sent?.data).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(PROVIDER_IMAGE_LIMITS.anthropic.maxSide);
    expect(sent?.data.length).toBeLessThanOrEqual(PROVIDER_IMAGE_LIMITS.anthropic.maxBytes);
    expect(sent?.mime).toBe("image/jpeg");
    expect(Buffer.compare(data, copy)).toBe(0);
  });

  it("takes a stored image's side from its row, and reads its header only to resize it (alpha kept in PNG)", async () => {
    const data = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#12345680" } })
      .png()
      .toBuffer();
    // as the battle's claim hands it over, the row's side is believed: nothing is decoded to check it (a row
    // saying 16 px passes a 32 px limit as it is, though these bytes are 64 px)
    const [believed] = await fitImages(target("anthropic", { images: { maxSide: 32 } }), [
      { role: "user", text: "hi", images: [{ data, mime: "image/png", side: 16 }] },
    ]);
    expect(believed?.images?.[0]?.data).toBe(data);
    // a row saying the image is larger than the provider's long edge makes it resized, from its real header
    const [large] = await fitImages(target("anthropic", { images: { maxSide: 32 } }), [
      { role: "user", text: "hi", images: [{ data, mime: "image/png", side: 64 }] },
    ]);
    const sent = large?.images?.[0];
    const meta = await sharp(sent?.data).metadata();
    expect([meta.width, meta.height, meta.hasAlpha, sent?.mime]).toEqual([32, 32, true, "image/png"]);
  });

  it("re-encodes a format the provider does not read (GIF for Gemini)", async () => {
    const data = await noisy(100, 80, "gif");
    const [turn] = await fitImages(target("google"), [
      { role: "user", text: "hi", images: [{ data, mime: "image/gif" }] },
    ]);
    expect(turn?.images?.[0]?.mime).toBe("image/jpeg");
  });

  it("keeps the newest images when a model takes fewer per request (a model's own limits)", async () => {
    const one = await noisy(40, 40);
    const two = await noisy(41, 41);
    const three = await noisy(42, 42);
    const turns = await fitImages(target("openai_compatible", { images: { perRequest: 2 } }), [
      { role: "user", text: "first", images: [{ data: one, mime: "image/png" }] },
      { role: "assistant", text: "ok" },
      {
        role: "user",
        text: "second",
        images: [
          { data: two, mime: "image/png" },
          { data: three, mime: "image/png" },
        ],
      },
    ]);
    expect(turns.map((t) => t.images?.length ?? 0)).toEqual([0, 0, 2]);
    expect(turns[2]?.images?.[1]?.data).toBe(three);
  });

  it("leaves demo models alone", async () => {
    const data = await noisy(3000, 3000);
    const [turn] = await fitImages(target("demo"), [
      { role: "user", text: "hi", images: [{ data, mime: "image/png" }] },
    ]);
    expect(turn?.images?.[0]?.data).toBe(data);
  });
});
