// Recomputes every board of the database at DATABASE_URL with the tree at argv[2] (no reuse, seed 0), the composite
// board over a fixed ground truth for the three benchmarks, and prints each board's digest (volatile fields out).
import crypto from "node:crypto";

const root = process.argv[2] as string;
const { createDb } = await import(`${root}/lib/db/context.ts`);
const { recomputeSnapshots } = await import(`${root}/lib/leaderboard/recompute.ts`);
const benchmarks = await import(`${root}/lib/benchmarks/index.ts`);
const db = createDb(process.env.DATABASE_URL);
const models = Array.from({ length: 12 }, (_, i) => `m${String(i + 1).padStart(2, "0")}`);
// a fixed ground truth: each benchmark ranks the models in its own order; pairs of every two models
const components = ["mathvista", "emma", "isobench"].map((benchmark, b) => {
  const pairs = [];
  for (let i = 0; i < models.length; i++)
    for (let j = i + 1; j < models.length; j++) {
      const better = (i * 7 + b * 3) % 5 > (j * 5 + b) % 5;
      pairs.push({
        model_a: models[i],
        model_b: models[j],
        winner: better ? "model_a" : (i + j + b) % 3 ? "model_b" : "tie",
      });
    }
  return { benchmark, set: `${benchmark}-fixed@1`, pairs };
});
const groundTruth = benchmarks.defaultCompositeWeights
  ? { components: async () => components, defaultWeights: benchmarks.defaultCompositeWeights }
  : async () => components;
const result = await recomputeSnapshots(db, { rounds: 20, seed: 0, reuse: false, groundTruth });
const { rows } = await db.pool.query(
  `SELECT source, category, "styleControl", params, payload, "voteCount" FROM "LeaderboardSnapshot"
    WHERE params->>'runId' = $1 ORDER BY source, category, "styleControl"`,
  [result.runId],
);
const VOLATILE = new Set([
  "runId",
  "computedAt",
  "createdAt",
  "seconds",
  "timings",
  "reusedFrom",
  "dataAt",
  "fragilityPending",
]);
const clean = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(clean)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !VOLATILE.has(k))
            .map(([k, x]) => [k, clean(x)]),
        )
      : v;
const out: Record<string, string> = {};
for (const r of rows) {
  const key = `${r.source}/${r.category}/${r.styleControl ? "style" : "plain"}`;
  out[key] = crypto
    .createHash("sha256")
    .update(JSON.stringify(clean({ params: r.params, payload: r.payload, votes: r.voteCount })))
    .digest("hex")
    .slice(0, 16);
}
console.log(
  JSON.stringify(
    {
      boards: rows.length,
      composite: result.composite?.map((c: { name: string; weight: number }) => [c.name, c.weight]),
      digests: out,
    },
    null,
    1,
  ),
);
process.exit(0);
