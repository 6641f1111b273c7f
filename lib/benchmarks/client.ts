// lib/benchmarks for the browser. The console's forms list the registry's benchmarks (benchmarkChoices), handed to
// them by their server page: the definitions carry the scorers (a computer-algebra engine, a chess library), which
// have no place in a bundle. What a client component needs from here is the shape, and types leave no code.
export type { BenchmarkChoice } from "./registry";
