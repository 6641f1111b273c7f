import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeReturnPath("/admin/models")).toBe("/admin/models");
    expect(safeReturnPath("/admin?tab=users#top")).toBe("/admin?tab=users#top");
    expect(safeReturnPath("/a/../leaderboard")).toBe("/leaderboard");
  });

  it.each([
    "/\\evil.example/phish",
    "\\\\evil.example",
    "//evil.example",
    "/\\/evil.example",
    "/%5Cevil.example",
    "https://evil.example/",
    "/\t/evil.example",
    "/\n/evil.example",
    " /admin",
    "javascript:alert(1)",
    "",
  ])("refuses %j", (value) => {
    const path = safeReturnPath(value);
    expect(new URL(path, "https://arena.example").origin).toBe("https://arena.example");
    expect(path.startsWith("//")).toBe(false);
  });

  it("falls back for anything else", () => {
    expect(safeReturnPath("//evil.example")).toBe("/admin");
    expect(safeReturnPath("/\\evil.example/phish")).toBe("/admin");
    expect(safeReturnPath(undefined)).toBe("/admin");
    expect(safeReturnPath(42, "/")).toBe("/");
  });
});
