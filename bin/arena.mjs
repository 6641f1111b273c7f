#!/usr/bin/env node
// The `arena` command line. The library is TypeScript: register the tsx loader, then run it.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../lib/cli/arena.ts");
const code = await main(process.argv.slice(2));
// the database layer's exit hooks end the process with status 0 on their own: say the real status first
if (code !== 0) process.exit(code);
