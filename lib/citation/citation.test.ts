import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { citationComment, citationLine, cited } from "./citation";

const asOf = new Date("2026-12-07T12:00:00Z");

describe("what a public answer says about itself", () => {
  it("cites the operator's line, else the arena with its address and the day", () => {
    expect(citationLine(asOf, parseConfig({ ARENA_CITATION: "Cite us as X." }))).toBe("Cite us as X.");
    const line = citationLine(asOf, parseConfig({ ARENA_PUBLIC_URL: "https://arena.example.org" }));
    expect(line).toContain("https://arena.example.org");
    expect(line).toContain("(as of 2026-12-07)");
  });

  it("puts the citation first in a JSON body, and as # lines no spreadsheet runs as a formula", () => {
    const citation = { licence: "CC BY 4.0, see x", citation: "A,=HYPERLINK(1)\nB", as_of: asOf.toISOString() };
    expect(Object.keys(cited(citation, { models: [] }))).toEqual(["licence", "citation", "as_of", "models"]);
    const lines = citationComment(citation).split("\n");
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.startsWith("# "))).toBe(true);
    expect(lines[1]).toBe("# citation: A,'=HYPERLINK(1) B");
  });
});
