import { describe, expect, it } from "vitest";
import { isCohort, parseCohort } from "./client";

describe("a cohort's tag", () => {
  it("takes short lower-case tags and refuses the rest", () => {
    expect(isCohort("cs101-fall")).toBe(true);
    expect(parseCohort("lab-7")).toBe("lab-7");
    for (const bad of ["A", "x", "-lead", "with space", "UPPER", "a".repeat(40), "semi;colon"]) {
      expect(isCohort(bad)).toBe(false);
    }
  });

  it("reads nothing from nothing, and refuses a malformed tag with what a tag may be", () => {
    expect(parseCohort(undefined)).toBeUndefined();
    expect(parseCohort(null)).toBeUndefined();
    expect(parseCohort("")).toBeUndefined();
    expect(() => parseCohort("Bad Tag")).toThrow(expect.objectContaining({ kind: "invalid", code: "invalid_cohort" }));
  });
});
