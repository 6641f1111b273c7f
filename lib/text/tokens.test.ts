import { describe, expect, it } from "vitest";
import { countTokens } from "./tokens";

describe("countTokens", () => {
  it("counts ordinary text exactly as cl100k_base does", async () => {
    expect(await countTokens("hello world")).toBe(2);
    expect(await countTokens("")).toBe(0);
  });

  it("stays linear on a long run without spaces, within a token per 64 characters", async () => {
    const run = "ab".repeat(50_000); // 100,000 characters; whole, this would take minutes
    const tokens = await countTokens(`Look: ${run} done`);
    // "ab" repeated is one token per pair whole; slices of 64 characters cost at most one more token each
    expect(tokens).toBeGreaterThanOrEqual(50_000 / 2);
    expect(tokens).toBeLessThanOrEqual(50_000 + 100_000 / 64 + 10);
  });
});
