// npm run docs:config: writes the generated tables of the docs: the configuration table (from lib/config's schema)
// and the provider presets (from lib/providers/presets.ts) in docs/configuration.md, the queues (from
// lib/jobs/queues.ts) in docs/jobs.md, the benchmarks (from lib/benchmarks/registry.ts) in docs/benchmarks.md.
import fs from "node:fs";
import { withBenchmarkTable } from "../lib/benchmarks/docs";
import { withConfigTable } from "../lib/config/docs";
import { withQueueTable } from "../lib/jobs/docs";
import { withPresetTable } from "../lib/providers/preset-docs";

const pages: [string, (text: string) => string][] = [
  ["docs/configuration.md", (text) => withPresetTable(withConfigTable(text))],
  ["docs/jobs.md", withQueueTable],
  ["docs/benchmarks.md", withBenchmarkTable],
];
for (const [file, write] of pages) {
  const text = fs.readFileSync(file, "utf8");
  const next = write(text);
  fs.writeFileSync(file, next);
  console.log(next === text ? `${file}: generated tables already current` : `${file}: generated tables written`);
}
