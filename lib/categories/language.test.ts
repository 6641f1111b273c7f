import { describe, expect, it } from "vitest";
import { detectLanguage } from "./language";

describe("detectLanguage", () => {
  it("names the language of a prompt", () => {
    expect(detectLanguage("What is the total on this receipt, and is the tax computed correctly?")).toBe("English");
    expect(detectLanguage("Quelle heure est-il sur cette horloge, s'il vous plaît ?")).toBe("French");
    expect(detectLanguage("这张图片里有多少个圆圈？")).toBe("Chinese");
  });

  it("says unknown when there is nothing to go on", () => {
    expect(detectLanguage("?? 42")).toBe("unknown");
    expect(detectLanguage("")).toBe("unknown");
    expect(detectLanguage("Describe")).toBe("unknown");
  });
});
