// The README is a front page and docs/ the rest; the generated parts stay current, and what the docs name exists:
// a moved file or a renamed command fails here instead of leaving a stale page.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withBenchmarkTable } from "../../lib/benchmarks/docs";
import { withQueueTable } from "../../lib/jobs/docs";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const pages = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** Repository paths a page names in backticks (`lib/jobs/queues.ts`, `scripts/jobs.ts`, `docs/`). */
function namedPaths(text: string): string[] {
  const found = [
    ...text.matchAll(/`((?:lib|app|components|scripts|tests|e2e|prisma|docs|bin)\/[A-Za-z0-9_./[\]-]*)`/g),
  ];
  return [...new Set(found.map((m) => (m[1] as string).replace(/[.,:]$/, "")))];
}

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingSlugs(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/^#+ (.+)$/gm)].map((m) =>
      (m[1] as string)
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}

describe("the docs", () => {
  it("keep the README to a front page", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(150);
  });

  it("link only to pages and headings that exist", () => {
    const missing: string[] = [];
    for (const page of pages) {
      for (const [, target, anchor] of read(page).matchAll(/\]\(((?!https?:)[^)#\s]+)(?:#([^)]*))?\)/g)) {
        const file = path.join(path.dirname(path.join(root, page)), target as string);
        if (!fs.existsSync(file)) missing.push(`${page} → ${target}`);
        else if (anchor && !headingSlugs(fs.readFileSync(file, "utf8")).has(anchor)) {
          missing.push(`${page} → ${target}#${anchor}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("name only files and folders that exist", () => {
    const missing = pages.flatMap((page) =>
      namedPaths(read(page))
        .filter((p) => !p.includes("[") || fs.existsSync(path.join(root, p)))
        .filter((p) => !fs.existsSync(path.join(root, p)))
        .map((p) => `${page}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it("list every queue as the queue table has it (npm run docs:config)", () => {
    const page = read("docs/jobs.md");
    expect(withQueueTable(page), "run `npm run docs:config`").toBe(page);
  });

  it("list every registered benchmark as the registry has it (npm run docs:config)", () => {
    const page = read("docs/benchmarks.md");
    expect(withBenchmarkTable(page), "run `npm run docs:config`").toBe(page);
  });

  it("see what they look for (a planted stale path is caught)", () => {
    expect(namedPaths("the runner starts in `lib/categories/queue.ts`.")).toEqual(["lib/categories/queue.ts"]);
  });
});
