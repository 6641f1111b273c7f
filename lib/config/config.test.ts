import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { withConfigTable } from "./docs";
import { ConfigError, config, namedSecret, parseConfig, VARIABLE_NAMES } from "./index";

describe("configuration", () => {
  it("has the defaults when nothing is set, and treats blank as unset", () => {
    const c = parseConfig({ ARENA_MAX_IMAGES: " ", ARENA_JOBS: "" });
    expect(c.ARENA_MAX_IMAGES).toBe(4);
    expect(c.ARENA_JOBS).toBe(true);
    expect(c.ARENA_BLOCKLIST).toEqual([]);
    expect(c.ARENA_DATA_DIR).toBe(".data");
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("parses numbers, flags and lists", () => {
    const c = parseConfig({ ARENA_TEMPERATURE: "0", ARENA_JOBS: "0", ARENA_BLOCKLIST: "a, b ,,c" });
    expect([c.ARENA_TEMPERATURE, c.ARENA_JOBS, c.ARENA_BLOCKLIST]).toEqual([0, false, ["a", "b", "c"]]);
  });

  it("names every bad variable in one error, without echoing secrets", () => {
    let error: unknown;
    try {
      parseConfig({
        ARENA_MAX_IMAGES: "four",
        ARENA_TEMPERATURE: "3",
        ARENA_SECRET: "short-secret",
        DATABASE_URL: "postgres-with-password",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('ARENA_MAX_IMAGES must be a number (got "four")');
    expect(message).toContain('ARENA_TEMPERATURE must be at most 2 (got "3")');
    expect(message).toMatch(/ARENA_SECRET must be at least 16 characters \(value hidden\)/);
    expect(message).not.toContain("short-secret");
    expect(message).not.toContain("postgres-with-password");
    expect(() => parseConfig({ ARENA_S3_BUCKET: "b" })).toThrow(/ARENA_S3_BUCKET needs ARENA_S3_ENDPOINT/);
  });

  it("parses once per distinct environment", () => {
    const env = { ARENA_TURN_LIMIT: "7" };
    const first = parseConfig(env);
    expect(first.ARENA_TURN_LIMIT).toBe(7);
    const a = config();
    expect(config()).toBe(a); // the same object while nothing changed
    process.env.ARENA_TURN_LIMIT = "9";
    try {
      expect(config().ARENA_TURN_LIMIT).toBe(9);
    } finally {
      delete process.env.ARENA_TURN_LIMIT;
    }
  });

  it("reads a named secret only by the name given", () => {
    expect(namedSecret(undefined)).toBeUndefined();
    expect(namedSecret(null)).toBeUndefined();
    process.env.CONFIG_TEST_KEY = "sk-1";
    expect(namedSecret("CONFIG_TEST_KEY")).toBe("sk-1");
    delete process.env.CONFIG_TEST_KEY;
  });

  it("is documented in docs/configuration.md from the schema, every variable once", () => {
    const page = fs.readFileSync("docs/configuration.md", "utf8");
    expect(withConfigTable(page), "run `npm run docs:config`").toBe(page);
    for (const name of VARIABLE_NAMES) expect(page).toMatch(new RegExp(`\\| \`${name}\` +\\|`));
  });
});
