// The layering holds by itself: app/ is wiring (no database access of its own), lib/ knows nothing of HTTP
// (it throws lib/errors refusals; lib/http alone turns them into statuses), lib/ratings can be lifted whole (it
// imports only itself and lib/numeric, which imports no lib folder), and the battle routes run without Next.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIRECT_ROUTE_SOURCES } from "../../lib/http/direct-route-list.mjs";

const root = path.resolve(__dirname, "../..");

function sources(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes("generated"))
    .map((f) => path.join(folder, f));
}

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const importsOf = (text: string) =>
  [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g)].map((m) => m[1] as string);

/** A source file's imports of the project's own modules, as paths from the root ("lib/errors/index"). */
function ownImports(file: string): string[] {
  return importsOf(read(file)).flatMap((i) => {
    if (i.startsWith("@/")) return [i.slice(2)];
    if (i.startsWith(".")) return [path.relative(root, path.resolve(root, path.dirname(file), i))];
    return [];
  });
}

/** The own imports of `file` that leave the folders named (each "lib/ratings" and below). */
function importsOutside(file: string, folders: string[]): string[] {
  return ownImports(file).filter((i) => !folders.some((f) => i === f || i.startsWith(`${f}/`)));
}

/** The source without its type-only imports and exports (`import type …`), which compile to nothing. */
const withoutTypeImports = (text: string) => text.replace(/^\s*(?:import|export)\s+type\s[^;]*;/gm, "");

/** A running import of Next.js itself ("next", "next/headers", …; not a type-only one): the direct routes also run
 *  outside Next. */
const importsNext = (text: string) =>
  importsOf(withoutTypeImports(text)).some((i) => i === "next" || i.startsWith("next/"));

/** The file an own import names ("lib/errors/index", "lib/http" for its index, "lib/config/schema.mjs"). */
function moduleFile(spec: string): string | null {
  const candidates = [spec, `${spec}.ts`, `${spec}.tsx`, `${spec}.mjs`, `${spec}/index.ts`, `${spec}/index.tsx`];
  const found = candidates.find((c) => fs.existsSync(path.join(root, c)) && fs.statSync(path.join(root, c)).isFile());
  // a declaration file's module is the .mjs beside it
  return found ?? null;
}

/**
 * The files of ours a module reaches through its imports, itself included, with the path that reached each one
 * (`a.ts → lib/x/index.ts → …`), so an offender is named with how it came in.
 */
function reachable(start: string): Map<string, string> {
  const seen = new Map([[start, start]]);
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const spec of ownImports(file)) {
      const next = moduleFile(spec);
      if (!next || seen.has(next)) continue;
      seen.set(next, `${seen.get(file)} → ${next}`);
      queue.push(next);
    }
  }
  return seen;
}

/** The route modules the front door answers itself (lib/http/direct-route-list.mjs), each source expanded. */
const directRouteModules = () =>
  DIRECT_ROUTE_SOURCES.flatMap((source) =>
    fs.statSync(path.join(root, source)).isDirectory()
      ? sources(source).filter((f) => path.basename(f) === "route.ts")
      : [source],
  );

/** Where each direct route module reaches Next through what it imports of ours: empty when it runs without Next. */
const nextReachedFrom = (modules: string[]) =>
  modules.flatMap((route) =>
    [...reachable(route)].filter(([file]) => importsNext(read(file))).map(([, trail]) => trail),
  );

/** Raw SQL with placeholders numbered by hand ($1, or "$" + a count): lib/db/sql's tagged template numbers them. */
function handNumberedPlaceholders(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter((line) => /[\s(=,[]\$\d+(?=[\s,):;\]`]|$)/.test(line) || /\$\$\{[^}]*(\.length|\+ \d)/.test(line));
}

/** A raw query given as text rather than as a `sql` fragment: `.query(` then a string or template literal. */
function textQueries(text: string): string[] {
  return [...text.matchAll(/\.query(?:<[^()]*?>)?\(\s*(?:\/\/[^\n]*\n\s*)*[`"']/g)].map((m) => m[0]);
}

/**
 * The two messages of several statements with literals (docs/architecture.md, "Data access"): the turn's claim and
 * the vote, sent in one simple-protocol round trip each, which a parameterised statement cannot be.
 */
const LITERAL_MESSAGES = new Map([
  [path.join("lib", "arena", "turn-claim.ts"), 2],
  [path.join("lib", "arena", "votes.ts"), 2],
  // the bench that measures them against parameterised statements (npm run bench:messages)
  [path.join("scripts", "bench-literal-messages.ts"), 1],
]);

/** Whether an own import runs back up the layers (app → components → lib): lib/ or components/ reaching app/, or
 *  lib/ reaching components/. */
const runsBackUp = (file: string, imported: string) =>
  imported.startsWith("app/") || (file.startsWith("lib/") && imported.startsWith("components/"));

/** The lib/ folders without an index.ts or without a test file of their own, each with what it lacks. */
function foldersLacking(folders: string[]): string[] {
  return folders.flatMap((folder) => {
    const files = fs.readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" });
    const lacks = [
      ...(files.includes("index.ts") ? [] : ["index.ts"]),
      ...(files.some((f) => /\.test\.tsx?$/.test(f)) ? [] : ["a unit test"]),
    ];
    return lacks.length ? [`${folder}: no ${lacks.join(", no ")}`] : [];
  });
}

/** Whether biome's lint refuses the text as an import the layering forbids, at that path under biome.json's rules
 *  (run in a scratch folder holding the configuration: biome reads files, and a planted one stays out of the tree). */
function biomeRefuses(file: string, text: string): boolean {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "arena-biome-"));
  try {
    fs.copyFileSync(path.join(root, "biome.json"), path.join(scratch, "biome.json"));
    fs.writeFileSync(path.join(scratch, ".gitignore"), "");
    // biome.json reads the ignore file through git
    spawnSync("git", ["init", "-q", "."], { cwd: scratch });
    fs.mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), text);
    const biome = path.join(root, "node_modules", ".bin", "biome");
    const run = spawnSync(biome, ["lint", file], { cwd: scratch, encoding: "utf8" });
    if (/Biome exited because the configuration/.test(run.stdout + run.stderr))
      throw new Error(run.stdout + run.stderr);
    return /noRestrictedImports/.test(run.stdout + run.stderr);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The most lines a lib/ file may have (issue 42). */
const MAX_LINES = 450;

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

  it("no folder arrow runs back up: lib/ and components/ never import app/, lib/ never imports components/", () => {
    const upward = [...sources("lib"), ...sources("components")].flatMap((file) =>
      ownImports(file)
        .filter((i) => runsBackUp(file, i))
        .map((i) => `${file} → ${i}`),
    );
    expect(upward).toEqual([]);
  });

  it("every lib/ folder has an index.ts and a unit test of its own", () => {
    const folders = fs
      .readdirSync(path.join(root, "lib"), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== "generated")
      .map((d) => path.join("lib", d.name));
    expect(foldersLacking(folders)).toEqual([]);
  });

  it("app/ and components/ reach a lib folder only through its index, /client or /session (biome.json)", () => {
    expect(biomeRefuses("components/planted.tsx", 'import { sql } from "@/lib/db/sql";\nexport const x = sql;\n')).toBe(
      true,
    );
    expect(biomeRefuses("app/planted/page.tsx", 'import { getDb } from "@/lib/db";\nexport const x = getDb;\n')).toBe(
      false,
    );
    expect(
      biomeRefuses("components/planted.tsx", 'import { t } from "@/lib/i18n/client";\nexport const x = t;\n'),
    ).toBe(false);
  });

  it("lib/ outside lib/http never imports lib/http", () => {
    // lib/auth's request-bound part is HTTP wiring by nature: Auth.js' configuration reads the request's address
    // for sign-in rate limits, its handlers see the request at the origin the front door decided, and a staff route
    // is a handler (lib/http never imports lib/auth back)
    const allowed = new Set([
      path.join("lib", "auth", "auth.ts"),
      path.join("lib", "auth", "public-origin.ts"),
      path.join("lib", "auth", "staff-route.ts"),
    ]);
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

  it("lib/ratings imports only itself and lib/numeric; lib/numeric imports no lib folder", () => {
    const notTests = (file: string) => !/\.test\.tsx?$/.test(file);
    const ratings = sources("lib/ratings").filter(notTests);
    const numeric = sources("lib/numeric").filter(notTests);
    expect(ratings.length).toBeGreaterThan(20); // it read the folder
    expect(
      ratings.flatMap((file) => importsOutside(file, ["lib/ratings", "lib/numeric"]).map((i) => `${file} → ${i}`)),
    ).toEqual([]);
    expect(numeric.flatMap((file) => importsOutside(file, ["lib/numeric"]).map((i) => `${file} → ${i}`))).toEqual([]);
  });

  it("every route the front door answers itself imports nothing of Next, nor does anything of ours they import", () => {
    const routes = directRouteModules();
    expect(routes.length).toBeGreaterThan(8); // the conversations' routes and the leaderboard's
    expect(routes).toContain(path.join("app", "api", "leaderboard", "route.ts"));
    // they reach a good part of lib/: the walk follows index files and relative imports
    expect(reachable(path.join("app", "api", "leaderboard", "route.ts")).size).toBeGreaterThan(40);
    expect(nextReachedFrom(routes)).toEqual([]);
  });

  it("raw SQL goes through the sql tagged template: no placeholder numbered by hand", () => {
    const code = (folder: string) =>
      fs
        .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.|generated/.test(f))
        .map((f) => path.join(folder, f));
    const files = [...code("lib"), ...code("app"), ...code("scripts")];
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => handNumberedPlaceholders(read(file)).length > 0)).toEqual([]);
    // every raw query is a sql fragment (Prisma's tagged $queryRaw inside its transactions; never the Unsafe kinds),
    // but for the literal messages of the two hot paths
    const texts = files
      .map((file) => ({ file, n: textQueries(read(file)).length }))
      .filter(({ file, n }) => n > (LITERAL_MESSAGES.get(file) ?? 0));
    expect(texts).toEqual([]);
    expect(files.filter((file) => /\$(query|execute)RawUnsafe\b/.test(read(file)))).toEqual([]);
  });

  it("image bytes leave storage through lib/images' one door (imageBytes), backups aside", () => {
    const readsStore = (text: string) => /imageStore\(\)\.get\(|\bstore\.get\(/.test(text);
    const outside = sources("lib").filter(
      (file) => !file.startsWith(path.join("lib", "images")) && !file.startsWith(path.join("lib", "backup")),
    );
    expect(outside.filter((file) => !/\.test\.tsx?$/.test(file) && readsStore(read(file)))).toEqual([]);
    expect(readsStore("const data = await imageStore().get(image.key);")).toBe(true);
    expect(readsStore("const bytes = await store.get(key);")).toBe(true);
  });

  it("no file in lib/ is over 450 lines (tests and the generated client aside): a longer one holds two jobs", () => {
    const long = fs
      .readdirSync(path.join(root, "lib"), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.|generated/.test(f))
      .map((f) => path.join("lib", f))
      .map((file) => ({ file, lines: read(file).split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("the checks see what they look for (a planted offender is caught)", () => {
    expect(handNumberedPlaceholders('  await pool.query(`SELECT 1 FROM "Vote" WHERE id = $1`, [id]);')).toHaveLength(1);
    expect(handNumberedPlaceholders("    return `$${params.length}`;")).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, planted
    expect(handNumberedPlaceholders('  await pool.query(sql`SELECT 1 FROM "Vote" WHERE id = ${id}`);')).toEqual([]);
    expect(handNumberedPlaceholders("  const cost = `$${s.costUsd.toFixed(4)}`;")).toEqual([]);
    expect(handNumberedPlaceholders("// the parameter ($1) is the visitor")).toEqual([]);
    expect(textQueries("await db.pool.query(`SELECT 1`);")).toHaveLength(1);
    expect(textQueries('await client.query<{ n: number }>(\n  // why\n  "SELECT 1",\n);')).toHaveLength(1);
    expect(textQueries("await db.pool.query<Row>(sql`SELECT 1`);")).toEqual([]);
    expect(importsNext('import { headers } from "next/headers";')).toBe(true);
    expect(importsNext('const { cookies } = await import("next/headers");')).toBe(true);
    expect(importsNext('import type { NextRequest } from "next/server";\nimport { z } from "zod";')).toBe(false);
    expect(importsNext('import { z } from "zod";\nimport { nextTurn } from "@/lib/arena";')).toBe(false);
    // a route that reaches Next only through lib/ (a staff route, through lib/auth) is named with the way in
    const staff = nextReachedFrom([path.join("app", "api", "admin", "users", "route.ts")]);
    expect(staff.length).toBeGreaterThan(0);
    expect(staff[0]).toMatch(/^app\/api\/admin\/users\/route\.ts → lib\/.+ → lib\/auth\//);
    expect(ownImports("lib/ratings/fit.ts").length).toBeGreaterThan(0);
    expect(runsBackUp("components/auth/sign-in-form.tsx", "app/signin/actions")).toBe(true);
    expect(foldersLacking(["tests/support"])).toEqual(["tests/support: no index.ts, no a unit test"]);
    expect(foldersLacking(["lib/vision"])).toEqual([]);
    expect(runsBackUp("lib/leaderboard/board.ts", "components/charts/bars")).toBe(true);
    expect(runsBackUp("components/arena/arena.tsx", "lib/arena")).toBe(false);
    expect(importsOf('import { domainError } from "../errors";')).toEqual(["../errors"]);
    expect(
      importsOf('import { domainError } from "../errors";').map((i) =>
        path.relative(root, path.resolve(root, "lib/ratings", i)),
      ),
    ).toEqual(["lib/errors"]);
    expect(importsOf('import { ApiError } from "../http/errors";')).toEqual(["../http/errors"]);
    expect(/\bprisma\.\w+\.(find)\w*\(/.test("await db.prisma.visitor.findUnique({")).toBe(true);
    expect(/(^|\/)jobs\/(?!index$)\w/.test("../jobs/connection")).toBe(true);
    expect(/(^|\/)jobs\/(?!index$)\w/.test("../jobs")).toBe(false);
  });
});
