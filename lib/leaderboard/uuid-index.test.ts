import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { UuidIndex, uuidOfWords, wordsOfHex } from "./uuid-index";

const words = (hex: string) => {
  const out = new Int32Array(4);
  wordsOfHex(hex, { set: (i, v) => (out[i] = v) }, 0);
  return Array.from(out);
};

describe("wordsOfHex", () => {
  it("reads a uuid's and an md5 digest's 32 digits as four signed 32-bit words, and back", () => {
    expect(words("00000000-0000-0000-0000-000000000001")).toEqual([0, 0, 0, 1]);
    expect(words("ffffffff0000000f8000000012345678")).toEqual([-1, 15, -2147483648, 0x12345678]);
    expect(words("ABCDEF01-2345-6789-abcd-ef0123456789")).toEqual(words("abcdef0123456789abcdef0123456789"));
    for (let k = 0; k < 200; k++) {
      const uuid = crypto.randomUUID();
      const [w0, w1, w2, w3] = words(uuid) as [number, number, number, number];
      expect(uuidOfWords(w0, w1, w2, w3)).toBe(uuid);
      const digest = crypto.createHash("md5").update(String(k)).digest("hex");
      const reference = [0, 1, 2, 3].map((w) => Number.parseInt(digest.slice(8 * w, 8 * w + 8), 16) | 0);
      expect(words(digest)).toEqual(reference);
    }
  });

  it("keys the index: the same uuid, hyphens or not, is one entry", () => {
    const index = new UuidIndex();
    const uuid = crypto.randomUUID();
    expect(index.add(words(uuid), 0, 1)).toBe(1);
    expect(index.add(words(uuid.replace(/-/g, "")), 0, 1)).toBe(2);
    expect(index.size).toBe(1);
    expect(index.get(words(crypto.randomUUID()), 0)).toBeUndefined();
  });
});
