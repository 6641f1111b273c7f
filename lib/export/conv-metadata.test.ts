import { describe, expect, it } from "vitest";
import { convMetadata, convMetadataJson, JsonText } from "./conv-metadata";
import type { MessageRow } from "./records";

/** A small deterministic generator, so a failure names the same case each run. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

function message(next: () => number, side: "a" | "b"): MessageRow {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] as T;
  const markdown = pick([
    null,
    { header: { h1: 2, h3: 1 }, list: { ordered: 3 }, bold: { "**": 4 } },
    { header: { h6: "5" }, bold: { __: 1, "**": 2 } } as unknown as MessageRow["markdown"],
    { list: { unordered: 7, ordered: 1 } },
    { header: { h2: Number.NaN } },
  ]);
  return {
    side,
    turn: 1,
    role: next() < 0.3 ? "user" : "assistant",
    content: "text",
    images: null,
    tokens: pick([null, 0, 17, 250]),
    entities: pick([null, 0, 3, undefined]),
    reasoningTokens: pick([null, 40, undefined]),
    thinkingMs: pick([null, 1200, undefined]),
    markdown,
  };
}

describe("conv_metadata written as text", () => {
  it("is byte for byte JSON.stringify of the objects, over many answer sets", () => {
    const next = rng(7);
    let texts = 0;
    for (let n = 0; n < 2000; n++) {
      const messages = Array.from({ length: Math.floor(next() * 6) }, () => message(next, next() < 0.5 ? "a" : "b"));
      const made = convMetadataJson(messages);
      expect(made).toBeInstanceOf(JsonText);
      expect((made as JsonText).text).toBe(JSON.stringify(convMetadata(messages)));
      texts++;
    }
    expect(texts).toBe(2000);
  });

  it("takes the objects' path for a markdown key of its own, in the same order as before", () => {
    const odd: MessageRow = {
      side: "a",
      turn: 1,
      role: "assistant",
      content: "",
      images: null,
      tokens: 5,
      markdown: { header: { h2: 1, h7: 2 } },
    };
    const made = convMetadataJson([odd]);
    expect(made).not.toBeInstanceOf(JsonText);
    expect(JSON.stringify(made)).toContain('"header_count_a":{"h1":0,"h2":1,"h3":0,"h4":0,"h5":0,"h6":0,"h7":2}');
  });

  it("serialises inside a record as the value itself", () => {
    const text = new JsonText('{"a":{"b":[1,2]},"c":null}');
    expect(JSON.stringify({ x: 1, conv_metadata: text })).toBe('{"x":1,"conv_metadata":{"a":{"b":[1,2]},"c":null}}');
  });
});
