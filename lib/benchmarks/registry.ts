// Every ground-truth benchmark the arena imports and scores. Adding one is a file in ./definitions (see
// ./definition.ts for what it holds) and a line in BUILT_IN; importers, scoring, reports, the composite board's
// default weights, the CLI's help, the console's lists and the docs' table (npm run docs:config) all read this.
// docs/architecture.md has a worked example; tests/integration/benchmark-registry.test.ts registers a fifth one at
// run time to prove nothing else needs touching.
import type { BenchmarkDefinition } from "./definition";
import { emma } from "./definitions/emma";
import { isobench } from "./definitions/isobench";
import { mathvista } from "./definitions/mathvista";
import { BenchmarkDataError } from "./errors";

const BUILT_IN: readonly BenchmarkDefinition[] = [mathvista, emma, isobench];

/** A benchmark's name: what files, commands, item metadata and URLs use. */
export type BenchmarkName = string;

const registered = new Map<BenchmarkName, BenchmarkDefinition>(BUILT_IN.map((d) => [d.name, d]));

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * Adds a benchmark to this process's registry (a plugin, a test's fake); returns what takes it out again. A name
 * must be new and fit the composite weights' keys (lower case, digits, hyphens).
 */
export function registerBenchmark(definition: BenchmarkDefinition): () => void {
  if (!NAME.test(definition.name)) throw new Error(`benchmark name '${definition.name}': lower case, digits, hyphens`);
  if (registered.has(definition.name)) throw new Error(`benchmark '${definition.name}' is already registered`);
  registered.set(definition.name, definition);
  return () => {
    if (registered.get(definition.name) === definition) registered.delete(definition.name);
  };
}

/** Every benchmark's name, in the registry's order. */
export const benchmarkNames = (): BenchmarkName[] => [...registered.keys()];

/** The benchmarks that take toolkit predictions (VLMEvalKit, lmms-eval). */
export const predictionBenchmarkNames = (): BenchmarkName[] =>
  [...registered.values()].filter((d) => d.predictions).map((d) => d.name);

/** The benchmark of that name (an item's metadata.benchmark, a command's argument), or undefined. */
export const benchmarkNamed = (name: unknown): BenchmarkDefinition | undefined =>
  typeof name === "string" ? registered.get(name) : undefined;

/** The benchmark of that name; a BenchmarkDataError naming the known ones when there is none. */
export function benchmarkDefinition(name: string): BenchmarkDefinition {
  const definition = registered.get(name);
  if (!definition) throw new BenchmarkDataError(`no benchmark '${name}': ${benchmarkNames().join(", ")}`);
  return definition;
}

/** The name people read: the benchmark's title, or the name itself when it is not a registered benchmark. */
export const benchmarkTitle = (name: string): string => benchmarkNamed(name)?.title ?? name;

/** The composite board's weights when neither the console nor ARENA_COMPOSITE_WEIGHTS names any: the human votes
 *  at 1, each benchmark at its definition's weight (docs/statistics.md says why). */
export const defaultCompositeWeights = (): { human: number; benchmarks: Record<string, number> } => ({
  human: 1,
  benchmarks: Object.fromEntries([...registered.values()].map((d) => [d.name, d.compositeWeight])),
});

/** What the console offers: each benchmark's name and title, and whether it takes toolkit predictions. */
export interface BenchmarkChoice {
  name: BenchmarkName;
  title: string;
  predictions: boolean;
  /** the sets predictions go to when none is named */
  defaultSets: readonly string[];
}

export const benchmarkChoices = (): BenchmarkChoice[] =>
  [...registered.values()].map((d) => ({
    name: d.name,
    title: d.title,
    predictions: Boolean(d.predictions),
    defaultSets: d.predictions?.defaultSets ?? [],
  }));
