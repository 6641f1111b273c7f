// npm run bench:coverage [-- --write]: the coverage of every interval method (bootstrap, sandwich, each with and
// without arena-rank's reweighting) on boards simulated from known strengths, by votes per model and pair design
// (lib/ratings/coverage). Prints JSON; --write also stores the table the listing policy and its test read
// (tests/support/ratings/coverage-table.json).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { progressBar } from "../lib/cli/progress";
import { COVERAGE_SETTINGS, simulateCoverage } from "../tests/support/ratings/coverage";

const bar = progressBar("coverage");
const started = performance.now();
const cells = await simulateCoverage(COVERAGE_SETTINGS, (done, total) => bar.update(done, total));
bar.done();
const result = {
  settings: COVERAGE_SETTINGS,
  seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  cells,
};
if (process.argv.includes("--write")) {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "../tests/support/ratings/coverage-table.json");
  fs.writeFileSync(file, `${JSON.stringify({ settings: COVERAGE_SETTINGS, cells }, null, 1)}\n`);
}
console.log(JSON.stringify(result, null, 2));
