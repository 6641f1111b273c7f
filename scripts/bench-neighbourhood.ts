// npm run bench:neighbourhood: the held-out check of "which model for an image like mine?" (issue 43,
// lib/ratings/neighbourhood-check.ts). Generated battles whose models' strengths depend on the picture's kind, or
// do not, or are too few: each held-out battle predicted by the global board and by its neighbourhood's board.
// Prints JSON: accuracies, log-losses, the paired log-loss difference with its 95% interval, refusals, and time.
import { progressBar } from "../lib/cli/progress";
import { NEIGHBOURHOOD_DEFAULTS } from "../lib/ratings/neighbourhood";
import { generateScenario, heldOutCheck } from "../tests/support/ratings/neighbourhood-check";

const SCENARIOS = [
  { name: "strengths depend on the image", dependent: true, train: 8000, test: 1000 },
  { name: "strengths do not depend on the image", dependent: false, train: 8000, test: 1000 },
  { name: "too few votes (25 battles)", dependent: true, train: 25, test: 200 },
] as const;

const results = [];
for (const scenario of SCENARIOS) {
  const bar = progressBar(scenario.name);
  const started = performance.now();
  const data = generateScenario({ seed: 7, ...scenario });
  const check = heldOutCheck(data, {}, (done, total) => bar.update(done, total));
  bar.done();
  const seconds = (performance.now() - started) / 1000;
  results.push({
    scenario: scenario.name,
    train: scenario.train,
    ...check,
    msPerQuery: Number(((1000 * seconds) / check.heldOut).toFixed(2)),
  });
}
console.log(JSON.stringify({ settings: NEIGHBOURHOOD_DEFAULTS, results }, null, 2));
