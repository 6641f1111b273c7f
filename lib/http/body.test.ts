import { describe, expect, it } from "vitest";
import { MAX_BODY_DEPTH, rejectNul } from "./body";

const code = (value: unknown) => {
  try {
    rejectNul(value);
    return null;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe("the body checks", () => {
  it("refuses NULs and lone surrogates in values and keys, naming where", () => {
    expect(code({ prompt: "fine 😀" })).toBeNull();
    expect(code({ prompt: "a\u0000b" })).toBe("nul_byte");
    expect(code(JSON.parse('{"name":"x\\ud800y"}'))).toBe("invalid_text");
    expect(code(JSON.parse('{"\\udfff":1}'))).toBe("invalid_text");
    expect(code(JSON.parse('{"sides":["a","\\ud800"]}'))).toBe("invalid_text");
    expect(() => rejectNul({ sides: ["a", "b\u0000"] })).toThrow(/sides\[1\]/);
  });

  it("walks a body nested thousands deep without recursion, and refuses it past the depth limit", () => {
    const deep = JSON.parse(`${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`);
    expect(code(deep)).toBe("too_deep");
    expect(code(JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`))).toBe("too_deep");
    let shallow: unknown = "leaf";
    for (let i = 0; i < MAX_BODY_DEPTH - 1; i++) shallow = { a: shallow };
    expect(code(shallow)).toBeNull();
  });
});
