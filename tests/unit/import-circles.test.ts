// No file imports itself round a circle, type-only imports included: a circle makes load order matter and hides
// which module owns a type. dpdm reads the imports (with tsconfig's paths); the generated Prisma client, whose
// namespace and models refer to each other by design, is left out.
import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

describe("imports", () => {
  it("form no circle between files", { timeout: 120_000 }, async () => {
    const tree = await parseDependencyTree(
      ["lib/**/*.{ts,tsx,mjs}", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}"],
      {
        context: root,
        cwd: root,
        tsconfig: path.join(root, "tsconfig.json"),
        transform: false, // keep type-only imports
        exclude: /node_modules|lib\/generated\//,
      },
    );
    expect(Object.keys(tree).length).toBeGreaterThan(400); // it read the tree
    expect(parseCircular(tree).map((circle) => circle.join(" → "))).toEqual([]);
  });

  it("sees a circle when there is one", () => {
    const dep = (issuer: string, id: string) => ({ issuer, request: id, kind: 1, id });
    const planted = { "a.ts": [dep("a.ts", "b.ts")], "b.ts": [dep("b.ts", "a.ts")] };
    expect(parseCircular(planted as never)).toHaveLength(1);
  });
});
