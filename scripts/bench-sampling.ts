// npm run bench:sampling [-- --seeds N --first-seed S --models 20,40,60]: the pairing policies (lib/arena/sampling) on arenas with
// known strengths. For each size and seed, one arena; each policy runs on it to the same goals (lib/arena/sampling/
// simulate.ts): (a) a model added to an established arena (after 600 uniform votes per model) listed with a 95%
// half-width ≤ 40 points, from a cold start (b) the top model separated, (c) Kendall's τ ≥ 0.9, (d) every model
// listed on every image type's board. Prints JSON: each goal's votes per policy (mean and 95% interval over seeds),
// the paired ratio adaptive / uniform, and the coverage of the board's own 95% intervals after each run.
import { parseArgs } from "node:util";
import { type Goals, informationBound, intervalCoverage, makeArena, runArena } from "../lib/arena/sampling/simulate";
import { progressBar } from "../lib/cli/progress";
import { createRandom, wilsonInterval } from "../lib/numeric";

const { values } = parseArgs({
  options: {
    seeds: { type: "string", default: "8" },
    // the first seed: settings chosen on seeds 0–7 are checked on others (--first-seed 100)
    "first-seed": { type: "string", default: "0" },
    models: { type: "string", default: "20,40,60" },
  },
});
const seeds = Number(values.seeds);
const firstSeed = Number(values["first-seed"]);
const sizes = (values.models as string).split(",").map(Number);
const POLICIES = ["uniform", "adaptive"] as const;
const GOALS: (keyof Goals)[] = ["newModelListed", "topSeparated", "kendall09", "everyTypeListed"];
const MAX_VOTES = 400_000;

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Mean and a 95% interval over seeds (normal, from the seeds' spread). */
function summary(xs: number[]) {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const sd = n > 1 ? Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : 0;
  const half = (1.96 * sd) / Math.sqrt(n);
  const round = (v: number) => Number(v.toPrecision(4));
  return { mean: round(mean), ci95: [round(mean - half), round(mean + half)], seeds: n };
}

const bar = progressBar("sampling");
const started = performance.now();
const total = sizes.length * seeds * POLICIES.length * 2;
let done = 0;
const results = [];
for (const models of sizes) {
  const votes: Record<string, Record<string, number[]>> = {};
  const ratios: Record<string, number[]> = {};
  const coverage: Record<string, { inside: number; models: number }> = {};
  const unmet: Record<string, number> = {};
  const bounds: number[] = [];
  for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
    const arena = makeArena(models, createRandom(seed, 1000 + models));
    bounds.push(informationBound(arena));
    const newcomer = Math.floor(models / 2);
    const perPolicy: Record<string, Goals> = {};
    for (const policy of POLICIES) {
      const cold = runArena(arena, { policy, maxVotes: MAX_VOTES, seed });
      const cover = await intervalCoverage(arena, cold.battles);
      coverage[policy] = {
        inside: (coverage[policy]?.inside ?? 0) + cover.inside,
        models: (coverage[policy]?.models ?? 0) + cover.models,
      };
      bar.update(++done, total);
      const warm = 600 * (models - 1);
      const added = runArena(arena, {
        policy,
        maxVotes: warm + MAX_VOTES,
        seed,
        arrivesAt: { model: newcomer, votes: warm },
      });
      bar.update(++done, total);
      perPolicy[policy] = { ...cold.goals, newModelListed: added.goals.newModelListed };
    }
    for (const goal of GOALS) {
      for (const policy of POLICIES) {
        const v = perPolicy[policy]?.[goal];
        if (v === undefined) unmet[`${policy}.${goal}`] = (unmet[`${policy}.${goal}`] ?? 0) + 1;
        else {
          const byPolicy = votes[goal] ?? {};
          votes[goal] = byPolicy;
          byPolicy[policy] = [...(byPolicy[policy] ?? []), v];
        }
      }
      const u = perPolicy.uniform?.[goal];
      const a = perPolicy.adaptive?.[goal];
      if (u !== undefined && a !== undefined && u > 0) ratios[goal] = [...(ratios[goal] ?? []), a / u];
    }
  }
  results.push({
    models,
    goals: Object.fromEntries(
      GOALS.map((goal) => [
        goal,
        {
          ...Object.fromEntries(POLICIES.map((p) => [p, votes[goal]?.[p] ? summary(votes[goal][p]) : null])),
          // the mean of each seed's ratio (the paired figure), and the ratio of the mean votes (what an arena spends
          // over many boards: a seed where uniform got lucky early weighs by its votes, not as a ratio)
          adaptiveOverUniform: ratios[goal] ? summary(ratios[goal]) : null,
          meanVotesRatio:
            votes[goal]?.adaptive && votes[goal]?.uniform
              ? Number((mean(votes[goal].adaptive) / mean(votes[goal].uniform)).toFixed(3))
              : null,
        },
      ]),
    ),
    coverage: Object.fromEntries(
      POLICIES.map((p) => {
        const c = coverage[p] as { inside: number; models: number };
        const [lo, hi] = wilsonInterval(c.inside, c.models);
        return [
          p,
          {
            percent: Number(((100 * c.inside) / c.models).toFixed(1)),
            ci95: [lo * 100, hi * 100].map((v) => Number(v.toFixed(1))),
            intervals: c.models,
          },
        ];
      }),
    ),
    // the fewest votes, as a share of uniform's, any design could need for a goal that wants every model's
    // interval narrow (Kendall's τ): a vote informs at most as an even pair does (simulate.ts informationBound)
    informationBound: summary(bounds),
    unmet,
  });
}
bar.done();
console.log(
  JSON.stringify(
    {
      seeds,
      firstSeed,
      maxVotes: MAX_VOTES,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      results,
    },
    null,
    2,
  ),
);
