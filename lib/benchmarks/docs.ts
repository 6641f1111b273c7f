// docs/benchmarks.md's table of the registered benchmarks, written from the registry (`npm run docs:config` puts it
// in place; tests/unit/docs.test.ts fails when the page and the registry part).
import { markdownTable, withGenerated } from "../config/docs";
import { benchmarkDefinition, benchmarkNames } from "./registry";

export const BENCHMARKS_START =
  "<!-- benchmarks:start (generated from lib/benchmarks/registry.ts by npm run docs:config) -->";
export const BENCHMARKS_END = "<!-- benchmarks:end -->";

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");

export function benchmarkTable(): string {
  const rows = benchmarkNames().map((name) => {
    const d = benchmarkDefinition(name);
    return [
      `\`${name}\``,
      d.title,
      oneLine(d.help.files),
      d.predictions
        ? `${d.predictions.defaultSets.map((s) => `\`${s}\``).join(", ")}; ${d.predictions.fileExtractionCounts ? "the file's extraction counts" : "the response is read"}`
        : "no",
      d.judge ? "yes" : "no",
      d.representations ? `yes (techniques: ${d.representations.techniques.join(", ")})` : "no",
      String(d.compositeWeight),
      d.relatedCategories.join(", "),
      `[${d.hubDataset}](https://huggingface.co/datasets/${d.hubDataset})`,
      oneLine(d.licence),
    ];
  });
  const header = [
    "name",
    "title",
    "import takes",
    "toolkit predictions",
    "judge step",
    "representations",
    "composite weight",
    "beside the boards",
    "dataset",
    "licence",
  ];
  return [BENCHMARKS_START, markdownTable(header, rows), BENCHMARKS_END].join("\n");
}

/** docs/benchmarks.md with its table replaced by the registry's. */
export const withBenchmarkTable = (page: string) =>
  withGenerated(page, [BENCHMARKS_START, BENCHMARKS_END], benchmarkTable(), "benchmark table");
