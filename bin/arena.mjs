#!/usr/bin/env node
// The `arena` command line. It runs the ahead-of-time build (dist/cli, scripts/build-cli.mjs) when that is newer
// than every file under lib/, so no TypeScript is compiled per call; otherwise (an edited checkout, no build yet)
// it registers the tsx loader and runs the TypeScript itself. ARENA_CLI_TSX=1 forces the latter.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const compiled = path.join(root, "dist", "cli", "arena.mjs");

/** Whether some file under `dir` was changed after `time` (milliseconds). */
function changedSince(dir, time) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() ? changedSince(full, time) : fs.statSync(full).mtimeMs > time) return true;
  }
  return false;
}

function fresh() {
  if (process.env.ARENA_CLI_TSX === "1") return false;
  try {
    return !changedSince(path.join(root, "lib"), fs.statSync(compiled).mtimeMs);
  } catch {
    return false;
  }
}

let main;
if (fresh()) {
  ({ main } = await import(pathToFileURL(compiled).href));
} else {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("../lib/cli/index.ts"));
}
const code = await main(process.argv.slice(2));
// the database layer's exit hooks end the process with status 0 on their own: say the real status first
if (code !== 0) process.exit(code);
