import { describe, expect, it } from "vitest";
import { detectLanguage } from "./language";

describe("detectLanguage", () => {
  it.each([
    ["What is the total on this receipt, and is the tax computed correctly?", "English"],
    ["Quelle heure est-il sur cette horloge, s'il vous plaît ?", "French"],
    ["这张图片里有多少个圆圈？", "Chinese"],
    // nothing to go on
    ["?? 42", "unknown"],
    ["", "unknown"],
    ["Describe", "unknown"],
  ])("reads %j as %s", (prompt, language) => {
    expect(detectLanguage(prompt)).toBe(language);
  });
});
