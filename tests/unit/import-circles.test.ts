// No file imports itself round a circle, type-only imports included: a circle makes load order matter and hides
// which module owns a type. Nor does a lib/ folder, through any of its files: lib/http ↔ lib/auth (a staff route
// in one, the visitor's address in the other) was such a circle, each file innocent on its own. dpdm reads the
// imports (with tsconfig's paths); the generated Prisma client, whose namespace and models refer to each other by
// design, is left out.
import path from "node:path";
import { type DependencyTree, parseCircular, parseDependencyTree } from "dpdm";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

/** lib/<folder> of a file, or null outside lib/ and for tests (a folder's tests may use any other folder). */
const folderOf = (file: string): string | null => {
  const posix = file.split(path.sep).join("/");
  return /\.test\.tsx?$/.test(posix) ? null : (/^lib\/([^/]+)\//.exec(posix)?.[1] ?? null);
};

/** Circles between lib/ folders (strongly connected groups of two or more, by Tarjan's algorithm), each sorted. */
function folderCircles(tree: DependencyTree): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, dependencies] of Object.entries(tree)) {
    const from = folderOf(file);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of dependencies ?? []) {
      const to = dependency.id ? folderOf(dependency.id) : null;
      if (to && to !== from) edges.get(from)?.add(to);
    }
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return circles;
}

let tree: DependencyTree;
beforeAll(async () => {
  tree = await parseDependencyTree(
    ["lib/**/*.{ts,tsx,mjs}", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}"],
    {
      context: root,
      cwd: root,
      tsconfig: path.join(root, "tsconfig.json"),
      transform: false, // keep type-only imports
      exclude: /node_modules|lib\/generated\//,
    },
  );
}, 120_000);

describe("imports", () => {
  it("form no circle between files", () => {
    expect(Object.keys(tree).length).toBeGreaterThan(400); // it read the tree
    expect(parseCircular(tree).map((circle) => circle.join(" → "))).toEqual([]);
  });

  it("form no circle between lib/ folders", () => {
    expect(new Set(Object.keys(tree).map(folderOf)).size).toBeGreaterThan(25); // it saw the folders
    expect(folderCircles(tree).map((circle) => circle.join(" ↔ "))).toEqual([]);
  });

  it("sees a circle when there is one", () => {
    const dep = (issuer: string, id: string) => ({ issuer, request: id, kind: 1, id });
    const planted = { "a.ts": [dep("a.ts", "b.ts")], "b.ts": [dep("b.ts", "a.ts")] };
    expect(parseCircular(planted as never)).toHaveLength(1);
    // folders: http → auth → http through different files, and a three-folder ring
    const folders = {
      "lib/e/e.test.ts": [dep("lib/e/e.test.ts", "lib/f/f.ts")],
      "lib/f/f.ts": [dep("lib/f/f.ts", "lib/e/e.ts")],
      "lib/http/route.ts": [dep("lib/http/route.ts", "lib/auth/guard.ts")],
      "lib/auth/auth.ts": [dep("lib/auth/auth.ts", "lib/http/visitor.ts")],
      "lib/a/x.ts": [dep("lib/a/x.ts", "lib/b/y.ts")],
      "lib/b/y.ts": [dep("lib/b/y.ts", "lib/c/z.ts")],
      "lib/c/z.ts": [dep("lib/c/z.ts", "lib/a/w.ts")],
      "lib/d/one.ts": [dep("lib/d/one.ts", "lib/a/x.ts")],
    };
    expect(folderCircles(folders as never)).toEqual([
      ["auth", "http"],
      ["a", "b", "c"],
    ]);
  });
});
