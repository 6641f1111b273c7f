// Every ground-truth benchmark the arena imports and scores. Adding one is a file in ./definitions (see
// ./definition.ts for what it holds) and a line here; importers, scoring, reports, the CLI and the console read
// this. docs/architecture.md has a worked example.
import type { BenchmarkDefinition } from "./definition";
import { emma } from "./definitions/emma";
import { isobench } from "./definitions/isobench";
import { mathvista } from "./definitions/mathvista";

export const BENCHMARKS = { mathvista, emma, isobench } as const;

export type BenchmarkName = keyof typeof BENCHMARKS;
/** Benchmarks that take toolkit predictions (VLMEvalKit, lmms-eval). */
export type PredictionBenchmark = {
  [K in BenchmarkName]: (typeof BENCHMARKS)[K] extends { predictions: object } ? K : never;
}[BenchmarkName];

/** Every benchmark's name, in the registry's order (a non-empty tuple, as zod's enum wants). */
export const BENCHMARK_NAMES = Object.keys(BENCHMARKS) as [BenchmarkName, ...BenchmarkName[]];
export const PREDICTION_BENCHMARKS = BENCHMARK_NAMES.filter(
  (name) => (BENCHMARKS[name] as BenchmarkDefinition).predictions,
) as [PredictionBenchmark, ...PredictionBenchmark[]];

const isName = (name: unknown): name is BenchmarkName => typeof name === "string" && Object.hasOwn(BENCHMARKS, name);

/** The benchmark of that name (an item's metadata.benchmark, a command's argument), or undefined. */
export const benchmarkNamed = (name: unknown): BenchmarkDefinition | undefined =>
  isName(name) ? BENCHMARKS[name] : undefined;

/** The name people read: the benchmark's title, or the name itself when it is not a registered benchmark. */
export const benchmarkTitle = (name: string): string => benchmarkNamed(name)?.title ?? name;

/** What the console offers: each benchmark's name and title, and whether it takes toolkit predictions. */
export interface BenchmarkChoice {
  name: BenchmarkName;
  title: string;
  predictions: boolean;
}

export const benchmarkChoices = (): BenchmarkChoice[] =>
  BENCHMARK_NAMES.map((name) => {
    const definition: BenchmarkDefinition = BENCHMARKS[name];
    return { name, title: definition.title, predictions: Boolean(definition.predictions) };
  });
