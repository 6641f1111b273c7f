// How /benchmarks names toolkits and writes an accuracy (a benchmark's name is its registry title: benchmarkTitle).
export const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
export const SOURCES: Record<string, string> = { vlmevalkit: "VLMEvalKit", "lmms-eval": "lmms-eval" };
