import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { normaliseImage } from "./normalise";
import { screenAttachments, sniffImageType } from "./rules";
import { LocalImageStore, S3ImageStore } from "./store";
import { checkUpload, ImageRejected } from "./validate";

/** A PNG whose header claims width × height pixels, with a token of pixel data (as a compressed bomb would be). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } });

describe("checkUpload", () => {
  it("recognises images by content, whatever their name", async () => {
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe("image/png");
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe("image/webp");
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBe("image/gif");
    expect(checkUpload("photo.txt", await solid(4, 4).png().toBuffer(), 1e6)).toBe("image/png");
  });

  it("refuses text named .png and files over the limit, with clear messages", () => {
    const text = Buffer.from("%PDF-1.7 definitely not an image");
    expect(() => checkUpload("cat.png", text, 1e6)).toThrow(
      new ImageRejected("cat.png is not a PNG, JPEG, WebP or GIF image", "not_an_image", "unsupported_media"),
    );
    const error = (() => {
      try {
        checkUpload("big.png", new Uint8Array(16 * 1048576), 15 * 1048576);
      } catch (e) {
        return e as ImageRejected;
      }
    })();
    expect(error).toMatchObject({
      code: "image_too_large",
      kind: "too_large",
      message: "big.png is 16.0 MB; images may be at most 15 MB",
    });
  });
});

describe("normaliseImage", () => {
  it("shrinks the longest side to the limit and hashes the result", async () => {
    const big = await solid(2000, 1000).jpeg().toBuffer();
    const image = await normaliseImage(big, "image/jpeg", 1024);
    expect([image.width, image.height, image.mime]).toEqual([1024, 512, "image/jpeg"]);
    const again = await normaliseImage(big, "image/jpeg", 1024);
    expect(again.sha256).toBe(image.sha256);
    expect(image.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps small images at their size and turns GIF into PNG", async () => {
    const image = await normaliseImage(await solid(30, 20).gif().toBuffer(), "image/gif", 1024);
    expect([image.width, image.height, image.mime]).toEqual([30, 20, "image/png"]);
  });

  it("refuses too many pixels from the header, before decoding, and says so (not 'damaged')", async () => {
    for (const side of [30_000, 9_999]) {
      await expect(normaliseImage(pngHeader(side, side), "image/png", 1024)).rejects.toMatchObject({
        code: "image_too_many_pixels",
        kind: "too_large",
        message: expect.stringContaining(`${side}×${side} pixels`),
      });
    }
    // under a lower limit a real image is refused the same way
    const real = await solid(300, 200).png().toBuffer();
    await expect(normaliseImage(real, "image/png", 1024, 50_000)).rejects.toMatchObject({
      code: "image_too_many_pixels",
    });
    expect((await normaliseImage(real, "image/png", 1024, 60_000)).width).toBe(300);
  });

  it("rejects a damaged file with the right magic number", async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    await expect(normaliseImage(broken, "image/png", 1024)).rejects.toMatchObject({ code: "image_unreadable" });
  });
});

describe("image stores", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-img-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("local: stores once and reads back", async () => {
    const store = new LocalImageStore(dir);
    await store.put("ab/abc.png", Buffer.from("one"), "image/png");
    await store.put("ab/abc.png", Buffer.from("two"), "image/png");
    expect((await store.get("ab/abc.png"))?.toString()).toBe("one");
    expect(await store.get("ab/missing.png")).toBeNull();
    expect(fs.readdirSync(path.join(dir, "ab"))).toEqual(["abc.png"]);
  });

  it("local: the same picture stored many times at once (found by the fault run: two uploads, one temp name)", async () => {
    const store = new LocalImageStore(dir);
    const data = Buffer.alloc(256 * 1024, 7);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => store.put("cd/same.png", data, "image/png")),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect((await store.get("cd/same.png"))?.equals(data)).toBe(true);
    expect(fs.readdirSync(path.join(dir, "cd"))).toEqual(["same.png"]);
  });

  it("S3: signs requests with SigV4, skips existing objects, reads them back", async () => {
    const objects = new Map<string, Buffer>();
    const seen: string[] = [];
    const server = http.createServer(async (req, res) => {
      seen.push(`${req.method} ${req.url} ${String(req.headers.authorization).slice(0, 16)}`);
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const key = req.url ?? "";
      if (req.method === "PUT") objects.set(key, Buffer.concat(chunks));
      const object = objects.get(key);
      res.statusCode = req.method === "PUT" ? 200 : object ? 200 : 404;
      res.end(req.method === "GET" && object ? object : undefined);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const store = new S3ImageStore(endpoint, "arena", "AKIDTEST", "secret", "us-east-1");
    await store.put("ab/x.png", Buffer.from("pixels"), "image/png");
    await store.put("ab/x.png", Buffer.from("pixels"), "image/png");
    expect((await store.get("ab/x.png"))?.toString()).toBe("pixels");
    expect(await store.get("ab/none.png")).toBeNull();
    expect(seen.filter((s) => s.startsWith("PUT"))).toHaveLength(1);
    expect(seen.every((s) => s.endsWith("AWS4-HMAC-SHA256"))).toBe(true);
    expect(seen[0]).toContain("/arena/ab/x.png");
    server.close();
  });
});

describe("screenAttachments (the browser's instant check, same rules as the server)", () => {
  const limits = { maxBytes: 1000, maxImagesPerTurn: 2, maxPixels: 1e6 };
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const text = new TextEncoder().encode("hello world!");
  it("names every refused file with the server's words, in order, and keeps the rest", () => {
    const files = [
      { name: "a.png", size: 10, head: png },
      { name: "notes.png", size: 10, head: text },
      { name: "big.png", size: 2_000_000, head: png },
      { name: "b.png", size: 10, head: png },
      { name: "c.png", size: 10, head: png },
    ];
    const { accepted, rejected } = screenAttachments(files, 0, limits);
    expect(accepted.map((f) => f.name)).toEqual(["a.png", "b.png"]);
    expect(rejected).toEqual([
      {
        name: "notes.png",
        reason: "notes.png is not a PNG, JPEG, WebP or GIF image",
        refusal: { code: "not_an_image", values: { name: "notes.png" } },
      },
      {
        name: "big.png",
        reason: "big.png is 1.9 MB; images may be at most 0 MB",
        refusal: { code: "image_too_large", values: { name: "big.png", size: "1.9 MB", max: 0 } },
      },
      {
        name: "c.png",
        reason: "c.png was not added: at most 2 images per message",
        refusal: { code: "too_many_images", values: { name: "c.png", max: 2 } },
      },
    ]);
    // the server's refusal reads the same
    expect(() => checkUpload("notes.png", text, 1000)).toThrow("notes.png is not a PNG, JPEG, WebP or GIF image");
  });
  it("counts what is already attached", () => {
    expect(screenAttachments([{ name: "x.png", size: 1, head: png }], 2, limits).accepted).toEqual([]);
  });
});
