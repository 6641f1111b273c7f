#!/usr/bin/env node
// Runs the Prisma CLI offline. Prisma 6.19 tries to download a native query engine when DATABASE_URL is unset,
// even for `generate`, which needs no database: give it a placeholder in that case (the download fails where only
// the npm registry is reachable, as on our CI machines).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const env = { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.DATABASE_URL ||= "postgresql://placeholder@127.0.0.1:1/placeholder";
const bin = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], { stdio: "inherit", env });
process.exit(result.status ?? 1);
