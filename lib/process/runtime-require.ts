// A require made at run time, out of the bundler's sight: Turbopack rewrites the require and require.resolve calls
// it can see into its own module ids (require.resolve then answers a number, not a path) and refuses ones it
// cannot resolve, while these packages must be found on disk (their .wasm and model files are read by path).
// Resolved from the app's folder, where node_modules is.
import path from "node:path";

export const runtimeRequire: NodeJS.Require = process
  .getBuiltinModule("node:module")
  .createRequire(path.join(process.cwd(), "package.json"));

/** The folder of an installed package's entry file. */
export const packageEntryDir = (name: string) => path.dirname(runtimeRequire.resolve(name));
