// The esbuild options the ahead-of-time builds share (the `arena` command, the front door's direct routes): an ES
// module for Node 20 with packages left in node_modules.
import path from "node:path";

/** @param {string} root the project folder */
export function nodeBundleOptions(root) {
  return {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
    // CommonJS packages imported by name still need a require in an ES module
    banner: {
      js: "import { createRequire as __arenaRequire } from 'node:module'; const require = __arenaRequire(import.meta.url);",
    },
    tsconfig: path.join(root, "tsconfig.json"),
  };
}
