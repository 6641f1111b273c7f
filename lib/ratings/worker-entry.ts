// Where a worker thread's entry file is: beside the module that starts it (lib/ratings, run through tsx), or one
// folder up when that module was compiled into a chunk of the ahead-of-time CLI (dist/cli/chunks; the entries are
// dist/cli/*.mjs, scripts/build-cli.mjs).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function workerEntry(moduleUrl: string, name: string): string {
  const here = path.dirname(fileURLToPath(moduleUrl));
  const beside = path.join(here, name);
  if (fs.existsSync(beside)) return beside;
  const above = path.join(here, "..", name);
  return fs.existsSync(above) ? above : beside;
}
