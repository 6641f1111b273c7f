import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { chunksOf, ZipStreamWriter, zipDirectory } from "./archive";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-zip-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("zipDirectory", () => {
  it("streams a folder as a zip that unpacks to the same files, README first", async () => {
    const big = crypto.randomBytes(3 * 1024 * 1024); // several read chunks, incompressible
    const text = '{"question_id":1}\n'.repeat(50_000);
    fs.mkdirSync(path.join(dir, "images"));
    fs.writeFileSync(path.join(dir, "battles.jsonl"), text);
    fs.writeFileSync(path.join(dir, "README.md"), "# dataset\n");
    fs.writeFileSync(path.join(dir, "images", "ab.png"), big);
    fs.writeFileSync(path.join(dir, "empty.jsonl"), "");
    const chunks: Uint8Array[] = [];
    let largest = 0;
    for await (const chunk of chunksOf(zipDirectory(dir, "root"))) {
      chunks.push(chunk);
      largest = Math.max(largest, chunk.length);
    }
    const zip = Buffer.concat(chunks);
    expect(largest).toBeLessThan(2 * 1024 * 1024); // produced piece by piece, not as one buffer
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)[0]).toBe("root/README.md");
    expect(Buffer.from(files["root/images/ab.png"] as Uint8Array).equals(big)).toBe(true);
    expect(new TextDecoder().decode(files["root/battles.jsonl"])).toBe(text);
    expect(files["root/empty.jsonl"]?.length).toBe(0);
    expect(zip.length).toBeLessThan(big.length + text.length / 10); // text deflated
  });

  it("makes the writer wait while the reader is behind, and stops it when the reader goes away", async () => {
    const zip = new ZipStreamWriter("root");
    const entry = zip.entry("noise.bin");
    const block = crypto.randomBytes(1 << 20);
    let written = 0;
    const writing = (async () => {
      for (let i = 0; i < 32; i++) {
        await entry.write(block);
        written++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toBeLessThan(8); // about 4 MiB ahead of a reader that has not started
    const reader = zip.readable.getReader();
    await reader.read();
    await reader.cancel();
    await expect(writing).rejects.toThrow(/cancelled/);
  });
});
