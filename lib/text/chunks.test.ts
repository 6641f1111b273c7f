import { describe, expect, it } from "vitest";
import { CHUNK_CHARS, chunks } from "./chunks";

describe("chunks", () => {
  it("keeps short text whole", () => {
    expect(chunks("Alice met Bob in Paris.")).toEqual(["Alice met Bob in Paris."]);
  });

  it("cuts at paragraph breaks first, then sentences, then spaces, and loses nothing", () => {
    const paragraph = `${"Alice met Bob in Paris. ".repeat(40)}\n\n`;
    const text = paragraph.repeat(10);
    const pieces = chunks(text);
    expect(pieces.join("")).toBe(text);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(CHUNK_CHARS);
    expect(pieces[0]?.endsWith("\n\n")).toBe(true);
    const sentence = "Alice met Bob in Paris and they talked ".repeat(300);
    const cut = chunks(sentence);
    expect(cut.join("")).toBe(sentence);
    for (const piece of cut.slice(0, -1)) expect(piece.endsWith(" ")).toBe(true);
  });

  it("cuts a run with no break at the size, never inside a surrogate pair", () => {
    const text = "x".repeat(CHUNK_CHARS - 1) + "😀".repeat(10);
    const pieces = chunks(text);
    expect(pieces.join("")).toBe(text);
    for (const piece of pieces) expect(piece.isWellFormed()).toBe(true);
  });
});
