#!/usr/bin/env node
// The `arena` command line. The library is TypeScript: register the tsx loader, then run it.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../lib/cli/arena.ts");
process.exitCode = await main(process.argv.slice(2));
