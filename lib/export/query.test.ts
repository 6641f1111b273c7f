import { describe, expect, it } from "vitest";
import { exportRequestFrom } from "./query";

describe("export filters from a query string", () => {
  it("reads lists given as commas or as repeated parameters (an HTML form), and drops empty fields", () => {
    const request = exportRequestFrom(
      new URLSearchParams(
        "from=2026-01-01&to=&categories=ocr&categories=coding,captioning&models=a,b&min_votes=3&redact=1",
      ),
    );
    expect(request.filters).toEqual({
      from: new Date("2026-01-01"),
      to: undefined,
      anonymousOnly: false,
      categories: ["ocr", "coding", "captioning"],
      models: ["a", "b"],
      minVotes: 3,
      cohorts: false,
    });
    expect(request.redact).toBe(true);
    // the cohorts' battles only when asked
    expect(exportRequestFrom(new URLSearchParams("cohorts=1")).filters.cohorts).toBe(true);
    expect(request.salt).toBeUndefined();
  });

  it("answers 400 with the field at fault", () => {
    expect(() => exportRequestFrom(new URLSearchParams("min_votes=0"))).toThrow(/min_votes/);
    expect(() => exportRequestFrom(new URLSearchParams("from=yesterday"))).toThrow(/from/);
    try {
      exportRequestFrom(new URLSearchParams("salt=short"));
    } catch (error) {
      expect(error).toMatchObject({ kind: "invalid", code: "invalid_request" });
    }
  });
});
