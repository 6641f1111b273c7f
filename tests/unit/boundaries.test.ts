// The layering holds by itself: app/ is wiring (no database access of its own), lib/ knows nothing of HTTP
// (it throws lib/errors refusals; lib/http alone turns them into statuses).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function sources(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes("generated"))
    .map((f) => path.join(folder, f));
}

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const importsOf = (text: string) => [...text.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1] as string);

describe("layer boundaries", () => {
  it("app/ never reaches the database itself: no Prisma client, no pg, no queries", () => {
    const offenders = sources("app").filter((file) => {
      const text = read(file);
      return (
        importsOf(text).some((i) => i === "pg" || i.startsWith("@prisma/") || i.includes("generated/prisma")) ||
        /\bprisma\.\w+\.(find|create|update|upsert|delete|count|aggregate|groupBy)\w*\(|\.pool\.query\(|\$queryRaw/.test(
          text,
        )
      );
    });
    expect(offenders).toEqual([]);
  });

  it("lib/ outside lib/http never imports lib/http", () => {
    // Auth.js' configuration reads the request's address for sign-in rate limits: it is HTTP wiring by nature
    const allowed = new Set([path.join("lib", "auth", "auth.ts")]);
    const offenders = sources("lib").filter(
      (file) =>
        !file.startsWith(path.join("lib", "http")) &&
        !allowed.has(file) &&
        importsOf(read(file)).some((i) => /(^|\/)http(\/|$)/.test(i) && (i.startsWith(".") || i.startsWith("@/lib"))),
    );
    expect(offenders).toEqual([]);
  });

  it("background work goes through lib/jobs: no feature touches pg-boss or the runner's internals", () => {
    const offenders = sources("lib").filter((file) => {
      if (file.startsWith(path.join("lib", "jobs"))) return false;
      const text = read(file);
      return (
        importsOf(text).some((i) => i === "pg-boss" || /(^|\/)jobs\/(?!index$)\w/.test(i)) ||
        // features hand the runner handlers; only the jobs process (scripts/jobs.ts) starts one
        /\bJobRunner\b/.test(text)
      );
    });
    expect(offenders).toEqual([]);
  });

  it("the checks see what they look for (a planted offender is caught)", () => {
    expect(importsOf('import { ApiError } from "../http/errors";')).toEqual(["../http/errors"]);
    expect(/\bprisma\.\w+\.(find)\w*\(/.test("await db.prisma.visitor.findUnique({")).toBe(true);
    expect(/(^|\/)jobs\/(?!index$)\w/.test("../jobs/connection")).toBe(true);
    expect(/(^|\/)jobs\/(?!index$)\w/.test("../jobs")).toBe(false);
  });
});
