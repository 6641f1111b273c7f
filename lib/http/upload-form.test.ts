import { describe, expect, it } from "vitest";
import { InvalidInput } from "../errors";
import { readUploadForm, type UploadFormLimits } from "./upload-form";

const BOUNDARY = "----arena-test-boundary";
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3, 4]);
const limits: UploadFormLimits = { totalBytes: 64 << 20, maxFileBytes: 1 << 20, maxFiles: 2, maxFieldBytes: 4000 };

type Part = { name: string; value: string } | { name: string; file: string; head: Uint8Array; size?: number };

/**
 * A multipart body as a stream that makes its bytes only when read, and counts them: a file part of `size` bytes
 * starting with `head` (the rest zeros), so a 60 MB body costs nothing unless the reader pulls it all.
 */
function streamed(parts: Part[]) {
  const enc = new TextEncoder();
  const pieces: (Uint8Array | { zeros: number })[] = [];
  for (const part of parts) {
    if ("value" in part) {
      pieces.push(
        enc.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      pieces.push(
        enc.encode(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        part.head,
        { zeros: Math.max(0, (part.size ?? part.head.length) - part.head.length) },
        enc.encode("\r\n"),
      );
    }
  }
  pieces.push(enc.encode(`--${BOUNDARY}--\r\n`));
  const counter = { pulled: 0 };
  const CHUNK = 64 * 1024;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces[0];
      if (!next) return controller.close();
      if (next instanceof Uint8Array) {
        pieces.shift();
        counter.pulled += next.length;
        controller.enqueue(next);
        return;
      }
      const n = Math.min(CHUNK, next.zeros);
      next.zeros -= n;
      if (next.zeros === 0) pieces.shift();
      counter.pulled += n;
      controller.enqueue(new Uint8Array(n));
    },
  });
  const request = new Request("http://arena.test/api/conversations", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, counter };
}

describe("readUploadForm (a multipart body as a stream, each part under its own cap)", () => {
  it("reads the fields and the images, in order", async () => {
    const { request } = streamed([
      { name: "prompt", value: "What is in the picture?" },
      { name: "images", file: "a.png", head: PNG, size: 5000 },
      { name: "mode", value: "battle" },
      { name: "images", file: "b.png", head: PNG },
    ]);
    const form = await readUploadForm(request, limits);
    expect(Object.fromEntries(form.fields)).toEqual({ prompt: "What is in the picture?", mode: "battle" });
    expect(form.uploads.map((u) => [u.name, u.bytes.length])).toEqual([
      ["a.png", 5000],
      ["b.png", PNG.length],
    ]);
  });

  it("refuses a file that is not an image on its first bytes, without reading the rest of a 60 MB body", async () => {
    const { request, counter } = streamed([
      { name: "images", file: "x.png", head: new Uint8Array(16).fill(7), size: 60 << 20 },
    ]);
    await expect(readUploadForm(request, limits)).rejects.toMatchObject({
      code: "not_an_image",
      kind: "unsupported_media",
    });
    expect(counter.pulled).toBeLessThan(2 << 20);
  });

  it("refuses an image past the per-image cap as soon as it passes it", async () => {
    const { request, counter } = streamed([{ name: "images", file: "big.png", head: PNG, size: 60 << 20 }]);
    await expect(readUploadForm(request, limits)).rejects.toMatchObject({ code: "image_too_large", kind: "too_large" });
    expect(counter.pulled).toBeLessThan(limits.maxFileBytes + (2 << 20));
  });

  it("refuses one image too many, text sent as an image, a NUL in a field, and files where none are taken", async () => {
    const three = streamed([1, 2, 3].map((i) => ({ name: "images", file: `${i}.png`, head: PNG })));
    await expect(readUploadForm(three.request, limits)).rejects.toMatchObject({ code: "too_many_images" });
    const text = streamed([{ name: "images", value: "not a file" }]);
    await expect(readUploadForm(text.request, limits)).rejects.toMatchObject({ code: "invalid_image" });
    const nul = streamed([{ name: "prompt", value: "a\u0000b" }]);
    await expect(readUploadForm(nul.request, limits)).rejects.toMatchObject({ code: "nul_byte" });
    const long = streamed([{ name: "prompt", value: "x".repeat(5000) }]);
    await expect(readUploadForm(long.request, limits)).rejects.toMatchObject({ code: "prompt_too_long" });
    const refusal = new InvalidInput("model_without_vision", "this model cannot read images");
    const noFiles = streamed([{ name: "images", file: "a.png", head: PNG, size: 30 << 20 }]);
    await expect(readUploadForm(noFiles.request, { ...limits, noFiles: refusal })).rejects.toBe(refusal);
    expect(noFiles.counter.pulled).toBeLessThan(2 << 20);
  });

  it("refuses what is not a multipart form, and a declared length over the total", async () => {
    const json = new Request("http://arena.test/x", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(() => readUploadForm(json, limits)).toThrow(expect.objectContaining({ kind: "unsupported_media" }));
    const declared = new Request("http://arena.test/x", {
      method: "POST",
      body: "x",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(65 << 20) },
    });
    expect(() => readUploadForm(declared, limits)).toThrow(expect.objectContaining({ code: "body_too_large" }));
  });
});
