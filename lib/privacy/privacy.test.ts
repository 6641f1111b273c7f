import { describe, expect, it } from "vitest";
import { dataDocument, imageEntryName } from "./archive";

describe("a visitor's archive", () => {
  it("names each picture by its digest and type, and lists it in data.json without where it is stored", () => {
    const sha = "ab".repeat(32);
    expect(imageEntryName({ sha256: sha, mime: "image/jpeg" })).toBe(`images/${sha}.jpg`);
    expect(imageEntryName({ sha256: sha, mime: "image/x-unknown" })).toBe(`images/${sha}.bin`);
    const text = dataDocument(null, {
      visitor: null,
      conversations: [],
      likes: [],
      images: [{ sha256: sha, mime: "image/png", storageKey: `secret/${sha}`, banned: true }],
    });
    const parsed = JSON.parse(text);
    expect(parsed.images).toEqual([{ sha256: sha, mime: "image/png" }]);
    expect(text).not.toContain("secret/");
    expect(parsed.account).toBeNull();
    expect(text.endsWith("\n")).toBe(true);
  });
});
