// Compiles the `arena` command ahead of time (esbuild, the compiler tsx itself uses), so a call no longer compiles
// TypeScript first: bin/arena.mjs runs dist/cli/arena.mjs when it is newer than every source file, and falls back to
// tsx otherwise (an edited checkout never runs stale code). The rating engine's, the reader's and the export's worker threads are compiled beside
// it, under the names the engine looks for next to itself. Packages stay in node_modules (not bundled), but for
// the few every call loads (BUNDLED).
// Runs after `npm install` and in `npm run build`; `node scripts/build-cli.mjs` by hand.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { nodeBundleOptions } from "./esbuild-node.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, "dist", "cli");
const started = performance.now();
/** Pure-JavaScript packages every call loads, bundled rather than left in node_modules: zod alone is ~40 ES module
 *  files to resolve and load. `arena leaderboard` on a one-battle file started in 173–213 ms with them in
 *  node_modules, 122–147 ms bundled (eight runs each, alternating, this 2-core machine). Neither is handed to another
 *  package (the AI SDK gets no zod schema, ml-kmeans plain arrays), so the copies in node_modules never meet these. */
const BUNDLED = ["zod", "ml-matrix"];
const common = {
  ...nodeBundleOptions(root),
  packages: undefined,
  plugins: [
    {
      name: "packages-external-but-bundled",
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          BUNDLED.some((name) => args.path === name || args.path.startsWith(`${name}/`))
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
};
fs.rmSync(out, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: {
    arena: path.join(root, "lib/cli/index.ts"),
    "board-worker": path.join(root, "lib/ratings/board-worker-main.ts"),
    "bootstrap-worker": path.join(root, "lib/ratings/bootstrap-worker-main.ts"),
    "read-worker": path.join(root, "lib/datasets/read-worker-main.ts"),
    "parquet-worker": path.join(root, "lib/export/parquet-worker-main.ts"),
  },
  outdir: out,
  outExtension: { ".js": ".mjs" },
  // dynamic imports stay lazy chunks: a bundle that hoisted them would load TensorFlow and sharp on every call
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
});
console.log(`arena CLI compiled to dist/cli in ${Math.round(performance.now() - started)} ms`);
