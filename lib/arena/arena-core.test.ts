import { describe, expect, it } from "vitest";
import { createRandom } from "../numeric";
import { countTokens } from "../text/tokens";
import { identityLeaks, identityTerms } from "./identity";
import { countMarkdown, markdownTotals } from "./markdown";
import { NoPairError, samplePair } from "./sampling";
import { candidate } from "./sampling/test-candidates";

describe("countMarkdown (FastChat add_markdown_info)", () => {
  it("counts headers, list items and bold spans outside code blocks", () => {
    const answer =
      "# Title\n## Part\ntext **bold** and __also__\n- a\n* b\n1. one\n  2. two\n```\n# not a header\n- not a list\n**no**\n```\n";
    const counts = countMarkdown(answer);
    expect(counts.header).toEqual({ h1: 1, h2: 1, h3: 0, h4: 0, h5: 0, h6: 0 });
    expect(counts.list).toEqual({ ordered: 2, unordered: 2 });
    expect(counts.bold).toEqual({ "**": 1, __: 1 });
    expect(markdownTotals(counts)).toEqual({ headers: 2, lists: 4, bold: 2 });
  });
});

describe("countTokens", () => {
  it("counts cl100k_base tokens", async () => {
    expect(await countTokens("")).toBe(0);
    expect(await countTokens("hello world")).toBe(2);
    expect(await countTokens("The quick brown fox jumps over the lazy dog.")).toBe(10);
  });
});

describe("identityLeaks", () => {
  const terms = identityTerms([
    { displayName: "Pixel Seer 2", providerModelId: "seer-2-vl", organization: "Acme Vision" },
  ]);
  it("finds identity words and registered names as whole words", () => {
    expect(identityLeaks("As an AI developed by OpenAI, I think", terms)).toEqual(["openai"]);
    expect(identityLeaks("I am Pixel Seer 2, made by Acme Vision.", terms)).toEqual(["pixel seer 2", "acme vision"]);
    expect(identityLeaks("The napalm palmtree is unrelated", terms)).toEqual([]);
    expect(identityLeaks("A photo of a llama in the Andes", terms)).toEqual(["llama"]);
  });
});

describe("samplePair", () => {
  const model = candidate;

  it("never pairs a model with itself, skips disabled and outage models, and follows the weights", () => {
    const pool = [
      model("a", { weight: 3 }),
      model("b"),
      model("c"),
      model("off", { enabled: false }),
      model("down", { outage: true }),
    ];
    const rand = createRandom(11);
    const appearances: Record<string, number> = {};
    const leftA = { count: 0 };
    for (let i = 0; i < 6000; i++) {
      const [x, y] = samplePair(pool, { hasImage: false, rand });
      expect(x).not.toBe(y);
      for (const id of [x, y]) appearances[id] = (appearances[id] ?? 0) + 1;
      if (x === "a") leftA.count++;
    }
    expect(appearances.off).toBeUndefined();
    expect(appearances.down).toBeUndefined();
    expect(appearances.a).toBeGreaterThan(appearances.b as number);
    // random sides: "a" is on the left about half the time it plays
    expect(leftA.count / (appearances.a as number)).toBeCloseTo(0.5, 1);
  });

  it("draws vision models only when the first turn has an image", () => {
    const pool = [model("v1"), model("v2"), model("text", { vision: false, weight: 100 })];
    const rand = createRandom(2);
    for (let i = 0; i < 200; i++) expect(samplePair(pool, { hasImage: true, rand }).sort()).toEqual(["v1", "v2"]);
    expect(() => samplePair([model("v1"), model("t", { vision: false })], { hasImage: true })).toThrow(NoPairError);
  });

  it("boosts battle targets as FastChat does", () => {
    const pool = [
      model("new", { weight: 1000, battleTargets: ["rival"] }),
      model("rival", { weight: 0.001 }),
      model("x"),
      model("y"),
    ];
    const rand = createRandom(5);
    let withRival = 0;
    let withNew = 0;
    for (let i = 0; i < 3000; i++) {
      const pair = samplePair(pool, { hasImage: false, rand });
      if (pair.includes("new")) {
        withNew++;
        if (pair.includes("rival")) withRival++;
      }
    }
    expect(withRival / withNew).toBeGreaterThan(0.9);
  });
});
