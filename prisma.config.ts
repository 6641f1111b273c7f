// Prisma CLI configuration. The CLI runs on its WebAssembly schema engine through the pg driver adapter, so it
// never downloads a native engine (from a host that machines with only the npm registry cannot reach, as our CI's;
// generate 1.9 s, migrate deploy 1.6 s this way). CLI-only workarounds live in prisma/cli-adapter.ts.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { cliAdapter } from "./prisma/cli-adapter";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: cliAdapter,
});
