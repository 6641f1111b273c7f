import { describe, expect, it } from "vitest";
import { checkNewPassword, hashPassword, isPasswordHash, verifyPassword } from "./passwords";

describe("password hashes", () => {
  it("verifies the right password only, with a new salt every time", async () => {
    const [one, two] = await Promise.all([
      hashPassword("correct horse battery"),
      hashPassword("correct horse battery"),
    ]);
    expect(isPasswordHash(one)).toBe(true);
    expect(one).not.toBe(two);
    expect(one).not.toContain("correct");
    expect(await verifyPassword("correct horse battery", one)).toBe(true);
    expect(await verifyPassword("correct horse batterY", one)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "plain-text")).toBe(false);
  });

  it("asks for long enough passwords", () => {
    expect(checkNewPassword("short")).toMatch(/at least 10/);
    expect(checkNewPassword("long enough now")).toBeNull();
  });
});
