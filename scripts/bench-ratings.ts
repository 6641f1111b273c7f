// npm run bench:ratings [-- SIZE ...]: synthetic battles with style metadata (60 models), written as JSONL, then
// timed: reading, plain fit, 100-round bootstrap, style-controlled fit and bootstrap, sandwich intervals, and the
// peak memory. Each size runs in its own process so peak memory is its own. Prints JSON.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { progressBar } from "../lib/cli/progress";
import { readBattles } from "../lib/datasets";
import { computeLeaderboard, selectRows } from "../lib/ratings";
import { writeSyntheticJsonl } from "../tests/support/ratings/synthetic";

const MODELS = 60;
const ROUNDS = 100;
const targets = { readSeconds: 15, plainBootstrapSeconds: 1, styleBootstrapSeconds: 25, peakMemoryMB: 2048 };

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await run();
  return [(performance.now() - start) / 1000, value];
}

async function measure(size: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-"));
  const file = path.join(dir, "battles.jsonl");
  try {
    await writeSyntheticJsonl(file, { models: MODELS, battles: size, seed: 42 });
    const bytes = fs.statSync(file).size;
    const [read, { table }] = await time(() => readBattles(file));
    const rows = selectRows(table, "overall", { anonymousOnly: false });
    const bar = progressBar("bootstrap");
    const onProgress = (d: number, t: number) => bar.update(d, t);
    const [plainFit] = await time(() => computeLeaderboard(table, rows, { ci: "none" }));
    const [plainBootstrap] = await time(() => computeLeaderboard(table, rows, { bootstrapRounds: ROUNDS, onProgress }));
    const [plainSandwich] = await time(() => computeLeaderboard(table, rows, { ci: "sandwich" }));
    const [styleFit] = await time(() => computeLeaderboard(table, rows, { ci: "none", styleControl: true }));
    const [styleBootstrap] = await time(() =>
      computeLeaderboard(table, rows, { bootstrapRounds: ROUNDS, styleControl: true, onProgress }),
    );
    const [styleSandwich] = await time(() => computeLeaderboard(table, rows, { ci: "sandwich", styleControl: true }));
    bar.done();
    const round = (s: number) => Number(s.toFixed(3));
    return {
      battles: size,
      models: MODELS,
      fileMB: Number((bytes / 2 ** 20).toFixed(1)),
      readSeconds: round(read),
      plainFitSeconds: round(plainFit),
      plainBootstrap100Seconds: round(plainBootstrap),
      plainSandwichSeconds: round(plainSandwich),
      styleFitSeconds: round(styleFit),
      styleBootstrap100Seconds: round(styleBootstrap),
      styleSandwichSeconds: round(styleSandwich),
      peakMemoryMB: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const sizeArg = process.argv.indexOf("--size");
if (sizeArg !== -1) {
  const result = await measure(Number(process.argv[sizeArg + 1]));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const results = [];
  for (const size of sizes.length ? sizes : [10_000, 100_000, 1_000_000]) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1] as string, "--size", String(size)],
      {
        stdio: ["ignore", "pipe", "inherit"],
        encoding: "utf8",
      },
    );
    if (child.status !== 0) throw new Error(`benchmark at ${size} battles failed`);
    results.push(JSON.parse(child.stdout));
  }
  console.log(
    JSON.stringify(
      {
        machine: { cpus: os.availableParallelism(), node: process.version },
        rounds: ROUNDS,
        targetsAt1M: targets,
        results,
      },
      null,
      2,
    ),
  );
}
