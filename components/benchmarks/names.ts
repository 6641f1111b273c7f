// How /benchmarks names benchmarks and toolkits, and writes an accuracy.
export const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
export const NAMES: Record<string, string> = { mathvista: "MathVista", emma: "EMMA", isobench: "IsoBench" };
export const SOURCES: Record<string, string> = { vlmevalkit: "VLMEvalKit", "lmms-eval": "lmms-eval" };
